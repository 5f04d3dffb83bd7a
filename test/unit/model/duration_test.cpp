// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/Duration.h"
#include "gtest/gtest.h"

namespace clang::tidy::retry::utils {
namespace {

TEST(ParseDuration, NumberAndUnit) {
  EXPECT_EQ(parseDuration("24h"), 86400.0);
  EXPECT_EQ(parseDuration("30min"), 1800.0);
  EXPECT_EQ(parseDuration("90s"), 90.0);
  EXPECT_EQ(parseDuration("500ms"), 0.5);
  EXPECT_EQ(parseDuration("1d"), 86400.0);
  EXPECT_EQ(parseDuration("2w"), 1209600.0);
  EXPECT_EQ(parseDuration("1.5h"), 5400.0);
}

TEST(ParseDuration, SpacesAndLongUnits) {
  EXPECT_EQ(parseDuration(" 10 minutes "), 600.0);
  EXPECT_EQ(parseDuration("2 hours"), 7200.0);
  EXPECT_EQ(parseDuration("3 days"), 259200.0);
  EXPECT_EQ(parseDuration("45 seconds"), 45.0);
}

TEST(ParseDuration, MalformedIsRejected) {
  for (const char *Bad : {"", "h", "10", "10 parsecs", "-5s", "0s", "abc",
                          "s10", "1e3s", "..s", "24H", "5 mins ago"})
    EXPECT_EQ(parseDuration(Bad), std::nullopt) << "'" << Bad << "'";
}

TEST(FormatSeconds, LargestUnitThatDivides) {
  EXPECT_EQ(formatSeconds(0.5), "500 ms");
  EXPECT_EQ(formatSeconds(90), "90 s");
  EXPECT_EQ(formatSeconds(120), "2 min");
  EXPECT_EQ(formatSeconds(5400), "90 min");
  EXPECT_EQ(formatSeconds(3600), "1 h");
  EXPECT_EQ(formatSeconds(86400), "24 h");
  EXPECT_EQ(formatSeconds(172800), "2 days");
  EXPECT_EQ(formatSeconds(1.5), "1.5 s");
}

TEST(FormatSeconds, RoundTripsParsedOptions) {
  for (const char *Text : {"24h", "10min", "90s", "2d"})
    EXPECT_EQ(parseDuration(formatSeconds(*parseDuration(Text))),
              parseDuration(Text))
        << Text;
}

TEST(DurationUnitFromName, LastUnitWordWins) {
  EXPECT_EQ(durationUnitFromName("ttl_seconds"), 1.0);
  EXPECT_EQ(durationUnitFromName("kWindowMs"), 0.001);
  EXPECT_EQ(durationUnitFromName("retention_h"), 3600.0);
  EXPECT_EQ(durationUnitFromName("dedupWindowMinutes"), 60.0);
  EXPECT_EQ(durationUnitFromName("keep_days"), 86400.0);
  EXPECT_EQ(durationUnitFromName("kIdempotencyTtl"), std::nullopt);
  EXPECT_EQ(durationUnitFromName(""), std::nullopt);
}

} // namespace
} // namespace clang::tidy::retry::utils
