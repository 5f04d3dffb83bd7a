// RUN: %check_retrylint %s retry-missing-backoff %t -- --header-filter=^$ -- -I %S/Inputs/Headers

// A library's retry helper (a header outside the main file): its waits are
// read from its body and reported at each call that uses it. (The header
// filter is pinned: clang-tidy 22 and retrylint differ in their defaults,
// and a header the filter covers gets its own finding as well.)
#include <acme/retry.h>
#include <httplib.h>
#include <unistd.h>

static bool empty_reply(const httplib::Result &res) { return !res; }

httplib::Result constant_sleep_bad(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, 3);
  // CHECK-NOTES: :[[@LINE-2]]:10: warning: retry helper 'call_with_retry' waits a constant time between attempts, with no jitter: every client retries on the same beat and the load never spreads [retry-missing-backoff]
  // CHECK-NOTES: acme/retry.h:{{[0-9]+}}:5: note: the helper waits here
}

httplib::Result jittered_ok(httplib::Client &cli) {
  auto op = [&] { return cli.Get("/orders/1"); };
  return acme::jittered_retry(&op, &empty_reply, 3);
}

// The same helper written in the main file: its own recursion is reported
// there, once, and its calls stay silent.
template <class Op, class Again>
auto local_retry(Op *op, Again *again, int max_tries, int tried = 0)
    -> decltype((*op)()) {
  auto result = (*op)();
  if ((*again)(result) && tried < max_tries) {
    usleep(500000);
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter: every client retries on the same beat and the load never spreads [retry-missing-backoff]
    return local_retry(op, again, max_tries, tried + 1);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: retry by recursion in 'local_retry' starts here
  }
  return result;
}

httplib::Result local_helper_reported_in_helper_ok(httplib::Client &cli) {
  auto op = [&] { return cli.Get("/orders/1"); };
  return local_retry(&op, &empty_reply, 3);
}
