// corpus: origin github:scylladb/scylladb utils/azure/identity/managed_identity_credentials.cc managed_identity_credentials::with_retries
// corpus: real-headers
// corpus: flags -std=c++20
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget
// A coroutine fetches a managed-identity token from the instance metadata
// endpoint and retries a rejected request up to three times when the status
// says so (404, 429 and 5xx). The wait before each retry is 100 ms times
// 2^n - 1: 0 ms, then 100 ms, then 300 ms. The first retry goes at once, and
// nothing is randomised, so every VM of a scale set retries on the same beat.
// (The project builds on Seastar; its future and sleep are declared here.)
#include <chrono>
#include <coroutine>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>

namespace ss {
template <class T = void> class future;
template <> class future<void> {
public:
  struct promise_type {
    future get_return_object();
    std::suspend_never initial_suspend() noexcept;
    std::suspend_never final_suspend() noexcept;
    void return_void();
    void unhandled_exception();
  };
  bool await_ready() const noexcept;
  void await_suspend(std::coroutine_handle<>) noexcept;
  void await_resume();
};
future<> sleep(std::chrono::milliseconds d);
} // namespace ss

enum class http_status { ok = 200, not_found = 404, too_many_requests = 429 };

class token_error : public std::runtime_error {
public:
  token_error(http_status s, const std::string &what);
  http_status status() const;
};

bool is_server_error(http_status s); // 500-599

ss::future<> fetch_token_with_retries(std::function<ss::future<>()> fetch) {
  constexpr int max_retries = 3;
  constexpr std::chrono::milliseconds step{100};
  std::chrono::milliseconds delay{0};
  int retries = 0;
  while (true) {
    try {
      co_return co_await fetch();
    } catch (const token_error &e) {
      http_status s = e.status();
      bool again = s == http_status::not_found ||
                   s == http_status::too_many_requests || is_server_error(s);
      if (retries >= max_retries || !again)
        throw;
      delay = step * ((1 << retries) - 1);
      ++retries;
    }
    co_await ss::sleep(delay);
  }
}
