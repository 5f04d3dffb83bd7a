// retry-per-attempt-idempotency-key over code that includes the real Debian
// cpp-httplib (0.11), libuuid and libstdc++ headers, through both frontends.
// Debian's pkg-config adds -DCPPHTTPLIB_OPENSSL_SUPPORT (SSLClient exists
// only with it); the other CPPHTTPLIB_* defines do not matter for a parse.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 -DCPPHTTPLIB_OPENSSL_SUPPORT 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 -DCPPHTTPLIB_OPENSSL_SUPPORT 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <httplib.h>
#include <uuid/uuid.h>

#include <chrono>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

struct Order {
  std::string id;
};

std::string new_uuid() {
  uuid_t u;
  uuid_generate_random(u);
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

template <class F> auto with_retries(int attempts, F &&op) -> decltype(op()) {
  auto res = op();
  for (int i = 1; i < attempts && !res; ++i)
    res = op();
  return res;
}

// --- findings -----------------------------------------------------------------

void uuid_helper_loop_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h{{"Idempotency-Key", new_uuid()}};
    // CHECK: :[[@LINE-1]]:44: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
    // CHECK: :27:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK: :[[@LINE-4]]:3: note: retry loop re-sends the request here
    auto res = cli.Post("/charges", h, "{}", "application/json");
    if (res && res->status < 500)
      return;
  }
}

void random_device_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::random_device rd;
    httplib::Headers h{{"Idempotency-Key", std::to_string(rd())}};
    // CHECK: :[[@LINE-1]]:44: warning: idempotency key changes on every attempt: it is derived from a random number from 'std::random_device::operator()'
    // CHECK: :[[@LINE-2]]:59: note: a random number from 'std::random_device::operator()' is produced here on each attempt
    // CHECK: :[[@LINE-5]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void mt19937_ostringstream_bad(httplib::Client &cli) {
  std::mt19937 gen(42);
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::ostringstream oss;
    oss << "k-" << gen();
    httplib::Headers h;
    h.emplace("Idempotency-Key", oss.str());
    // CHECK: :[[@LINE-1]]:34: warning: idempotency key changes on every attempt: it is derived from a random number from 'std::mt19937::operator()'
    // CHECK: :[[@LINE-4]]:20: note: a random number from 'std::mt19937::operator()' is produced here on each attempt
    // CHECK: :[[@LINE-7]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void steady_clock_bad(httplib::Client &cli) {
  int tries = 0;
  while (tries++ < 3) {
    auto key = std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from the clock ('std::chrono::steady_clock::now')
      // CHECK: :[[@LINE-3]]:31: note: the clock ('std::chrono::steady_clock::now') is produced here on each attempt
      // CHECK: :[[@LINE-5]]:3: note: retry loop re-sends the request here
      break;
  }
}

// libstdc++'s high_resolution_clock is an alias of system_clock.
void high_resolution_clock_bad(httplib::Client &cli) {
  int tries = 0;
  while (tries++ < 3) {
    auto key = std::to_string(std::chrono::high_resolution_clock::now().time_since_epoch().count());
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from the clock ('std::chrono::system_clock::now')
      // CHECK: :[[@LINE-3]]:31: note: the clock ('std::chrono::system_clock::now') is produced here on each attempt
      // CHECK: :[[@LINE-5]]:3: note: retry loop re-sends the request here
      break;
  }
}

void attempt_counter_bad(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h{{"X-Idempotency-Key", o.id + "-" + std::to_string(attempt)}};
    // CHECK: :[[@LINE-1]]:46: warning: idempotency key changes on every attempt: it is derived from the attempt counter 'attempt'
    // CHECK: :[[@LINE-3]]:12: note: attempt counter declared here
    // CHECK: :[[@LINE-4]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

// Header names are case-insensitive; PATCH is a side effect.
void patch_lowercase_header_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Patch("/charges/1", {{"idempotency-key", new_uuid()}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:54: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
      // CHECK: :27:3: note: a random UUID
      // CHECK: :[[@LINE-4]]:3: note: retry loop re-sends the request here
      return;
  }
}

void default_headers_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    cli.set_default_headers({{"Idempotency-Key", new_uuid()}});
    // CHECK: :[[@LINE-1]]:50: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    // CHECK: :[[@LINE-3]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", "{}", "application/json"))
      return;
  }
}

void ssl_client_bad(httplib::SSLClient &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Post("/charges", {{"Idempotency-Key", new_uuid()}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
      // CHECK: :[[@LINE-3]]:3: note: retry loop re-sends the request here
      return;
  }
}

// A hand-built request sent with Client::send.
void request_headers_send_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Request req;
    req.method = "POST";
    req.path = "/charges";
    req.headers.emplace("Idempotency-Key", new_uuid());
    // CHECK: :[[@LINE-1]]:44: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    // CHECK: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    httplib::Response res;
    httplib::Error err;
    if (cli.send(req, res, err))
      return;
  }
}

void with_retries_lambda_bad(httplib::Client &cli) {
  auto res = with_retries(3, [&] {
    return cli.Post("/charges", {{"Idempotency-Key", new_uuid()}}, "{}", "application/json");
    // CHECK: :[[@LINE-1]]:54: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    // CHECK: :[[@LINE-3]]:14: note: retry helper 'with_retries' re-runs this callable on each attempt
  });
}

// --- known gaps -----------------------------------------------------------------

// httplib::Request::set_header(const std::string &, const std::string &): with
// libstdc++ the literal becomes std::string("Idempotency-Key", /*default*/
// allocator); the default argument is not the key value.
void request_set_header_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Request req;
    req.method = "POST";
    req.path = "/charges";
    req.set_header("Idempotency-Key", new_uuid());
    // CHECK: :[[@LINE-1]]:39: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    if (cli.send(req))
      return;
  }
}

// A key minted lazily on the first attempt and kept for the later ones is one
// key per intent: the guard (key.empty(), attempt == 0) runs it once.
void lazy_mint_on_first_attempt_ok(httplib::Client &cli) {
  std::string key;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (key.empty())
      key = new_uuid();
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

void mint_when_attempt_is_zero_ok(httplib::Client &cli) {
  std::string key;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt == 0)
      key = new_uuid();
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

// A GET retried with a fresh key: only side effects make keys relevant
// (docs/rules.md: GET is idempotent by method).
void get_retry_random_key_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Get("/charges/1", {{"Idempotency-Key", new_uuid()}}))
      return;
  }
}

// --- must stay silent -------------------------------------------------------------

void intent_key_and_tracing_headers_ok(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h{{"Idempotency-Key", "order-" + o.id},
                       {"X-Request-Id", new_uuid()},
                       {"X-Attempt", std::to_string(attempt)}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void minted_before_loop_ok(httplib::Client &cli) {
  const std::string key = new_uuid();
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

void clock_before_loop_ok(httplib::Client &cli, const Order &o) {
  const auto started = std::chrono::system_clock::now().time_since_epoch().count();
  const std::string key = o.id + "-" + std::to_string(started);
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h;
    h.emplace("Idempotency-Key", key);
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void init_capture_ok(httplib::Client &cli) {
  auto res = with_retries(3, [&cli, key = new_uuid()] {
    return cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json");
  });
}

void single_post_ok(httplib::Client &cli) {
  cli.Post("/charges", {{"Idempotency-Key", new_uuid()}}, "{}", "application/json");
}

void one_key_per_order_ok(httplib::Client &cli, const std::vector<Order> &orders) {
  for (const Order &o : orders)
    cli.Post("/orders", {{"Idempotency-Key", new_uuid()}}, "{}", "application/json");
}

void suppressed_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h{{"Idempotency-Key", new_uuid()}}; // NOLINT(retry-per-attempt-idempotency-key)
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

// A function-local static is initialized once, on the first attempt.
void static_key_in_loop_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    static const std::string key = new_uuid();
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

// Randomness for the backoff jitter does not reach the key.
void jittered_backoff_ok(httplib::Client &cli, const Order &o) {
  std::mt19937 rng(std::random_device{}());
  std::uniform_int_distribution<int> jitter(0, 100);
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::string key = "order-" + o.id;
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 * (1 << attempt) + jitter(rng)));
  }
}
