#include "order_client.h"

#include "backoff.h"
#include "keys.h"
#include "retry.h"

#include <iostream>
#include <thread>

namespace shop {
namespace {

void log_failure(const char *operation, const httplib::Result &res,
                 int attempt = -1) {
  std::cerr << "orders: " << operation;
  if (attempt >= 0) {
    std::cerr << " attempt " << attempt + 1;
  }
  std::cerr << ": ";
  if (res) {
    std::cerr << "HTTP " << res->status << "\n";
  } else {
    std::cerr << httplib::to_string(res.error()) << "\n";
  }
}

bool is_success(const httplib::Result &res) {
  return res && res->status >= 200 && res->status < 300;
}

} // namespace

httplib::Client make_http_client(const std::string &base_url) {
  httplib::Client cli(base_url);
  cli.set_connection_timeout(2);
  cli.set_read_timeout(5);
  cli.set_write_timeout(5);
  cli.set_keep_alive(true);
  return cli;
}

std::optional<std::string> submit_order(httplib::Client &cli,
                                        const Order &order, int max_attempts) {
  const std::string path = "/v1/orders";
  const std::string body = to_json(order);
  // A name-based UUID of the order id: every attempt, and every run of this
  // client for the same order, presents the same key.
  const std::string key = order_uuid(order.id, "submit");
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    httplib::Headers headers = {
        {"Idempotency-Key", key},
    };
    auto res = cli.Post(path, headers, body, "application/json");
    if (!res || res->status >= 500) {
      log_failure("submit_order", res, attempt);
      std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
      continue;
    }
    if (res->status == 200 || res->status == 201) {
      return json_string_field(res->body, "state");
    }
    log_failure("submit_order", res, attempt);
    return std::nullopt;
  }
  return std::nullopt;
}

bool confirm_order(httplib::Client &cli, const Order &order, int max_attempts) {
  const std::string path = "/v1/orders/" + order.id + "/confirm";
  const std::string body = "{\"order_id\":\"" + json_escape(order.id) + "\"}";
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    // Derived from the order id, so every attempt (and every restart of this
    // process) presents the same key. The service scopes keys per endpoint.
    httplib::Headers headers = {
        {"Idempotency-Key", intent_key(order.id)},
    };
    auto res = cli.Post(path, headers, body, "application/json");
    if (is_success(res)) {
      return true;
    }
    log_failure("confirm_order", res, attempt);
    if (!is_transient(res)) {
      return false;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return false;
}

std::optional<std::string> pay_order(httplib::Client &cli, const Order &order,
                                     const std::string &payment_method,
                                     int max_attempts) {
  const std::string path = "/v1/orders/" + order.id + "/pay";
  const std::string body =
      "{\"payment_method\":\"" + json_escape(payment_method) +
      "\",\"amount_cents\":" + std::to_string(order.total_cents()) +
      ",\"currency\":\"" + json_escape(order.currency) + "\"}";
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    // The order id names the intent: the same key on every attempt.
    const std::string key = order.id + "-pay";
    httplib::Headers headers;
    headers.emplace("Idempotency-Key", key);
    headers.emplace("X-Client", "order-client/1.4");
    auto res = cli.Post(path, headers, body, "application/json");
    if (is_transient(res)) {
      log_failure("pay_order", res, attempt);
      std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
      continue;
    }
    if (!is_success(res)) {
      log_failure("pay_order", res, attempt);
      return std::nullopt;
    }
    return json_string_field(res->body, "payment_id");
  }
  return std::nullopt;
}

std::optional<std::string> authorize_payment(httplib::Client &cli,
                                             const Order &order,
                                             const std::string &payment_method,
                                             int max_attempts) {
  const std::string path = "/v1/payments/authorizations";
  const std::string body =
      "{\"order_id\":\"" + json_escape(order.id) + "\",\"payment_method\":\"" +
      json_escape(payment_method) +
      "\",\"amount_cents\":" + std::to_string(order.total_cents()) +
      ",\"currency\":\"" + json_escape(order.currency) + "\"}";
  // One key per authorization: minted before the first attempt and sent
  // unchanged on every retry.
  const std::string key = new_request_uuid();
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    // X-Request-Id and X-Attempt identify this attempt in the service logs;
    // they are tracing data, not de-duplication keys.
    httplib::Headers headers = {
        {"Idempotency-Key", key},
        {"X-Request-Id", new_request_uuid()},
        {"X-Attempt", std::to_string(attempt + 1)},
    };
    auto res = cli.Post(path, headers, body, "application/json");
    if (is_success(res)) {
      return json_string_field(res->body, "payment_id");
    }
    log_failure("authorize_payment", res, attempt);
    if (!is_transient(res)) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return std::nullopt;
}

bool capture_payment(httplib::Client &cli, const Order &order,
                     const std::string &payment_id, int max_attempts) {
  const std::string path = "/v1/payments/" + payment_id + "/capture";
  const std::string body =
      "{\"amount_cents\":" + std::to_string(order.total_cents()) + "}";
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    // Name-based UUID: a pure function of the order id, identical on every
    // attempt.
    const std::string key = order_uuid(order.id, "capture");
    httplib::Headers headers = {
        {"Idempotency-Key", key},
        {"X-Request-Id", new_request_uuid()},
    };
    auto res = cli.Post(path, headers, body, "application/json");
    if (is_success(res)) {
      return true;
    }
    log_failure("capture_payment", res, attempt);
    if (!is_transient(res)) {
      return false;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return false;
}

bool refund_order(httplib::Client &cli, const Order &order, long amount_cents,
                  const std::string &reason) {
  const std::string path = "/v1/orders/" + order.id + "/refunds";
  const std::string body = "{\"amount_cents\":" + std::to_string(amount_cents) +
                           ",\"reason\":\"" + json_escape(reason) + "\"}";
  // Meant to stop a double click on "refund" from refunding twice. It also
  // merges two real partial refunds of the same amount into one.
  const std::string key =
      payload_hash(std::to_string(amount_cents) + order.currency);
  auto res = with_retries(3, [&] {
    // clang-format off
    httplib::Headers h{{"Idempotency-Key", key}}; // BUG: retry-content-derived-idempotency-key
    // clang-format on
    return cli.Post(path, h, body, "application/json");
  });
  if (!is_success(res)) {
    log_failure("refund_order", res);
    return false;
  }
  return true;
}

bool cancel_order(httplib::Client &cli, const Order &order,
                  const std::string &reason) {
  const std::string path = "/v1/orders/" + order.id + "/cancel";
  const std::string body = "{\"reason\":\"" + json_escape(reason) + "\"}";
  // The key is created once, when the lambda is built, and every attempt
  // made by with_retries reuses it.
  auto res = with_retries(3, [&cli, &path, &body, key = new_request_uuid()] {
    httplib::Headers h{{"Idempotency-Key", key}};
    return cli.Post(path, h, body, "application/json");
  });
  if (!is_success(res)) {
    log_failure("cancel_order", res);
    return false;
  }
  return true;
}

bool add_order_note(httplib::Client &cli, const Order &order,
                    const std::string &note) {
  const std::string path = "/v1/orders/" + order.id + "/notes";
  const std::string body = "{\"text\":\"" + json_escape(note) + "\"}";
  httplib::Headers headers = {
      {"Idempotency-Key", new_request_uuid()},
  };
  auto res = cli.Post(path, headers, body, "application/json");
  if (!is_success(res)) {
    log_failure("add_order_note", res);
    return false;
  }
  return true;
}

std::optional<std::string> fetch_price_list(httplib::Client &cli) {
  for (int attempt = 0;; ++attempt) { // BUG: retry-missing-budget
    auto res = cli.Get("/v1/catalog/prices");
    if (res && res->status == 200) {
      return res->body;
    }
    log_failure("fetch_price_list", res, attempt);
    if (!is_transient(res)) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
}

bool release_reservation(httplib::Client &cli, const Order &order) {
  const std::string path = "/v1/orders/" + order.id + "/reservation";
  for (int attempt = 0; attempt < 3; ++attempt) { // BUG: retry-missing-backoff
    auto res = cli.Delete(path);
    // 404: already released (by an earlier attempt, or by the service).
    if (res && (res->status == 204 || res->status == 404)) {
      return true;
    }
    log_failure("release_reservation", res, attempt);
    if (!is_transient(res)) {
      return false;
    }
  }
  return false;
}

std::optional<std::string> wait_for_status(httplib::Client &cli,
                                           const std::string &order_id,
                                           const std::string &wanted,
                                           std::chrono::seconds timeout) {
  const std::string path = "/v1/orders/" + order_id;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::optional<std::string> state;
  for (int poll = 0; std::chrono::steady_clock::now() < deadline; ++poll) {
    auto res = cli.Get(path);
    if (res && res->status == 200) {
      state = json_string_field(res->body, "state");
      if (state == wanted || state == "cancelled" || state == "failed") {
        return state;
      }
    } else if (!is_transient(res)) {
      log_failure("wait_for_status", res, poll);
      return state;
    }
    std::this_thread::sleep_for(backoff_delay(poll, retry_after(res)));
  }
  return state;
}

} // namespace shop
