// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// A failure branch that both gives up and goes back, in C++ (docs/rules.md,
// the failure branch may both give up and go back): a handler that goes
// round while tries are left and rethrows after (`catch (...) { if (left--
// > 0) continue; throw; }`), and a bool result whose failure branch gives
// up at the cap. A handler that always rethrows is no way back.

#include <stdexcept>
#include <string>

struct Conn {
  std::string call(const std::string &req); // another file; throws on failure
  bool ping();                              // another file
};
void sleep_ms(int ms);

std::string call_catch_bad(Conn &c, const std::string &req) {
  int left = 3;
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    try {
      return c.call(req);
    } catch (const std::runtime_error &) {
      if (left-- > 0)
        continue;
      throw;
    }
  }
}

std::string call_catch_wait_bad(Conn &c, const std::string &req) {
  for (int attempt = 1;; ++attempt) {
    try {
      return c.call(req);
    } catch (...) {
      if (attempt >= 4)
        throw;
      sleep_ms(200);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
  }
}

bool ping_until_bad(Conn &c, int max_attempts) {
  int attempts = 0;
  while (true) {
    if (c.ping()) {
      return true;
    } else {
      if (++attempts >= max_attempts)
        return false;
      sleep_ms(100);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
  }
}

// Near-miss: the handler always rethrows; each request is sent once.
std::string call_once_ok(Conn &c, const std::string &req, int &retries) {
  for (;;) {
    try {
      return c.call(req);
    } catch (...) {
      ++retries;
      throw;
    }
  }
}
