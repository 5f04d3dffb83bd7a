// RUN: %check_retrylint %s retry-nested-layers %t -- -- -I %S/Inputs/Headers

// Cycles among retry layers end: each layer is counted once on a chain,
// and the walk is bounded however the layers nest (a 5,000-line C client
// library with loop and goto retries over the same calls crashed the check
// with unbounded recursion). A 500-deep call chain is generated in
// nested-layers-deep-chain.test.

#include <httplib.h>

// --- loop and goto layers over the same call in one function ---------------

// The goto restarts the loop, whose counter it does not reset: three
// attempts in all, one layer.
bool overlapping_loop_goto_ok(httplib::Client &cli) {
  int tries = 0;
again:
  while (tries < 3) {
    auto res = cli.Get("/status");
    if (res && res->status == 200)
      return true;
    ++tries;
    goto again;
  }
  return false;
}

// --- mutually recursive retrying functions ----------------------------------

bool relay_a(httplib::Client &cli, int hops);

bool relay_b(httplib::Client &cli, int hops) {
  if (hops <= 0)
    return static_cast<bool>(cli.Get("/status"));
  return relay_a(cli, hops - 1);
}

// Its loop reaches itself through relay_b: the cycle adds no layer.
bool relay_a(httplib::Client &cli, int hops) {
  for (int i = 0; i < 3; ++i)
    if (relay_b(cli, hops))
      return true;
  return false;
}

void mutual_recursion_bad(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i)
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls
    // 'relay_a' which retries (3 attempts): up to 9 requests per call
    // [retry-nested-layers]
    if (relay_a(cli, 2))
      return;
}

// --- a retry cycle across three functions -----------------------------------

bool ring_two(httplib::Client &cli, int hops);
bool ring_three(httplib::Client &cli, int hops);

// Each of the three retries the next one three times: whichever is called
// first, 27 requests. The cycle is reported once, at its first layer.
bool ring_one(httplib::Client &cli, int hops) {
  if (hops <= 0)
    return static_cast<bool>(cli.Get("/status"));
  for (int i = 0; i < 3; ++i)
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls
    // 'ring_two' which retries (3 attempts) which calls 'ring_three' which
    // retries (3 attempts): up to 27 requests per call [retry-nested-layers]
    if (ring_two(cli, hops - 1))
      return true;
  return false;
}

bool ring_two(httplib::Client &cli, int hops) {
  for (int i = 0; i < 3; ++i)
    if (ring_three(cli, hops))
      return true;
  return false;
}

bool ring_three(httplib::Client &cli, int hops) {
  for (int i = 0; i < 3; ++i)
    if (ring_one(cli, hops))
      return true;
  return false;
}
