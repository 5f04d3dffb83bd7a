#include "retryprobe/client.h"

#include "retryprobe/intent_key.h"
#include "retryprobe/outcome.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace retryprobe {

bool operator<(const AttemptLog &a, const AttemptLog &b) {
  return std::tie(a.intent, a.attempt, a.method, a.status, a.kind, a.replay) <
         std::tie(b.intent, b.attempt, b.method, b.status, b.kind, b.replay);
}
bool operator==(const AttemptLog &a, const AttemptLog &b) {
  return std::tie(a.intent, a.attempt, a.method, a.status, a.kind, a.replay) ==
         std::tie(b.intent, b.attempt, b.method, b.status, b.kind, b.replay);
}

void StopToken::request_stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopped_ = true;
  }
  cv_.notify_all();
}

bool StopToken::stop_requested() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopped_;
}

bool StopToken::sleep_for(std::chrono::nanoseconds d) const {
  std::unique_lock<std::mutex> lock(mu_);
  return !cv_.wait_for(lock, d, [this] { return stopped_; });
}

const char *key_strategy_name(KeyStrategy k) {
  switch (k) {
  case KeyStrategy::none:
    return "none";
  case KeyStrategy::stable:
    return "stable";
  case KeyStrategy::per_attempt:
    return "per_attempt";
  }
  return "?";
}

std::chrono::milliseconds backoff_delay(const ClientPolicy &p, int attempt,
                                        std::mt19937 &rng) {
  using std::chrono::milliseconds;
  milliseconds d{0};
  switch (p.backoff) {
  case BackoffKind::none:
    return milliseconds{0};
  case BackoffKind::fixed:
    d = p.base;
    break;
  case BackoffKind::exponential: {
    long long ms = p.base.count();
    for (int i = 1; i < attempt && ms < p.cap.count(); ++i)
      ms *= 2;
    d = milliseconds{std::min<long long>(ms, p.cap.count())};
    break;
  }
  }
  if (p.jitter && d.count() > 0) {
    std::uniform_int_distribution<long long> dist(0, d.count());
    d = milliseconds{dist(rng)};
  }
  return d;
}

RetryingClient::RetryingClient(ClientPolicy policy, EndpointFn endpoint,
                               const StopToken &stop)
    : policy_(policy), endpoint_(std::move(endpoint)), stop_(stop),
      rng_(policy.seed) {}

std::string RetryingClient::key_for(const std::string &intent,
                                    int attempt) const {
  switch (policy_.key) {
  case KeyStrategy::none:
    return "";
  case KeyStrategy::stable:
    return intent_key(nlohmann::json{{"id", intent}});
  case KeyStrategy::per_attempt:
    // What a fresh UUID per attempt amounts to: a different key every time
    // (derived, not random, so readings are repeatable).
    return intent_key(nlohmann::json{{"id", intent}, {"attempt", attempt}});
  }
  return "";
}

bool RetryingClient::query_committed(const std::string &intent,
                                     std::vector<AttemptLog> &log, int attempt,
                                     std::string &receipt) {
  HttpResult q = http_call(endpoint_(), "GET", "/charges?intent=" + intent, "",
                           {}, policy_.query_timeout);
  log.push_back({intent, attempt, q.status, q.kind, false, "GET"});
  if (q.status != 200)
    return false;
  auto j = nlohmann::json::parse(q.body, nullptr, false);
  if (!j.is_object() || !j.contains("charges") || !j["charges"].is_array() ||
      j["charges"].empty())
    return false;
  receipt = j["charges"][0].value("receipt", "");
  return true;
}

HttpResult RetryingClient::post_with_retries(const std::string &intent,
                                             const std::string &body,
                                             std::vector<AttemptLog> &log,
                                             ChargeOutcome &outcome) {
  HttpResult last;
  last.kind = "transport";
  last.error = "not attempted";
  for (int attempt = 1; policy_.attempts == 0 || attempt <= policy_.attempts;
       ++attempt) {
    if (stop_.stop_requested())
      break;
    if (before_)
      before_(intent, attempt);
    std::vector<std::pair<std::string, std::string>> headers;
    std::string key = key_for(intent, attempt);
    if (!key.empty())
      headers.emplace_back("Idempotency-Key", key);
    last = http_call(endpoint_(), "POST", "/charges", body, headers,
                     policy_.timeout);
    outcome.attempts = attempt;
    bool replay = last.header("idempotent-replayed") == "true";
    log.push_back({intent, attempt, last.status, last.kind, replay, "POST"});
    if (after_)
      after_(intent, attempt);

    RetryClass cls = classify_outcome(last.status, last.kind, last.sent);
    if (cls == RetryClass::success) {
      outcome.ok = true;
      auto j = nlohmann::json::parse(last.body, nullptr, false);
      if (j.is_object())
        outcome.receipt = j.value("receipt", "");
      return last;
    }
    if (cls == RetryClass::final && !policy_.retry_client_errors)
      return last;
    if (policy_.attempts != 0 && attempt == policy_.attempts)
      break;
    // After an ambiguous failure, ask the authoritative state before
    // re-sending: a charge that did commit must not be sent again.
    if (cls == RetryClass::ambiguous && policy_.query_before_retry &&
        query_committed(intent, log, attempt, outcome.receipt)) {
      outcome.ok = outcome.recovered = true;
      return last;
    }
    auto delay = backoff_delay(policy_, attempt, rng_);
    if (policy_.honor_retry_after) {
      std::string ra = last.header("retry-after");
      if (!ra.empty() && std::all_of(ra.begin(), ra.end(), ::isdigit))
        delay = std::max<std::chrono::milliseconds>(
            delay, std::chrono::seconds(std::atol(ra.c_str())));
    }
    if (delay.count() > 0 && !(sleep_ ? sleep_(delay) : stop_.sleep_for(delay)))
      break;
  }
  return last;
}

ChargeOutcome RetryingClient::charge(const std::string &intent, long amount,
                                     std::vector<AttemptLog> &log) {
  ChargeOutcome outcome;
  std::string body =
      nlohmann::json{{"intent", intent}, {"amount", amount}}.dump();
  post_with_retries(intent, body, log, outcome);
  return outcome;
}

} // namespace retryprobe
