// corpus: origin github:romange/helio util/cloud/utils.cc RobustSender::Send
// corpus: real-headers
// corpus: flags -std=c++17
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-per-attempt-idempotency-key
// The sender takes a pooled connection in each of at most `attempts` rounds;
// the pool hands it back inside a result object, and the round moves it into
// the caller's result struct, where it also notes whether the connection may
// be reused. A connection found closed while the request is written goes
// straight back to the next round: no wait at all. Other errors leave, a 2xx
// returns, and a 503 waits a constant 100 ms.
#include <chrono>
#include <memory>
#include <string>
#include <system_error>
#include <thread>

template <class T> class Result {
public:
  explicit operator bool() const;
  T &value();
  std::error_code error() const;
};

struct Conn {
  std::error_code Write(const std::string &req);
  int ReadStatus();
};

struct Pool {
  Result<std::unique_ptr<Conn>> Acquire();
};

struct Sent {
  std::unique_ptr<Conn> conn;
  bool reuse = true;
  int status = 0;
};

bool ConnectionClosed(const std::error_code &ec); // broken pipe or reset

std::error_code SendWithRetries(Pool *pool, const std::string &req,
                                unsigned attempts, Sent *out) {
  std::error_code last;
  for (unsigned i = 0; i < attempts; ++i) {
    auto acquired = pool->Acquire();
    if (!acquired)
      return acquired.error();
    out->conn = std::move(acquired.value());
    Conn *conn = out->conn.get();

    std::error_code ec = conn->Write(req);
    if (ConnectionClosed(ec)) {
      last = ec;
      continue;
    }
    if (ec)
      return ec;
    out->status = conn->ReadStatus();
    if (out->status / 100 == 2)
      return {};
    out->reuse = false;
    if (out->status == 503) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      last = std::make_error_code(std::errc::resource_unavailable_try_again);
      continue;
    }
    return std::make_error_code(std::errc::bad_message);
  }
  return last;
}
