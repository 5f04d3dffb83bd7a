// RUN: %check_retrylint %s retry-missing-budget %t -- -- -I %S/Inputs/Headers

// Where the call that recurses can sit: the model reads a function as a
// retry by recursion only if its body calls it again, and the unit's walk
// tells which bodies cannot (no call in them names the function). These
// are the places that walk must not miss.

#include <chrono>
#include <httplib.h>
#include <thread>

void pause_before_retry() {
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

// The recursive call is made from a lambda in the body.
bool recurse_from_lambda_bad(httplib::Client &cli) {
  if (cli.Get("/orders/1"))
    return true;
  pause_before_retry();
  auto again = [&] { return recurse_from_lambda_bad(cli); };
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: retry by recursion in 'recurse_from_lambda_bad' has no attempt cap and no deadline
  // CHECK-NOTES: :[[@LINE-5]]:7: note: retried operation
  return again();
}

// A function template whose call to itself stays unresolved in the
// template (an argument depends on the template parameter).
template <class Tag> bool recurse_in_template_bad(httplib::Client &cli, Tag t) {
  if (cli.Get("/orders/1"))
    return true;
  pause_before_retry();
  return recurse_in_template_bad(cli, t);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry by recursion in 'recurse_in_template_bad' has no attempt cap and no deadline
  // CHECK-NOTES: :[[@LINE-5]]:7: note: retried operation
}

bool use_template(httplib::Client &cli) {
  return recurse_in_template_bad(cli, 1);
}

// The same name, another function: an overload that calls its sibling is
// no recursion.
bool fetch_twice_ok(httplib::Client &cli, int) {
  return static_cast<bool>(cli.Get("/orders/1"));
}
bool fetch_twice_ok(httplib::Client &cli) {
  if (cli.Get("/orders/1"))
    return true;
  pause_before_retry();
  return fetch_twice_ok(cli, 1);
}
