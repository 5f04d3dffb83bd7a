// Minimal HTTP/1.1 plumbing over Boost.Beast: a server that hands each
// request to a handler on a pool thread (keep-alive when the client asks for
// it), and a one-shot client call whose every step is bounded by a deadline.
// The probe's own client sends one request per connection (Connection:
// close) so a dropped reply is attributable to one attempt.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace retryprobe {

// Raised when the probe cannot run at all (loopback bind, ledger dir).
struct PreconditionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct HttpRequestView {
  std::string method, target, body;
  std::map<std::string, std::string> headers; // lower-case names
  std::string header(const std::string &lower_name) const;
};

struct HttpReply {
  enum class Action { respond, drop, delay } action = Action::respond;
  int status = 200;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  std::chrono::milliseconds delay{0};
};

using Handler = std::function<HttpReply(const HttpRequestView &)>;

// Accepts TCP connections on one address and hands each (a connected
// socket's fd) to `serve` on a pool thread. The pool grows when every worker
// is busy: handlers may block (a slow reply, a relay or proxy waiting on its
// upstream), and a no-backoff client must not pay a thread start per
// request. stop() wakes accept, shuts down every watched socket (accepted
// ones and any the connections add) and joins the workers.
class TcpServer {
public:
  // Owns `fd`: it must call forget(fd) before closing it.
  using Connection = std::function<void(int fd)>;
  explicit TcpServer(Connection serve);
  ~TcpServer();
  TcpServer(const TcpServer &) = delete;
  TcpServer &operator=(const TcpServer &) = delete;

  // Binds `address`:`port`. Throws PreconditionError when it cannot be
  // bound (port in use, bad address).
  void start(const std::string &address, unsigned short port);
  // Bounded: wakes accept, shuts down watched sockets, joins workers.
  void stop();
  unsigned short port() const { return port_; }
  bool stopping();
  // Waits `d`, or less when stop() is called; true when stopping.
  bool wait_or_stop(std::chrono::milliseconds d);
  // Sockets stop() shuts down. Accepted sockets are watched from the start;
  // a connection may add its own (an upstream socket) the same way.
  void watch(int fd);
  void forget(int fd); // before closing fd, so stop() never hits a reused fd

private:
  struct Impl;
  void accept_loop();
  void worker_loop();

  Connection serve_;
  std::unique_ptr<Impl> impl_;
  unsigned short port_ = 0;
  std::thread acceptor_thread_;
  std::mutex mu_;
  std::condition_variable cv_;      // stop, for waits
  std::condition_variable work_cv_; // accepted connections waiting
  bool stopping_ = false;
  std::set<int> live_fds_;  // watched and not yet closed
  std::deque<int> pending_; // accepted, no worker yet
  int idle_ = 0;
  std::vector<std::thread> workers_;
};

class HttpServer {
public:
  explicit HttpServer(Handler handler);
  ~HttpServer();
  HttpServer(const HttpServer &) = delete;
  HttpServer &operator=(const HttpServer &) = delete;

  // Binds `address`:`port` (the scenarios: 127.0.0.1 port 0). Throws
  // PreconditionError when it cannot be bound (port in use, bad address).
  void start(const std::string &address = "127.0.0.1", unsigned short port = 0);
  // Bounds every wait on a connection: reading one request once it started,
  // and waiting idle for the next request on a kept-alive connection.
  void set_timeouts(std::chrono::milliseconds read,
                    std::chrono::milliseconds idle) {
    read_timeout_ = read;
    idle_timeout_ = idle;
  }
  // Largest request body accepted (larger: 413 and the connection closes).
  void set_body_limit(std::uint64_t bytes) { body_limit_ = bytes; }
  // Requests that could not be parsed or were cut short (garbage, a client
  // that disconnected mid-body, a read timeout).
  int bad_requests() const { return bad_requests_.load(); }
  // Bounded: wakes accept, shuts down live connections, joins workers.
  void stop();
  unsigned short port() const { return tcp_.port(); }

private:
  void serve(int fd);

  Handler handler_;
  std::chrono::milliseconds read_timeout_{10000}, idle_timeout_{30000};
  std::uint64_t body_limit_ = 64ull << 20;
  std::atomic<int> bad_requests_{0};
  TcpServer tcp_;
};

struct Endpoint {
  std::string host = "127.0.0.1";
  unsigned short port = 0;
};

struct HttpResult {
  int status = 0;    // 0 when no response arrived
  std::string kind;  // ok | server-error | client-error | transport |
                     // transport-timeout
  bool sent = false; // the request was fully written (for ambiguity)
  std::string body;
  std::map<std::string, std::string> headers; // lower-case names
  std::string error;
  std::string header(const std::string &lower_name) const;
};

// One request on a fresh connection; connect+write+read share `timeout`.
HttpResult
http_call(const Endpoint &ep, const std::string &method,
          const std::string &target, const std::string &body,
          const std::vector<std::pair<std::string, std::string>> &headers,
          std::chrono::milliseconds timeout);

std::string kind_for_status(int status);

} // namespace retryprobe
