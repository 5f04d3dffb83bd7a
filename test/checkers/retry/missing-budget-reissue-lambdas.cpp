// RUN: %check_retrylint -check-suffix=BUDGET %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
// RUN: %check_retrylint -check-suffix=BACKOFF %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Retries by re-issue through a completion handler written as a lambda
// (docs/rules.md, retries by re-issue): an asio-style connect hands the
// operation a lambda, and the lambda, on a failed outcome, arms a timer
// (or calls at once) to run the connect again. The lambda is the handler;
// the function that hands it over is the attempt. Its cap is a counter the
// handler tests, its wait the delay the timer is armed with. A completion
// handler that starts the next read after a success is no retry.

#include <chrono>
#include <functional>
#include <system_error>

struct Timer { // defined in another file
  void expires_after(std::chrono::milliseconds d);
  void async_wait(std::function<void(std::error_code)> handler);
};
struct Socket { // defined in another file
  void async_connect(const char *ep, std::function<void(std::error_code)> cb);
  void async_read(char *buf, std::function<void(std::error_code, int)> cb);
};
void log_line(const char *msg);

// snapcast's TCP stream reader, reduced: on a failed connect the handler
// waits a constant second on the reconnect timer and connects again, for
// ever.
class TcpStream {
public:
  void connect();

private:
  void on_connect();
  Socket sock_;
  Timer reconnect_timer_;
  const char *ep_;
};

void TcpStream::connect() {
  sock_.async_connect(ep_, [this](std::error_code ec) {
    if (!ec) {
      on_connect();
    } else {
      log_line("connect failed");
      reconnect_timer_.expires_after(std::chrono::milliseconds(1000));
      reconnect_timer_.async_wait([this](std::error_code) { connect(); });
      // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:7: warning: re-issue of 'connect' in a lambda in 'connect' has no attempt cap and no deadline
      // CHECK-MESSAGES-BACKOFF: :[[@LINE-3]]:7: warning: wait between attempts is constant and has no jitter
    }
  });
}

// The project's own scheduler (snapcast's AsioStream::wait): a member named
// for waiting arms the timer with the handler it is handed; it is no
// attempt, and what it is handed is.
class PipeReader {
public:
  void connect();

private:
  void on_connect();
  void wait(Timer &timer, std::chrono::milliseconds d,
            std::function<void()> handler) {
    timer.expires_after(d);
    timer.async_wait([handler](std::error_code) { handler(); });
  }
  Socket sock_;
  Timer reconnect_timer_;
  const char *ep_;
};

void PipeReader::connect() {
  sock_.async_connect(ep_, [this](std::error_code ec) {
    if (!ec)
      on_connect();
    else
      wait(reconnect_timer_, std::chrono::milliseconds(1000),
           [this] { connect(); });
    // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:7: warning: re-issue of 'connect' in a lambda in 'connect' has no attempt cap and no deadline
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-3]]:7: warning: wait between attempts is constant and has no jitter
  });
}

// The same with a counted cap and an immediate reconnect: no wait.
class Dialer {
public:
  void dial();

private:
  Socket sock_;
  int reconnects_ = 0;
  const char *ep_;
};

void Dialer::dial() {
  sock_.async_connect(ep_, [this](std::error_code ec) {
    if (ec && ++reconnects_ < 5)
      dial();
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:7: warning: re-issue of 'dial' in a lambda in 'dial' re-sends immediately after a failure
  });
}

// Near-miss: the read handler starts the next read after a success; a
// failure ends the stream.
class Reader {
public:
  void read_next();

private:
  Socket sock_;
  char buf_[512];
};

void Reader::read_next() {
  sock_.async_read(buf_, [this](std::error_code ec, int n) {
    if (ec) {
      log_line("read failed");
      return;
    }
    read_next();
  });
}
