// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "model/GrpcServiceConfig.h"
#include "gtest/gtest.h"

namespace clang::tidy::retry::model {
namespace {

constexpr const char *Config = R"json({
  "methodConfig": [{
    "name": [{"service": "shop.Orders", "method": "Create"},
             {"service": "shop.Payments"}],
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.1s",
      "maxBackoff": "1s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE", "deadline_exceeded", 8, "BOGUS"]
    }
  }, {
    "name": [{}],
    "timeout": "5s"
  }, {
    "retryPolicy": {"maxAttempts": -3, "retryableStatusCodes": []}
  }]
})json";

TEST(GrpcServiceConfig, RetryPolicies) {
  std::string Error;
  std::vector<GrpcRetryPolicy> P = parseGrpcServiceConfig(Config, &Error);
  EXPECT_EQ(Error, "");
  // The entry without a retryPolicy is skipped.
  ASSERT_EQ(P.size(), 2u);
  EXPECT_EQ(P[0].MaxAttempts, 4u);
  EXPECT_EQ(P[0].InitialBackoffSeconds, 0.1);
  EXPECT_EQ(P[0].MaxBackoffSeconds, 1.0);
  EXPECT_EQ(P[0].BackoffMultiplier, 2.0);
  EXPECT_EQ(P[0].RetryableCodes, StatusSet::grpc(14) | StatusSet::grpc(4) |
                                     StatusSet::grpc(8));
  ASSERT_EQ(P[0].UnknownCodes.size(), 1u);
  EXPECT_EQ(P[0].UnknownCodes[0], "BOGUS");
  EXPECT_TRUE(P[0].NamesMethods);
  ASSERT_EQ(P[0].Names.size(), 2u);
  EXPECT_EQ(P[0].Names[0], std::make_pair(std::string("shop.Orders"),
                                          std::string("Create")));
  EXPECT_EQ(P[0].Names[1],
            std::make_pair(std::string("shop.Payments"), std::string()));
  // No names: applies to every call; a negative count is no attempts.
  EXPECT_TRUE(P[1].Names.empty());
  EXPECT_FALSE(P[1].NamesMethods);
  EXPECT_EQ(P[1].MaxAttempts, 0u);
  EXPECT_TRUE(P[1].RetryableCodes.empty());
}

TEST(GrpcServiceConfig, MalformedJsonIsAnError) {
  std::string Error;
  EXPECT_TRUE(parseGrpcServiceConfig("{\"methodConfig\": [", &Error).empty());
  EXPECT_NE(Error, "");
  Error.clear();
  EXPECT_TRUE(parseGrpcServiceConfig("[1, 2]", &Error).empty());
  EXPECT_EQ(Error, "not a JSON object");
  // Without an error sink, malformed input still gives no policy.
  EXPECT_TRUE(parseGrpcServiceConfig("retryPolicy", nullptr).empty());
}

TEST(GrpcServiceConfig, WellFormedWithoutPolicies) {
  std::string Error;
  EXPECT_TRUE(parseGrpcServiceConfig("{}", &Error).empty());
  EXPECT_TRUE(
      parseGrpcServiceConfig(R"({"methodConfig": [1, "x", {}]})", &Error)
          .empty());
  EXPECT_EQ(Error, "");
}

TEST(GrpcServiceConfig, BackoffTextThatIsNotSecondsIsZero) {
  std::vector<GrpcRetryPolicy> P = parseGrpcServiceConfig(
      R"({"methodConfig": [{"retryPolicy": {"maxAttempts": 2,
          "initialBackoff": "fast", "maxBackoff": 3}}]})",
      nullptr);
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(P[0].InitialBackoffSeconds, 0.0);
  EXPECT_EQ(P[0].MaxBackoffSeconds, 0.0);
}

} // namespace
} // namespace clang::tidy::retry::model
