// Fake <unistd.h> for checker tests.
#pragma once
extern "C" unsigned sleep(unsigned seconds);
extern "C" int usleep(unsigned usec);
