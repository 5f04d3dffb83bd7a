#include "retryprobe/outcome.h"

namespace retryprobe {

const char *retry_class_name(RetryClass c) {
  switch (c) {
  case RetryClass::success:
    return "success";
  case RetryClass::safe:
    return "safe";
  case RetryClass::ambiguous:
    return "ambiguous";
  case RetryClass::final:
    return "final";
  }
  return "?";
}

RetryClass classify_outcome(int status, const std::string &kind, bool sent) {
  if (status >= 200 && status < 300)
    return RetryClass::success;
  // RFC 9110/8470/6585: the server did no work and says so.
  if (status == 408 || status == 425 || status == 429 || status == 503)
    return RetryClass::safe;
  if (status >= 400 && status < 500)
    return RetryClass::final;
  if (status >= 500)
    return RetryClass::ambiguous;
  // No response: only a request that never left is known not to have run.
  (void)kind;
  return sent ? RetryClass::ambiguous : RetryClass::safe;
}

} // namespace retryprobe
