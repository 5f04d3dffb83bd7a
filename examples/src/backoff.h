// Retry pacing shared by the HTTP clients.
#pragma once

#include <algorithm>
#include <chrono>
#include <random>

namespace shop {

constexpr std::chrono::milliseconds kBackoffBase{200};
constexpr std::chrono::milliseconds kBackoffCap{5000};
constexpr std::chrono::milliseconds kRetryAfterMax{30000};

// Exponential backoff with full jitter: a uniformly random wait in
// [0, min(cap, base * 2^attempt)]. If the server asked for a longer pause
// (Retry-After), honour it, up to kRetryAfterMax.
inline std::chrono::milliseconds backoff_delay(
    int attempt,
    std::chrono::milliseconds retry_after = std::chrono::milliseconds::zero()) {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  const int shift = std::clamp(attempt, 0, 10);
  const std::chrono::milliseconds ceiling =
      std::min(kBackoffCap, kBackoffBase * (1 << shift));
  std::uniform_int_distribution<std::chrono::milliseconds::rep> jitter(
      0, ceiling.count());
  const std::chrono::milliseconds wait{jitter(rng)};
  return std::max(wait, std::min(retry_after, kRetryAfterMax));
}

} // namespace shop
