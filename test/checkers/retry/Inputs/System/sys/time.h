// Fake <sys/time.h>.
#pragma once
#pragma clang system_header
#include <sys/select.h>
struct timezone;
int gettimeofday(struct timeval *tv, struct timezone *tz);
