// GoogleTest assertions over a LedgerReading (retryprobe/fixture.h).
// Header-only: include it after <gtest/gtest.h> and link GTest yourself.
//
//   retryprobe::TestService svc("key-atomic", {"post_commit_drop@1"});
//   client.charge(svc.url(), "ord-1", 100);
//   EXPECT_EXACTLY_ONCE(svc.reading({"ord-1"}));
//
// A failure prints the whole reading, one line per intent:
//   Expected exactly-once delivery, read 2/2/1/1/0
//   (requests/committed/distinct/duplicates/lost) duplicates
//     intent ord-1: 2 request(s), 2 charged
#pragma once

#include "retryprobe/fixture.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

namespace retryprobe {

// gtest prints a reading in messages and parameterized test names this way.
inline void PrintTo(const LedgerReading &r, std::ostream *os) {
  *os << r.summary();
}

namespace testing_detail {

inline ::testing::AssertionResult verdict(bool ok, const char *expr,
                                          const std::string &expected,
                                          const LedgerReading &r) {
  if (ok)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "Expected " << expected << " in "
                                       << expr << ", read " << r.describe();
}

inline ::testing::AssertionResult exactly_once(const char *expr,
                                               const LedgerReading &r) {
  return verdict(r.exactly_once() && r.lost_measured, expr,
                 r.lost_measured ? "exactly-once delivery"
                                 : "exactly-once delivery (pass the intents to "
                                   "reading() so lost can be measured)",
                 r);
}

inline ::testing::AssertionResult no_duplicates(const char *expr,
                                                const LedgerReading &r) {
  return verdict(r.duplicates == 0, expr, "no duplicate charge", r);
}

inline ::testing::AssertionResult duplicates(const char *expr,
                                             const char *n_expr,
                                             const LedgerReading &r, int n) {
  return verdict(r.duplicates == n, expr,
                 std::to_string(n) + " duplicate charge(s) (" + n_expr + ")",
                 r);
}

inline ::testing::AssertionResult none_lost(const char *expr,
                                            const LedgerReading &r) {
  return verdict(r.lost == 0 && r.lost_measured, expr,
                 r.lost_measured ? "no lost intent"
                                 : "no lost intent (pass the intents to "
                                   "reading() so lost can be measured)",
                 r);
}

inline ::testing::AssertionResult lost(const char *expr, const char *n_expr,
                                       const LedgerReading &r, int n) {
  return verdict(r.lost == n && r.lost_measured, expr,
                 std::to_string(n) + " lost intent(s) (" + n_expr + ")", r);
}

inline ::testing::AssertionResult requests(const char *expr, const char *n_expr,
                                           const LedgerReading &r, int n) {
  return verdict(r.requests == n, expr,
                 std::to_string(n) + " request(s) (" + n_expr + ")", r);
}

} // namespace testing_detail
} // namespace retryprobe

// Every intent given to reading() charged exactly once: no duplicate,
// none lost.
#define EXPECT_EXACTLY_ONCE(reading)                                           \
  EXPECT_PRED_FORMAT1(::retryprobe::testing_detail::exactly_once, reading)
#define ASSERT_EXACTLY_ONCE(reading)                                           \
  ASSERT_PRED_FORMAT1(::retryprobe::testing_detail::exactly_once, reading)
// No intent charged more than once (lost not considered).
#define EXPECT_NO_DUPLICATES(reading)                                          \
  EXPECT_PRED_FORMAT1(::retryprobe::testing_detail::no_duplicates, reading)
#define ASSERT_NO_DUPLICATES(reading)                                          \
  ASSERT_PRED_FORMAT1(::retryprobe::testing_detail::no_duplicates, reading)
// Exactly n extra charges: the bug a test reproduces on purpose.
#define EXPECT_DUPLICATES(reading, n)                                          \
  EXPECT_PRED_FORMAT2(::retryprobe::testing_detail::duplicates, reading, n)
#define ASSERT_DUPLICATES(reading, n)                                          \
  ASSERT_PRED_FORMAT2(::retryprobe::testing_detail::duplicates, reading, n)
// Every intent given to reading() charged at least once.
#define EXPECT_NONE_LOST(reading)                                              \
  EXPECT_PRED_FORMAT1(::retryprobe::testing_detail::none_lost, reading)
#define EXPECT_LOST(reading, n)                                                \
  EXPECT_PRED_FORMAT2(::retryprobe::testing_detail::lost, reading, n)
// The service received exactly n POSTs.
#define EXPECT_REQUESTS(reading, n)                                            \
  EXPECT_PRED_FORMAT2(::retryprobe::testing_detail::requests, reading, n)
