// RUN: %check_retrylint %s retry-nested-layers %t -- -- -I %S/Inputs/Headers
//
// A retry helper held in a named lambda and called with the operation: the
// helper's own loop is the one layer of that call. Calling the named lambda
// does not hand it to itself as a callable.

#include <functional>
#include <stdexcept>
#include <string>

struct Session {
  void commit(); // a remote call, defined elsewhere
  void update(const std::string &doc);
};

void named_lambda_helper_one_layer_ok(Session &s) {
  using body = std::function<void(Session &)>;
  auto run_with_retry = [](body txn, Session &session) {
    while (true) {
      try {
        txn(session);
        break;
      } catch (const std::runtime_error &) {
        continue;
      }
    }
  };
  run_with_retry(
      [](Session &session) {
        session.update("{\"salary\": 100}");
        session.commit();
      },
      s);
}

// The same helper around an operation that retries by itself: two layers.
static void commit_retrying(Session &s) {
  for (int i = 0; i < 3; ++i) {
    try {
      s.commit();
      return;
    } catch (const std::runtime_error &) {
    }
  }
}

void named_lambda_helper_around_retry_bad(Session &s) {
  using body = std::function<void(Session &)>;
  auto run_with_retry = [](body txn, Session &session) {
    while (true) {
      try {
        txn(session);
        break;
      } catch (const std::runtime_error &) {
        continue;
      }
    }
  };
  run_with_retry([](Session &session) { commit_retrying(session); }, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry helper 'operator()' (unbounded) calls 'commit_retrying' which retries (3 attempts): unbounded requests per call
}
