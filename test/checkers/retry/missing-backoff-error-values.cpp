// RUN: %check_retrylint -std=c++17 %s retry-missing-backoff %t
//
// What a value is named for says which of its values is the failure: a
// pointer named for an error (`const char *err = add_pattern(...)`) holds
// the message of a failure and is null when none. And a counter the loop
// also sets from what a call returns (`verbose = atoi(optarg)`) holds a
// value it was given: it counts no attempts, so it is no retry evidence.

#define EOF (-1)
struct Args {
  int getopt_long(const char *opts);
  const char *a0();
};
const char *add_pattern(int opt, const char *arg); // another file
const char *upload_part(const char *path);         // another file
int atoi(const char *s);
void eprintf(const char *fmt, ...);
extern const char *optarg;

/* lftp's mirror command, reduced: options are parsed, not retried. */
int parse_options_ok(Args *args) {
  int opt, verbose = 0;
  while ((opt = args->getopt_long("vx:")) != EOF) {
    switch (opt) {
    case 'v':
      if (optarg)
        verbose = atoi(optarg);
      else
        verbose++;
      if (verbose > 1)
        eprintf("verbose\n");
      break;
    case 'x': {
      const char *err = add_pattern(opt, optarg);
      if (err) {
        eprintf("%s: %s\n", args->a0(), err);
        return -1;
      }
      break;
    }
    }
  }
  return verbose;
}

/* An upload tried again while it reports an error. */
const char *upload_bad(const char *path) {
  const char *err;
  for (int tries = 0;; tries++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    err = upload_part(path);
    if (!err)
      break;
    if (tries >= 3)
      return err;
  }
  return nullptr;
}

/* The same, with the message named `error_text`. */
const char *upload_again_bad(const char *path) {
  int attempt = 0;
  while (true) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    const char *error_text = upload_part(path);
    if (error_text == nullptr)
      return nullptr;
    if (++attempt == 3)
      return error_text;
  }
}
