#include "retryprobe/classify.h"
#include "retryprobe/reconcile.h"

#include <gtest/gtest.h>

using namespace retryprobe;

namespace {
LedgerEntry row(const std::string &intent) { return {intent, 1000, "r", ""}; }
} // namespace

TEST(Reconcile, EmptyLedgerLosesEveryIntent) {
  Reconciliation r = reconcile({}, {"a", "b", "c"}, 3);
  EXPECT_EQ(r.requests, 3);
  EXPECT_EQ(r.committed, 0);
  EXPECT_EQ(r.distinct_intents, 0);
  EXPECT_EQ(r.duplicates, 0);
  EXPECT_EQ(r.lost, 3);
}

TEST(Reconcile, DuplicatesAreSumOfExtraRows) {
  Reconciliation r =
      reconcile({row("a"), row("a"), row("a"), row("b"), row("c"), row("c")},
                {"a", "b", "c"}, 9);
  EXPECT_EQ(r.committed, 6);
  EXPECT_EQ(r.distinct_intents, 3);
  EXPECT_EQ(r.duplicates, 3); // (3-1) + 0 + (2-1)
  EXPECT_EQ(r.lost, 0);
  EXPECT_EQ(to_string(r), "9/6/3/3/0");
}

TEST(Reconcile, LostCountsOnlyExpectedIntentsWithoutRows) {
  Reconciliation r = reconcile({row("a"), row("x")}, {"a", "b", "b"}, 2);
  EXPECT_EQ(r.committed, 2);
  EXPECT_EQ(r.distinct_intents, 2); // an unexpected row is still a charge
  EXPECT_EQ(r.lost, 1);             // "b" listed twice is one intent
}

TEST(Reconcile, EqualityAndMatching) {
  Reconciliation a = reconcile({row("a")}, {"a"}, 1);
  Reconciliation b = a;
  EXPECT_EQ(a, b);
  b.requests = 2;
  EXPECT_NE(a, b);
  EXPECT_FALSE(claim_matches(a, b, false));
  EXPECT_TRUE(claim_matches(a, b, true));  // 2 >= 1
  EXPECT_FALSE(claim_matches(b, a, true)); // 1 < 2
  b = a;
  b.lost = 1;
  EXPECT_FALSE(claim_matches(a, b, true)); // only requests is a bound
}
