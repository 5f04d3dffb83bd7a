// RUN: %check_retrylint %s retry-missing-budget %t -- --header-filter=^$ -- -I %S/Inputs/Headers

// A library's retry helper (a header outside the main file) that retries by
// recursion behind forwarding overloads: its cap is the parameter
// `max_tries`, unbounded by default, and the call decides it.
#include <acme/retry.h>
#include <httplib.h>

static bool empty_reply(const httplib::Result &res) { return !res; }

httplib::Result default_cap_bad(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply);
  // CHECK-NOTES: :[[@LINE-2]]:10: warning: retry helper 'call_with_retry' has no attempt cap and no deadline: during an outage it re-sends the request until the process is stopped [retry-missing-budget]
  // CHECK-NOTES: :[[@LINE-3]]:45: note: retried operation
}

httplib::Result explicit_infinity_bad(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, __builtin_inf());
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: retry helper 'call_with_retry' has no attempt cap and no deadline: during an outage it re-sends the request until the process is stopped [retry-missing-budget]
  // CHECK-NOTES: :[[@LINE-3]]:45: note: retried operation
}

// tried < 20 from 0: one attempt and 20 more.
httplib::Result many_attempts_bad(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, 20);
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: retry helper 'call_with_retry' makes up to 21 attempts, more than 10: one failing call becomes 21 requests to a dependency that is already struggling [retry-missing-budget]
  // CHECK-NOTES: :[[@LINE-3]]:10: note: retry helper 'call_with_retry' starts here
}

// tried < 3 from 0: 4 attempts.
httplib::Result small_cap_ok(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, 3);
}

// Started past the cap: tried = 25 against 30 is 6 attempts. The starting
// count is no budget by itself.
httplib::Result started_late_ok(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, 30, 25);
}

// A cap the call computes: unknown, silent.
httplib::Result variable_cap_ok(httplib::Client &cli, int budget) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, budget);
}
