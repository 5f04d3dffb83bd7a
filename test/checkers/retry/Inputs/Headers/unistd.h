// Fake <unistd.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
extern "C" unsigned sleep(unsigned seconds);
extern "C" int usleep(unsigned usec);
