#include "charges.h"

#include "backoff.h"
#include "keys.h"
#include "order.h"
#include "retry.h"

#include <iostream>
#include <thread>

namespace shop {
namespace {

constexpr int kChargeAttempts = 3;

std::string charge_body(const std::string &intent, long amount_cents) {
  return "{\"intent\":\"" + json_escape(intent) +
         "\",\"amount\":" + std::to_string(amount_cents) + "}";
}

bool is_success(const httplib::Result &res) {
  return res && res->status >= 200 && res->status < 300;
}

void log_failure(const char *operation, const httplib::Result &res,
                 int attempt) {
  std::cerr << "payments: " << operation << " attempt " << attempt + 1 << ": ";
  if (res) {
    std::cerr << "HTTP " << res->status << "\n";
  } else {
    std::cerr << httplib::to_string(res.error()) << "\n";
  }
}

// GET /charges?intent=ID: the receipt of an earlier charge for this intent,
// if the service has one.
std::optional<std::string> find_charge(httplib::Client &cli,
                                       const std::string &intent) {
  const httplib::Params query = {{"intent", intent}};
  auto res = cli.Get("/charges", query, httplib::Headers{});
  if (!res || res->status != 200 ||
      res->body.find("\"count\":0") != std::string::npos) {
    return std::nullopt;
  }
  return json_string_field(res->body, "receipt");
}

} // namespace

std::optional<std::string>
charge(httplib::Client &cli, const std::string &intent, long amount_cents) {
  const std::string body = charge_body(intent, amount_cents);
  // One key per payment intent, minted before the first attempt: a retry
  // after a lost reply presents the same key and the service replays the
  // first charge's receipt instead of charging again.
  const httplib::Headers headers = {{"Idempotency-Key", intent_key(intent)}};
  for (int attempt = 0; attempt < kChargeAttempts; ++attempt) {
    auto res = cli.Post("/charges", headers, body, "application/json");
    if (is_success(res)) {
      return json_string_field(res->body, "receipt");
    }
    log_failure("charge", res, attempt);
    if (!is_transient(res)) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return std::nullopt;
}

std::optional<std::string> charge_express(httplib::Client &cli,
                                          const std::string &intent,
                                          long amount_cents) {
  const std::string body = charge_body(intent, amount_cents);
  for (int attempt = 0; attempt < kChargeAttempts; ++attempt) {
    // clang-format off
    const httplib::Headers headers = {
        {"Idempotency-Key", new_request_uuid()}, // BUG: retry-per-attempt-idempotency-key
    };
    // clang-format on
    auto res = cli.Post("/charges", headers, body, "application/json");
    if (is_success(res)) {
      return json_string_field(res->body, "receipt");
    }
    log_failure("charge_express", res, attempt);
    if (!is_transient(res)) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return std::nullopt;
}

std::optional<std::string>
charge_tip(httplib::Client &cli, const std::string &intent, long amount_cents) {
  const std::string body = charge_body(intent, amount_cents);
  for (int attempt = 0; attempt < kChargeAttempts; ++attempt) {
    // No Idempotency-Key: "tips are small".
    // clang-format off
    auto res = cli.Post("/charges", body, "application/json"); // BUG: retry-unkeyed-side-effect
    // clang-format on
    if (is_success(res)) {
      return json_string_field(res->body, "receipt");
    }
    log_failure("charge_tip", res, attempt);
    if (!is_transient(res)) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return std::nullopt;
}

std::optional<std::string> charge_checked(httplib::Client &cli,
                                          const std::string &intent,
                                          long amount_cents) {
  const std::string body = charge_body(intent, amount_cents);
  for (int attempt = 0; attempt < kChargeAttempts; ++attempt) {
    if (attempt > 0) {
      // The previous attempt may have been charged although its reply was
      // lost: ask the service before charging again.
      if (auto receipt = find_charge(cli, intent)) {
        return receipt;
      }
    }
    auto res = cli.Post("/charges", body, "application/json");
    if (is_success(res)) {
      return json_string_field(res->body, "receipt");
    }
    log_failure("charge_checked", res, attempt);
    if (!is_transient(res)) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
  }
  return std::nullopt;
}

} // namespace shop
