// corpus: origin github:yhirose/cpp-httplib test/test.cc ExceptionHandlerTest
// corpus: real-headers
// corpus: negative retry-missing-backoff retry-missing-budget retry-non-retryable-status retry-unkeyed-side-effect
// Also KeepAliveMaxCountTest. A test that sends the same request a hundred
// times and asserts on every reply: the loop goes round after each success,
// and an assertion that fails returns from the test. Nothing is re-sent
// because a call failed.
#include <gtest/gtest.h>
#include <httplib.h>

TEST(ServerTest, RepeatedGetsAllAnswered) {
  httplib::Client cli("localhost", 8080);
  for (size_t j = 0; j < 100; j++) {
    auto res = cli.Get("/hi");
    ASSERT_TRUE(res) << "request " << j << " failed";
    EXPECT_EQ(500, res->status);
    EXPECT_EQ("text/html", res->get_header_value("Content-Type"));
  }
}

TEST(ServerTest, KeepAliveClosesAfterMax) {
  httplib::Client cli("localhost", 8080);
  cli.set_keep_alive(true);
  for (size_t i = 0; i < 5; i++) {
    auto result = cli.Get("/hi");
    ASSERT_TRUE(result);
    EXPECT_EQ(200, result->status);
    if (i == 4) {
      EXPECT_EQ("close", result->get_header_value("Connection"));
    } else {
      EXPECT_FALSE(result->has_header("Connection"));
    }
  }
}
