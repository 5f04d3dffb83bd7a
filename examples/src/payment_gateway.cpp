#include "payment_gateway.h"

#include "backoff.h"
#include "keys.h"

#include <chrono>
#include <iostream>
#include <stdexcept>
#include <thread>
#include <utility>

namespace shop {
namespace {

constexpr int kMaxAttempts = 3;

size_t append_to_string(char *data, size_t size, size_t count, void *out) {
  static_cast<std::string *>(out)->append(data, size * count);
  return size * count;
}

std::string payment_body(const Order &order, const std::string &card_token) {
  return "{\"reference\":\"" + json_escape(order.id) + "\",\"source\":\"" +
         json_escape(card_token) +
         "\",\"amount\":" + std::to_string(order.total_cents()) +
         ",\"currency\":\"" + json_escape(order.currency) + "\"}";
}

// Transport failures (including timeouts), throttling and server errors.
bool is_transient(CURLcode rc, long status) {
  return rc != CURLE_OK || status == 429 || status >= 500;
}

void log_failure(const char *operation, int attempt, CURLcode rc, long status) {
  std::cerr << "gateway: " << operation << " attempt " << attempt << ": ";
  if (rc != CURLE_OK) {
    std::cerr << curl_easy_strerror(rc) << "\n";
  } else {
    std::cerr << "HTTP " << status << "\n";
  }
}

} // namespace

PaymentGateway::PaymentGateway(std::string base_url, const std::string &api_key)
    : curl_(curl_easy_init()), base_url_(std::move(base_url)),
      auth_header_("Authorization: Bearer " + api_key) {
  if (curl_ == nullptr) {
    throw std::runtime_error("curl_easy_init failed");
  }
}

PaymentGateway::~PaymentGateway() { curl_easy_cleanup(curl_); }

std::optional<std::string>
PaymentGateway::charge_card(const Order &order, const std::string &card_token) {
  const std::string url = base_url_ + "/v2/charges";
  const std::string body = payment_body(order, card_token);
  const std::string key_header =
      "Idempotency-Key: " + order_uuid(order.id, "gateway-charge");
  int attempts = 0;
  while (attempts < kMaxAttempts) {
    ++attempts;
    curl_easy_reset(curl_);
    std::string response;
    struct curl_slist *headers = nullptr;
    headers = curl_slist_append(headers, "Content-Type: application/json");
    headers = curl_slist_append(headers, auth_header_.c_str());
    headers = curl_slist_append(headers, key_header.c_str());
    curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT_MS, 2000L);
    curl_easy_setopt(curl_, CURLOPT_TIMEOUT_MS, 10000L);
    curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, append_to_string);
    curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &response);

    const CURLcode rc = curl_easy_perform(curl_);
    long status = 0;
    curl_off_t retry_after_s = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(curl_, CURLINFO_RETRY_AFTER, &retry_after_s);
    curl_slist_free_all(headers);

    // clang-format off
    if (rc == CURLE_OK && status >= 200 && status < 300) { // BUG: retry-non-retryable-status
      // clang-format on
      return json_string_field(response, "charge_id");
    }
    // Every failure is retried, a declined card (402) or a malformed request
    // (400) too: they fail the same way three times.
    log_failure("charge_card", attempts, rc, status);
    if (attempts < kMaxAttempts) {
      std::this_thread::sleep_for(
          backoff_delay(attempts, std::chrono::seconds(retry_after_s)));
    }
  }
  return std::nullopt;
}

std::optional<std::string>
PaymentGateway::authorize_card(const Order &order,
                               const std::string &card_token) {
  const std::string url = base_url_ + "/v2/authorizations";
  const std::string body = payment_body(order, card_token);
  // Same order, same key: the gateway returns the original authorization if
  // an earlier attempt already went through.
  const std::string key_header =
      "Idempotency-Key: " + order_uuid(order.id, "gateway-authorize");
  for (int attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    curl_easy_reset(curl_);
    std::string response;
    struct curl_slist *headers = nullptr;
    headers = curl_slist_append(headers, "Content-Type: application/json");
    headers = curl_slist_append(headers, auth_header_.c_str());
    headers = curl_slist_append(headers, key_header.c_str());
    curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT_MS, 2000L);
    curl_easy_setopt(curl_, CURLOPT_TIMEOUT_MS, 10000L);
    curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, append_to_string);
    curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &response);

    const CURLcode rc = curl_easy_perform(curl_);
    long status = 0;
    curl_off_t retry_after_s = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(curl_, CURLINFO_RETRY_AFTER, &retry_after_s);
    curl_slist_free_all(headers);

    if (rc == CURLE_OK && status >= 200 && status < 300) {
      return json_string_field(response, "authorization_id");
    }
    log_failure("authorize_card", attempt, rc, status);
    if (!is_transient(rc, status) || attempt == kMaxAttempts) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(
        backoff_delay(attempt, std::chrono::seconds(retry_after_s)));
  }
  return std::nullopt;
}

} // namespace shop
