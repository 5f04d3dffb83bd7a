// Fake <sys/stat.h>: a file primitive, local.
#pragma once
#pragma clang system_header
int mkdir(const char *path, unsigned mode); /* -1 on failure */
