// Fake <stdio.h>/<stdlib.h> for C checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
int snprintf(char *buf, unsigned long n, const char *fmt, ...);
int rand(void);
