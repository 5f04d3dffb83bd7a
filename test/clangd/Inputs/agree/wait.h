// Backoff helpers defined in a header, as C projects write them: clangd
// parses this file into its preamble, where it skips function bodies.
#include <stdio.h>
#include <unistd.h>

static inline void fixed_step_wait(int attempt) {
  usleep(1000u << attempt);
}

static inline void jittered_wait(int attempt) {
  usleep((1000u << attempt) + (unsigned)(rand() % 1000));
}

static int failures;
static inline void note_failure(void) { failures++; }
