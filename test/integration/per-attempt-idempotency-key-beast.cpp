// retry-per-attempt-idempotency-key over code that includes the real Debian
// Boost.Beast / Boost.Asio / Boost.Uuid headers (Boost 1.74): a request
// built with http::request<http::string_body>{http::verb::post, ...}, its key
// set with req.set/req.insert, and re-sent with http::write in a retry loop.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/uuid/name_generator_sha1.hpp>
#include <boost/uuid/uuid.hpp>
#include <boost/uuid/uuid_generators.hpp>
#include <boost/uuid/uuid_io.hpp>

#include <chrono>
#include <string>

namespace beast = boost::beast;
namespace http = beast::http;

// --- findings -----------------------------------------------------------------

bool random_uuid_bad(beast::tcp_stream &stream) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string key = boost::uuids::to_string(gen());
    http::request<http::string_body> req{http::verb::post, "/charges", 11};
    req.set(http::field::content_type, "application/json");
    req.set("Idempotency-Key", key);
    // CHECK: :[[@LINE-1]]:32: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_pure::operator()', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
    // CHECK: :[[@LINE-5]]:47: note: a random UUID from 'boost::uuids::random_generator_pure::operator()' is produced here on each attempt
    // CHECK: :[[@LINE-7]]:3: note: retry loop re-sends the request here
    req.body() = "{}";
    req.prepare_payload();
    beast::error_code ec;
    http::write(stream, req, ec);
    if (!ec)
      return true;
  }
  return false;
}

bool clock_bad(beast::tcp_stream &stream) {
  int tries = 0;
  while (tries++ < 3) {
    http::request<http::string_body> req{http::verb::post, "/charges", 11};
    req.set("Idempotency-Key",
            std::to_string(std::chrono::system_clock::now().time_since_epoch().count()));
    // CHECK: :[[@LINE-1]]:13: warning: idempotency key changes on every attempt: it is derived from the clock ('std::chrono::system_clock::now')
    // CHECK: :[[@LINE-2]]:28: note: the clock ('std::chrono::system_clock::now') is produced here on each attempt
    // CHECK: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    beast::error_code ec;
    http::write(stream, req, ec);
    if (!ec)
      return true;
  }
  return false;
}

// insert() instead of set(), a temporary generator, and a catch that loops
// back after the throwing overload of http::write.
bool insert_temporary_generator_bad(beast::tcp_stream &stream) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    http::request<http::string_body> req{http::verb::post, "/charges", 11};
    req.insert("X-Idempotency-Key",
               boost::uuids::to_string(boost::uuids::random_generator()()));
    // CHECK: :[[@LINE-1]]:16: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_pure::operator()'
    // CHECK: :[[@LINE-5]]:3: note: retry loop re-sends the request here
    try {
      http::write(stream, req);
      return true;
    } catch (const beast::system_error &) {
    }
  }
  return false;
}

bool attempt_counter_bad(beast::tcp_stream &stream, const std::string &order_id) {
  for (unsigned attempt = 0; attempt < 3; ++attempt) {
    http::request<http::string_body> req{http::verb::post, "/orders/" + order_id + "/pay", 11};
    req.set("Idempotency-Key", order_id + ":" + std::to_string(attempt));
    // CHECK: :[[@LINE-1]]:32: warning: idempotency key changes on every attempt: it is derived from the attempt counter 'attempt'
    // CHECK: :[[@LINE-4]]:17: note: attempt counter declared here
    beast::error_code ec;
    http::write(stream, req, ec);
    if (!ec)
      return true;
  }
  return false;
}

// --- must stay silent -------------------------------------------------------------

// A name-based UUID of the order id, recomputed per attempt, is stable; the
// X-Request-Id tracing header may change.
bool name_based_and_tracing_ok(beast::tcp_stream &stream, const std::string &order_id) {
  boost::uuids::name_generator_sha1 gen(boost::uuids::ns::url());
  for (int attempt = 0; attempt < 3; ++attempt) {
    http::request<http::string_body> req{http::verb::post, "/charges", 11};
    req.set("Idempotency-Key", boost::uuids::to_string(gen(order_id)));
    req.set("X-Request-Id", boost::uuids::to_string(boost::uuids::random_generator()()));
    req.set("X-Attempt", std::to_string(attempt));
    beast::error_code ec;
    http::write(stream, req, ec);
    if (!ec)
      return true;
  }
  return false;
}

bool request_built_once_ok(beast::tcp_stream &stream) {
  http::request<http::string_body> req{http::verb::post, "/charges", 11};
  req.set("Idempotency-Key", boost::uuids::to_string(boost::uuids::random_generator()()));
  req.body() = "{}";
  req.prepare_payload();
  for (int attempt = 0; attempt < 3; ++attempt) {
    beast::error_code ec;
    http::write(stream, req, ec);
    if (!ec)
      return true;
  }
  return false;
}

bool key_minted_before_loop_ok(beast::tcp_stream &stream) {
  const std::string key = boost::uuids::to_string(boost::uuids::random_generator()());
  for (int attempt = 0; attempt < 3; ++attempt) {
    http::request<http::string_body> req{http::verb::post, "/charges", 11};
    req.set("Idempotency-Key", key);
    beast::error_code ec;
    http::write(stream, req, ec);
    if (!ec)
      return true;
  }
  return false;
}

void single_write_ok(beast::tcp_stream &stream) {
  http::request<http::string_body> req{http::verb::post, "/charges", 11};
  req.set("Idempotency-Key", boost::uuids::to_string(boost::uuids::random_generator()()));
  http::write(stream, req);
}
