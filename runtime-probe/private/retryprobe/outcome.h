// Classification of one attempt's outcome: is a retry safe, ambiguous or
// pointless? The retrying client needs this and nothing above it.
#pragma once

#include <string>

namespace retryprobe {

enum class RetryClass {
  success,   // 2xx
  safe,      // server says nothing was done: 408/425/429/503, not sent
  ambiguous, // may have committed: 500/502/504, timeout, reset after send
  final      // other 4xx: will never succeed on retry
};

const char *retry_class_name(RetryClass c);
// `sent` = the request was fully written before the failure.
RetryClass classify_outcome(int status, const std::string &kind, bool sent);

} // namespace retryprobe
