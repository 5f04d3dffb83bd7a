#include "retryprobe/classify.h"
#include "retryprobe/scenarios.h"

#include <gtest/gtest.h>

using namespace retryprobe;
using json = nlohmann::json;

TEST(ClassifyOutcome, RfcSafeAmbiguousFinal) {
  EXPECT_EQ(classify_outcome(200, "ok", true), RetryClass::success);
  EXPECT_EQ(classify_outcome(201, "ok", true), RetryClass::success);
  for (int s : {408, 425, 429, 503})
    EXPECT_EQ(classify_outcome(s, "x", true), RetryClass::safe) << s;
  for (int s : {500, 502, 504})
    EXPECT_EQ(classify_outcome(s, "server-error", true), RetryClass::ambiguous)
        << s;
  for (int s : {400, 401, 404, 409, 422})
    EXPECT_EQ(classify_outcome(s, "client-error", true), RetryClass::final)
        << s;
  EXPECT_EQ(classify_outcome(0, "transport", true), RetryClass::ambiguous);
  EXPECT_EQ(classify_outcome(0, "transport-timeout", true),
            RetryClass::ambiguous);
  EXPECT_EQ(classify_outcome(0, "transport", false), RetryClass::safe);
}

TEST(DeliveryLabel, FourCases) {
  Reconciliation r;
  EXPECT_EQ(delivery_label(r), "exactly-once");
  r.duplicates = 1;
  EXPECT_EQ(delivery_label(r), "duplicates");
  r.lost = 1;
  EXPECT_EQ(delivery_label(r), "duplicates+lost");
  r.duplicates = 0;
  EXPECT_EQ(delivery_label(r), "lost");
}

namespace {
json measured(int req, int c, int u, int d, int l) {
  return {{"requests", req},
          {"committed", c},
          {"distinct_intents", u},
          {"duplicates", d},
          {"lost", l}};
}
} // namespace

TEST(JudgeReadings, BuiltInClaimAndMismatch) {
  json doc = {{"readings",
               {{{"scenario", "post_drop_naive"},
                 {"measured", measured(6, 6, 3, 3, 0)}},
                {{"scenario", "post_drop_key_atomic"},
                 {"measured", measured(6, 6, 3, 3, 0)}}}}};
  auto js = judge_readings(doc);
  ASSERT_EQ(js.size(), 2u);
  EXPECT_TRUE(js[0].matches);
  EXPECT_EQ(js[0].label, "duplicates");
  EXPECT_FALSE(js[1].matches); // claim is 6/3/3/0/0
  EXPECT_EQ(to_string(js[1].claim), "6/3/3/0/0");
}

TEST(JudgeReadings, RawLedgerIsReconciled) {
  json doc = json::array(
      {{{"scenario", "my_harness"},
        {"claim", measured(4, 2, 2, 0, 1)},
        {"requests", 4},
        {"expected_intents", {"a", "b", "c"}},
        {"ledger", {R"({"intent":"a","amount":1})", json{{"intent", "b"}}}}}});
  auto js = judge_readings(doc);
  ASSERT_EQ(js.size(), 1u);
  EXPECT_EQ(to_string(js[0].measured), "4/2/2/0/1");
  EXPECT_TRUE(js[0].matches);
}

TEST(JudgeReadings, RequestsLowerBound) {
  json doc = json::array({{{"scenario", "unbounded_outage"},
                           {"measured", measured(11, 0, 0, 0, 1)}},
                          {{"scenario", "unbounded_outage"},
                           {"measured", measured(9, 0, 0, 0, 1)}}});
  auto js = judge_readings(doc);
  EXPECT_TRUE(js[0].requests_at_least);
  EXPECT_TRUE(js[0].matches);
  EXPECT_FALSE(js[1].matches);
}

TEST(JudgeReadings, ProbeOutputRoundTrips) {
  Reading r;
  r.scenario = "at_most_once";
  r.claim = find_scenario("at_most_once")->claim;
  r.measured = r.claim;
  r.matches = true;
  auto js = judge_readings(json{{"readings", {to_json(r)}}});
  ASSERT_EQ(js.size(), 1u);
  EXPECT_TRUE(js[0].matches);
  EXPECT_EQ(js[0].label, "lost");
  r.error = "cannot bind";
  js = judge_readings(json{{"readings", {to_json(r)}}});
  EXPECT_FALSE(js[0].matches); // an errored reading never matches
  EXPECT_EQ(js[0].problem, "cannot bind");
}

TEST(JudgeReadings, MalformedInputThrowsOneLine) {
  EXPECT_THROW(judge_readings(json{{"x", 1}}), std::runtime_error);
  EXPECT_THROW(judge_readings(json{{"readings", 3}}), std::runtime_error);
  EXPECT_THROW(judge_readings(json::array({1})), std::runtime_error);
  EXPECT_THROW(
      judge_readings(json::array(
          {{{"scenario", "nope"}, {"measured", measured(1, 0, 0, 0, 1)}}})),
      std::runtime_error); // no claim, not built in
  try {
    judge_readings(json::array(
        {{{"scenario", "at_most_once"}, {"measured", {{"requests", "3"}}}}}));
    FAIL() << "expected a throw";
  } catch (const std::runtime_error &e) {
    std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos);
    EXPECT_NE(msg.find("reading 1 (at_most_once)"), std::string::npos) << msg;
  }
  EXPECT_TRUE(judge_readings(json::array()).empty());
}
