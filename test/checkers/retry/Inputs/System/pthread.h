// Fake <pthread.h>: an OS primitive, local to the process.
#pragma once
#pragma clang system_header
typedef struct { int lock; } pthread_mutex_t;
int pthread_mutex_trylock(pthread_mutex_t *m); /* 0 when taken */
