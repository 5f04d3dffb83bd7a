// corpus: origin github:ydb-platform/ydb-cpp-sdk src/client/impl/ydb_internal/retry/retry.cpp CalcBackoffTime
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff retry-unkeyed-side-effect
// A retry bounded by an overall timeout rather than an attempt count, with
// a jittered slot backoff (CalcBackoffTime's uncertainty ratio).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>

enum class EStatus { SUCCESS, OVERLOADED, UNAVAILABLE, OTHER };

EStatus DescribeTable(const char *path); // RPC (other TU)

static std::chrono::milliseconds CalcBackoffTime(uint32_t retryNumber, std::mt19937 &gen) {
  const uint32_t slots = 1u << std::min(retryNumber, 6u);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double uncertainty = unit(gen) * 0.5 - 0.5 + 1.0;
  return std::chrono::milliseconds(static_cast<long>(50.0 * slots * uncertainty));
}

EStatus DescribeWithRetries(const char *path, std::chrono::seconds maxTimeout) {
  std::mt19937 gen{std::random_device{}()};
  const auto start = std::chrono::steady_clock::now();
  for (uint32_t retryNumber = 0;; ++retryNumber) {
    EStatus status = DescribeTable(path);
    if (status == EStatus::SUCCESS)
      return status;
    if (status != EStatus::OVERLOADED && status != EStatus::UNAVAILABLE)
      return status;
    if (std::chrono::steady_clock::now() - start >= maxTimeout)
      return status;
    std::this_thread::sleep_for(CalcBackoffTime(retryNumber, gen));
  }
}
