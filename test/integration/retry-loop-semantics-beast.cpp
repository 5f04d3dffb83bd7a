// The retry-loop semantics checks over the real Boost.Beast headers: the
// method comes from http::verb, the status from res.result_int().
//
// RUN: not %retrylint --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <chrono>
#include <random>
#include <thread>

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

static std::mt19937 rng{std::random_device{}()};
static void backoff(int attempt) {
  std::uniform_int_distribution<int> d(0, 100 << attempt);
  std::this_thread::sleep_for(std::chrono::milliseconds(d(rng)));
}

bool post_transfer_bad(beast::tcp_stream &stream) {
  http::request<http::string_body> req{http::verb::post, "/v1/transfers", 11};
  req.body() = "{\"amount\":1000}";
  req.prepare_payload();
  for (int attempt = 0; attempt < 3; ++attempt) {
    beast::error_code ec;
    http::write(stream, req, ec);
    // CHECK: :[[@LINE-1]]:5: warning: HTTP POST is re-sent after an ambiguous failure{{.*}} [retry-unkeyed-side-effect]
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res, ec);
    if (!ec && res.result_int() < 500)
      // CHECK: :[[@LINE-1]]:9: warning: retry path for HTTP 503 ignores the Retry-After header{{.*}} [retry-missing-backoff]
      return res.result_int() == 200;
    backoff(attempt);
  }
  return false;
}

bool put_is_idempotent_ok(beast::tcp_stream &stream) {
  http::request<http::string_body> req{http::verb::put, "/v1/profile", 11};
  for (int attempt = 0; attempt < 3; ++attempt) {
    beast::error_code ec;
    http::write(stream, req, ec);
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res, ec);
    if (!ec && res.result_int() != 503 && res.result_int() < 500)
      return res.result_int() == 200;
    if (!ec && !res["Retry-After"].empty())
      std::this_thread::sleep_for(std::chrono::seconds(1));
    backoff(attempt);
  }
  return false;
}
