// corpus: origin github:Kansattica/msync lib/sync/sync_helpers.hpp request_with_retries
// corpus: real-headers
// corpus: expect retry-unkeyed-side-effect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status
// The caller hands in a lambda that performs the request (here an unkeyed
// status post, re-sent after a timeout: the helper's name makes the call a
// retry site). Capped by the
// retries argument; a 429 waits for the rate limit to reset, but every other
// retryable error (timeouts, 5xx) goes straight back to the next attempt.
// The loop goes back when the result's flag `retryable_error` says so (a
// flag of the result named for a failure); the wait it does make is a
// constant 5 s poll until the reset, with no jitter.
#include <chrono>
#include <string>
#include <thread>

struct net_response {
  bool retryable_error = false;
  bool okay = false;
  int status_code = 0;
  std::string message;
};

struct request_response {
  bool okay;
  std::string message;
  unsigned attempts;
};

std::chrono::system_clock::time_point reset_time(const std::string &body);

template <typename make_request>
request_response request_with_retries(make_request req, unsigned retries) {
  for (unsigned i = 0; i < retries; i++) {
    net_response response = req();
    if (response.retryable_error) {
      if (response.status_code == 429) {
        const auto resets_at = reset_time(response.message);
        while (std::chrono::system_clock::now() < resets_at)
          std::this_thread::sleep_for(std::chrono::seconds(5));
      }
      continue;
    }
    return request_response{response.okay, std::move(response.message),
                            i + 1};
  }
  return request_response{false, "Maximum retries reached.", retries};
}

net_response post_status(const std::string &url, const std::string &body);

request_response send_status(const std::string &url, const std::string &body) {
  return request_with_retries([&] { return post_status(url, body); }, 3);
}
