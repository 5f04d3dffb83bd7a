// The storefront's charge client (src/charges.cpp) under test against a
// payments service whose reply to the first attempt of every charge is lost
// after the charge committed: retryprobe's TestService, from the installed
// retryprobe package. Each test reads the service's ledger for the intents
// it meant to charge, so what it asserts is what a customer was billed.
#include "charges.h"

#include <retryprobe/gtest.h>

#include <gtest/gtest.h>
#include <httplib.h>

namespace {

// The reply to each charge's first request is lost after the commit: the
// client sees a dropped connection and cannot tell whether it was charged.
const std::vector<std::string> kLostReply = {"post_commit_drop@1"};

// retrylint reports charge_tip as retry-unkeyed-side-effect ("a POST with
// no key is retried after a timeout or a 5xx, which may follow a committed
// charge"); this is that finding's reading: the retry charges again.
TEST(ChargeTip, LostReplyChargesTwice_RetryUnkeyedSideEffect) {
  retryprobe::TestService svc("naive", kLostReply);
  httplib::Client cli(svc.url());
  EXPECT_TRUE(shop::charge_tip(cli, "tip-1", 200));
  EXPECT_DUPLICATES(svc.reading({"tip-1"}), 1)
      << "retry-unkeyed-side-effect predicts this duplicate: charge_tip "
         "re-sends its POST without an Idempotency-Key";
}

// The fix: charge() presents one key per intent on every attempt, so the
// service answers the retry with the first charge's receipt.
TEST(Charge, LostReplyChargesOnceWithAStableIntentKey) {
  retryprobe::TestService svc("key-atomic", kLostReply);
  httplib::Client cli(svc.url());
  EXPECT_TRUE(shop::charge(cli, "ord-1", 1200));
  retryprobe::LedgerReading r = svc.reading({"ord-1"});
  EXPECT_EXACTLY_ONCE(r);
  EXPECT_REQUESTS(r, 2); // the retry happened, and was a replay
}

// retry-per-attempt-idempotency-key: a key minted per attempt is no key at
// all, even on a service that de-duplicates by key.
TEST(ChargeExpress, LostReplyChargesTwice_RetryPerAttemptIdempotencyKey) {
  retryprobe::TestService svc("key-atomic", kLostReply);
  httplib::Client cli(svc.url());
  EXPECT_TRUE(shop::charge_express(cli, "ord-2", 900));
  EXPECT_DUPLICATES(svc.reading({"ord-2"}), 1)
      << "retry-per-attempt-idempotency-key predicts this duplicate: "
         "charge_express mints a new Idempotency-Key per attempt";
}

// No key, but the outcome is looked up before re-sending: charged once.
TEST(ChargeChecked, LostReplyChargesOnceByLookingItUp) {
  retryprobe::TestService svc("naive", kLostReply);
  httplib::Client cli(svc.url());
  EXPECT_TRUE(shop::charge_checked(cli, "gift-1", 5000));
  EXPECT_EXACTLY_ONCE(svc.reading({"gift-1"}));
}

} // namespace
