// Fake <stdio.h>/<stdlib.h> for C checker tests.
#pragma once
int snprintf(char *buf, unsigned long n, const char *fmt, ...);
int rand(void);
