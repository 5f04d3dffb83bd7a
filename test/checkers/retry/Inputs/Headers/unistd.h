// Fake <unistd.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#ifdef __cplusplus
extern "C" {
#endif
unsigned sleep(unsigned seconds);
int usleep(unsigned usec);
#ifdef __cplusplus
}
#endif
