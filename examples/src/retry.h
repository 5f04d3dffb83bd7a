// Retry helpers for cpp-httplib calls.
#pragma once

#include "backoff.h"

#include <httplib.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

namespace shop {

// No response at all (timeout, reset), throttling, or a server error: worth
// another attempt. Any other status is final.
inline bool is_transient(const httplib::Result &res) {
  return !res || res->status == 429 || res->status >= 500;
}

// The wait the server asked for, from a delta-seconds Retry-After header.
inline std::chrono::milliseconds retry_after(const httplib::Result &res) {
  if (!res || !res->has_header("Retry-After")) {
    return std::chrono::milliseconds::zero();
  }
  const std::string value = res->get_header_value("Retry-After");
  char *end = nullptr;
  const long seconds = std::strtol(value.c_str(), &end, 10);
  if (end == value.c_str() || seconds < 0) {
    return std::chrono::milliseconds::zero();
  }
  return std::chrono::seconds(seconds);
}

// Calls op() up to `attempts` times, until it returns a non-transient result,
// sleeping with jittered exponential backoff between attempts.
template <class F> auto with_retries(int attempts, F &&op) {
  auto res = op();
  for (int attempt = 1; attempt < attempts && is_transient(res); ++attempt) {
    std::this_thread::sleep_for(backoff_delay(attempt, retry_after(res)));
    res = op();
  }
  return res;
}

} // namespace shop
