// RUN: %check_retrylint %s retry-missing-backoff %t
//
// An integer result tested for its truth (`if (rc)`) says nothing of which
// value is the success: C++ reads it as C does (docs/rules.md, outcomes
// that travel). Only a comparison (`rc == 0`, `rc < 0`), a bool, a
// pointer or an object's truth tells the outcome. A loop that returns a
// non-zero result as it is (`if (cmp) return cmp;`) hands every error on
// and goes round after each zero: a walk (a comparison of two decoders
// element by element), not a retry.

struct decoder;
int compare_next(decoder &a, decoder &b); // another file
int send_req(int fd);                     // another file; 0 on success
bool open_conn(int fd);                   // another file

int compare_walk_ok(decoder &a, decoder &b, unsigned n) {
  int cmp = 0;
  for (unsigned i = 0; i < n; ++i) {
    cmp = compare_next(a, b);
    if (cmp)
      return cmp;
  }
  return 0;
}

int propagate_ok(int fd) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int rc = send_req(fd);
    if (rc)
      return rc;
  }
  return 0;
}

int compared_bad(int fd) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    int rc = send_req(fd);
    if (rc == 0)
      return 0;
  }
  return -1;
}

int until_zero_bad(int fd) {
  int rc, attempt = 0;
  do {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    rc = send_req(fd);
  } while (rc != 0 && ++attempt < 3);
  return rc;
}

bool bool_result_bad(int fd) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    bool ok = open_conn(fd);
    if (ok)
      return true;
  }
  return false;
}
