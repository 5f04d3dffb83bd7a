// A library's retry helpers, in a header: the checks read their bodies but
// report at the calls in the main file.
#pragma once
#include <cstdio> // rand (in these fake headers)
#include <unistd.h>

#define ACME_FOREVER __builtin_inf()

namespace acme {

// Recursion behind forwarding overloads: the by-value overload hands the
// callables on by address; the pointer overload calls the operation, asks
// the caller's predicate, and recurses after a constant sleep while
// tried < max_tries (no limit by default).
template <class Op, class Again>
auto call_with_retry(Op op, Again again, double max_tries = ACME_FOREVER,
                     int tried = 0) -> decltype(op());
template <class Op, class Again>
auto call_with_retry(Op *op, Again *again, double max_tries = ACME_FOREVER,
                     int tried = 0) -> decltype((*op)());

template <class Op, class Again>
auto call_with_retry(Op op, Again again, double max_tries, int tried)
    -> decltype(op()) {
  return call_with_retry(&op, &again, max_tries, tried);
}

template <class Op, class Again>
auto call_with_retry(Op *op, Again *again, double max_tries, int tried)
    -> decltype((*op)()) {
  auto result = (*op)();
  if ((*again)(result) && tried < max_tries) {
    usleep(500000);
    return call_with_retry(op, again, max_tries, tried + 1);
  }
  return result;
}

// The same recursion with a jittered wait.
template <class Op, class Again>
auto jittered_retry(Op *op, Again *again, int max_tries, int tried = 0)
    -> decltype((*op)()) {
  auto result = (*op)();
  if ((*again)(result) && tried < max_tries) {
    usleep(100000 + rand() % 100000);
    return jittered_retry(op, again, max_tries, tried + 1);
  }
  return result;
}

} // namespace acme
