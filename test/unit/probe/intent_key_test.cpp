#include "retryprobe/intent_key.h"

#include <gtest/gtest.h>

using namespace retryprobe;
using json = nlohmann::json;

TEST(IntentKey, KnownValue) {
  // sha256('{"id":"x"}')[:16], computed independently.
  EXPECT_EQ(intent_key(json{{"id", "x"}}), "5e2b92cc57ce618d");
  EXPECT_EQ(intent_key(json::parse(R"({"id":"ord-001","amount":1000})")),
            "32702c64065e50a2");
  EXPECT_EQ(sha256_hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(IntentKey, TrimsWhitespace) {
  EXPECT_EQ(intent_key(json::parse(R"({"id":" x "})")),
            intent_key(json::parse(R"({"id":"x"})")));
  EXPECT_EQ(intent_key(json::parse(R"({" id\t":"x"})")),
            intent_key(json::parse(R"({"id":"x"})")));
  EXPECT_NE(intent_key(json::parse(R"({"id":"x y"})")),
            intent_key(json::parse(R"({"id":"xy"})")));
}

TEST(IntentKey, FullWidthFormsFoldToAscii) {
  // "ｏｒｄ－００１" surrounded by ideographic spaces (U+3000).
  std::string full = "\xE3\x80\x80\xEF\xBD\x8F\xEF\xBD\x92\xEF\xBD\x84\xEF\xBC"
                     "\x8D\xEF\xBC\x90\xEF\xBC\x90\xEF\xBC\x91\xE3\x80\x80";
  EXPECT_EQ(normalize_text(full, {}), "ord-001");
  EXPECT_EQ(intent_key(json{{"id", full}}),
            intent_key(json{{"id", "ord-001"}}));
  // Full-width digits in an amount string, too.
  EXPECT_EQ(intent_key(json{{"amount", "\xEF\xBC\x91\xEF\xBC\x90"}}),
            intent_key(json{{"amount", "10"}}));
}

TEST(IntentKey, KeyOrderDoesNotMatter) {
  EXPECT_EQ(intent_key(json::parse(R"({"b":{"y":1,"x":2},"a":[1,2]})")),
            intent_key(json::parse(R"({"a":[1,2],"b":{"x":2,"y":1}})")));
  // ...but array order does: [1,2] and [2,1] are different intents.
  EXPECT_NE(intent_key(json::parse(R"({"a":[1,2]})")),
            intent_key(json::parse(R"({"a":[2,1]})")));
}

TEST(IntentKey, IntegralFloatsEqualIntegers) {
  EXPECT_EQ(intent_key(json::parse(R"({"amount":1000.0})")),
            intent_key(json::parse(R"({"amount":1000})")));
  EXPECT_NE(intent_key(json::parse(R"({"amount":1000.5})")),
            intent_key(json::parse(R"({"amount":1000})")));
}

TEST(IntentKey, CaseFoldingOnlyWhenConfigured) {
  KeyOptions fold;
  fold.fold_case = true;
  EXPECT_NE(intent_key(json{{"id", "ORD-1"}}),
            intent_key(json{{"id", "ord-1"}}));
  EXPECT_EQ(intent_key(json{{"id", "ORD-1"}}, fold),
            intent_key(json{{"id", "ord-1"}}, fold));
  // German sharp s folds to "ss" (full Unicode folding, not tolower).
  EXPECT_EQ(intent_key(json{{"id", "STRASSE"}}, fold),
            intent_key(json{{"id", "stra\xC3\x9F"
                                   "e"}},
                       fold));
}

TEST(IntentKey, DistinctIntentsDistinctKeys) {
  EXPECT_NE(intent_key(json{{"id", "ord-001"}}),
            intent_key(json{{"id", "ord-002"}}));
  EXPECT_EQ(intent_key(json{{"id", "ord-001"}}).size(), 16u);
}
