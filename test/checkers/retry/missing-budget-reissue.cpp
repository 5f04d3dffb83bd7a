// RUN: %check_retrylint -check-suffix=BUDGET %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
// RUN: %check_retrylint -check-suffix=BACKOFF %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Retries by re-issue (docs/rules.md, policies and handlers as sites): an
// event-driven client starts an attempt in one function, learns of its
// failure in a callback or a handler, and there starts the attempt again,
// at once or through a timer. The attempt and the handler call each other
// only through the callbacks they register, so no loop and no recursion is
// in view. The site is the call that starts the attempt again; its cap is
// a counter tested on the way to it, its wait the delay the timer is armed
// with. An attempt started again after a success (a read re-armed, a
// periodic poll) is no retry.

#include <chrono>
#include <functional>
#include <random>
#include <system_error>

struct Duration {
  double seconds;
};
struct EventLoop {
  // Defined in another file: runs f after delay, or at once in the loop.
  void RunAfter(Duration delay, std::function<void()> f);
  void RunInLoop(std::function<void()> f);
};
struct Timer { // an asio-style timer, defined in another file
  void expires_after(std::chrono::milliseconds d);
  void async_wait(std::function<void(std::error_code)> handler);
};

int sock_connect(int fd, const char *addr); // another file: -1 on failure
struct Reply {
  int code;
};
typedef void (*ReplyFn)(Reply *, void *);
int http_send(const char *url, const char *body, ReplyFn cb, void *arg);
void set_message_callback(std::function<void(int)> cb);
void close_socket(int fd);
void deliver(Reply *r);

// evpp's Connector, reduced: Start connects, a failed connect ends in
// HandleError, which dials again after a constant interval for as long as
// auto-reconnect is switched on (a stop switch, no budget).
class Connector {
public:
  void Start();
  void HandleError();

private:
  void Connect();
  EventLoop *loop_;
  bool auto_reconnect_;
  Duration reconnect_interval_;
  int fd_;
  const char *addr_;
};

void Connector::Start() { Connect(); }

void Connector::Connect() {
  if (sock_connect(fd_, addr_) < 0)
    HandleError();
}

void Connector::HandleError() {
  close_socket(fd_);
  // Otherwise we will try to do reconnection silently.
  if (auto_reconnect_)
    loop_->RunAfter(reconnect_interval_, std::bind(&Connector::Start, this));
  // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:5: warning: re-issue of 'Start' in 'HandleError' has no attempt cap and no deadline
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-2]]:5: warning: wait between attempts is constant and has no jitter
}

// evpp's httpc::Request, reduced: the reply callback retries a missing
// reply or a 5xx while retried_ < retry_number_ (a cap), and Retry starts
// the request again at once.
class Request {
public:
  void Execute();
  static void OnReply(Reply *r, void *self);
  void Retry();

private:
  EventLoop *loop_;
  const char *url_;
  const char *body_;
  int retried_ = 0;
  int retry_number_;
};

void Request::Execute() { http_send(url_, body_, &Request::OnReply, this); }

void Request::OnReply(Reply *r, void *self) {
  auto *req = static_cast<Request *>(self);
  if (r == nullptr || r->code >= 500) {
    if (req->retried_ < req->retry_number_) {
      req->Retry();
      return;
    }
  }
  deliver(r);
}

void Request::Retry() {
  retried_ += 1;
  loop_->RunInLoop(std::bind(&Request::Execute, this));
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: re-issue of 'Execute' in 'Retry' re-sends immediately after a failure
}

// The lambda form: the delay doubles on each failure and a counter caps
// the reconnects, but nothing spreads the clients out.
class Dialer {
public:
  void Dial();
  void OnDialFailed();

private:
  EventLoop *loop_;
  Duration backoff_{0.1};
  int attempts_ = 0;
  int fd_;
  const char *addr_;
};

void Dialer::Dial() {
  if (sock_connect(fd_, addr_) < 0)
    OnDialFailed();
}

void Dialer::OnDialFailed() {
  if (++attempts_ > 5)
    return;
  backoff_.seconds = backoff_.seconds * 2;
  loop_->RunAfter(backoff_, [this] { Dial(); });
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: backoff grows between attempts but has no jitter
}

// evnsq's NSQConn, reduced: an error frame makes Reconnect dial again at
// once, with no count and no pause.
class NsqConn {
public:
  void Connect(const char *addr);
  void Reconnect();
  void OnMessage(int frame_type);

private:
  int fd_;
  const char *addr_;
};

void NsqConn::Connect(const char *addr) {
  sock_connect(fd_, addr);
  set_message_callback(std::bind(&NsqConn::OnMessage, this));
}

void NsqConn::OnMessage(int frame_type) {
  if (frame_type == 1 /* error */)
    Reconnect();
}

void NsqConn::Reconnect() {
  close_socket(fd_);
  Connect(addr_);
  // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: re-issue of 'Connect' in 'Reconnect' has no attempt cap and no deadline
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-2]]:3: warning: re-issue of 'Connect' in 'Reconnect' re-sends immediately after a failure
}

// An asio-style client: on a failed connect the handler arms a timer for a
// constant second and connects again when it fires.
class AsioClient {
public:
  void start_connect();
  void handle_connect_error(std::error_code ec);

private:
  Timer timer_;
  int fd_;
  const char *addr_;
};

void AsioClient::start_connect() {
  if (sock_connect(fd_, addr_) < 0)
    handle_connect_error(std::error_code());
}

void AsioClient::handle_connect_error(std::error_code ec) {
  // retry the connection after a second
  timer_.expires_after(std::chrono::milliseconds(1000));
  timer_.async_wait([this](std::error_code) { start_connect(); });
  // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: re-issue of 'start_connect' in 'handle_connect_error' has no attempt cap and no deadline
  // The constant wait is the one the timer is set to.
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-4]]:3: warning: wait between attempts is constant and has no jitter
}

// FlashMQ's bridge reconnect, reduced: the handler connects itself and,
// on a failure, hands a bound copy of itself to a task queue that runs it
// 500 ms later, for ever.
struct DelayedTasks {
  void addTask(std::function<void()> f, unsigned delayInMs);
};

class BridgeThread {
public:
  void bridgeReconnect();

private:
  DelayedTasks tasks_;
  int fd_;
  const char *addr_;
};

void BridgeThread::bridgeReconnect() {
  bool requeue = false;
  if (sock_connect(fd_, addr_) < 0)
    requeue = true;
  if (requeue) {
    auto f = std::bind(&BridgeThread::bridgeReconnect, this);
    tasks_.addTask(f, 500);
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:5: warning: re-issue of 'bridgeReconnect' in 'bridgeReconnect' has no attempt cap and no deadline
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-2]]:5: warning: wait between attempts is constant and has no jitter
  }
}

// A relaunch a policy allows (`ShouldRetry()`, evpp's memcache pool): the
// policy is the cap; the relaunch itself goes at once.
struct Command {
  bool ShouldRetry();
};
void set_disconnect_callback(std::function<void()> cb);
void fail_command(Command *cmd);
int send_command(int fd, Command *cmd); // another file

class Launcher {
public:
  void Launch(Command *cmd);
  void OnDisconnected(Command *cmd);

private:
  int fd_;
};

void Launcher::Launch(Command *cmd) {
  send_command(fd_, cmd);
  set_disconnect_callback(std::bind(&Launcher::OnDisconnected, this, cmd));
}

void Launcher::OnDisconnected(Command *cmd) {
  if (cmd->ShouldRetry())
    Launch(cmd);
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:5: warning: re-issue of 'Launch' in 'OnDisconnected' re-sends immediately after a failure
  else
    fail_command(cmd);
}

// A call with a timeout on another branch is no wait before the re-issue:
// the dial goes again at once.
void make_client(const char *addr, int connect_timeout_ms); // another file

class LazyDialer {
public:
  void Dial();
  void OnDialFailed();

private:
  EventLoop *loop_;
  bool first_ = true;
  int fd_;
  const char *addr_;
};

void LazyDialer::Dial() {
  if (sock_connect(fd_, addr_) < 0)
    OnDialFailed();
}

void LazyDialer::OnDialFailed() {
  if (first_) {
    make_client(addr_, 3000);
    first_ = false;
    return;
  }
  // dial again
  loop_->RunInLoop(std::bind(&LazyDialer::Dial, this));
  // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: re-issue of 'Dial' in 'OnDialFailed' has no attempt cap and no deadline
  // CHECK-MESSAGES-BACKOFF: :[[@LINE-2]]:3: warning: re-issue of 'Dial' in 'OnDialFailed' re-sends immediately after a failure
}

// A reconnect with a cap, a growing delay and jitter: silent.
class GoodDialer {
public:
  void Dial();
  void OnDialFailed_ok();

private:
  EventLoop *loop_;
  int attempts_ = 0;
  std::minstd_rand rng_;
  int fd_;
  const char *addr_;
};

void GoodDialer::Dial() {
  if (sock_connect(fd_, addr_) < 0)
    OnDialFailed_ok();
}

void GoodDialer::OnDialFailed_ok() {
  if (++attempts_ > 5)
    return;
  std::uniform_int_distribution<int> jitter(0, 100);
  Duration d{0.1 * (1 << attempts_) + jitter(rng_) / 1000.0};
  loop_->RunAfter(d, std::bind(&GoodDialer::Dial, this));
}

// A read re-armed after each success: a consumer, not a retry.
class Reader {
public:
  void StartRead();
  void OnRead(std::error_code ec, int n);

private:
  EventLoop *loop_;
  int fd_;
};

int async_read(int fd, std::function<void(std::error_code, int)> cb);
void process(int n);

void Reader::StartRead() {
  async_read(fd_, std::bind(&Reader::OnRead, this));
}

void Reader::OnRead(std::error_code ec, int n) {
  if (ec)
    return;
  process(n);
  StartRead();
}

// A periodic poll re-armed by its own timer: no failure starts it again.
class Poller {
public:
  void OnTimer();

private:
  EventLoop *loop_;
  Duration interval_;
  const char *url_;
};

void Poller::OnTimer() {
  http_send(url_, "", nullptr, nullptr);
  loop_->RunAfter(interval_, std::bind(&Poller::OnTimer, this));
}

// A reconnect the user asks for: nothing the attempt registers leads back
// here, so no failure starts it.
class Session {
public:
  void Open();
  void Reconnect_ok();

private:
  int fd_;
  const char *addr_;
};

void Session::Open() { sock_connect(fd_, addr_); }

void Session::Reconnect_ok() {
  close_socket(fd_);
  Open();
}

// A timeout handler that re-arms its own timer for the next request in the
// queue: another request each time, no retry (evpp's memcache client).
class CommandQueue {
public:
  void OnCommandTimeout_ok(unsigned cmd_id);

private:
  EventLoop *loop_;
  Duration timeout_;
  unsigned front_id_;
  bool empty_;
};

void fail_all_commands();

void CommandQueue::OnCommandTimeout_ok(unsigned cmd_id) {
  if (!empty_ && front_id_ != cmd_id) {
    // the next command's timer
    loop_->RunAfter(timeout_, std::bind(&CommandQueue::OnCommandTimeout_ok,
                                        this, front_id_));
    return;
  }
  fail_all_commands(); // the pool may retry them on another server
}

// Closing and finishing start nothing again, whatever leads back to them.
class Stream {
public:
  void CloseFile_ok();
  void FinishZip();

private:
  int fd_;
  bool zipped_;
};

int write_block(int fd);

void Stream::FinishZip() {
  if (write_block(fd_) < 0)
    CloseFile_ok();
}

void Stream::CloseFile_ok() {
  // on an error, try again to flush what is left
  if (zipped_)
    FinishZip();
  close_socket(fd_);
}

// A connect handed a completion callback is the attempt itself: the
// callback is its continuation, not an attempt started again (the failover
// over a node list in libcouchbase's HTTP config provider).
int connect_next_node(const char *const *nodes, void (*done)(int, void *),
                      void *arg); // another file
class ConfigProvider {
public:
  void on_io_error_ok(int err);
  static void on_connected(int fd, void *self);

private:
  const char *const *nodes_;
};

int fetch_config(int fd); // another file

void ConfigProvider::on_connected(int fd, void *self) {
  if (fd < 0)
    static_cast<ConfigProvider *>(self)->on_io_error_ok(fd);
  else
    fetch_config(fd);
}

void ConfigProvider::on_io_error_ok(int err) {
  // retry with the next node
  connect_next_node(nodes_, &ConfigProvider::on_connected, this);
}

// A state change made when a poll succeeded: the test names an error code,
// but nothing says retry (libcouchbase's durability poll).
class DurabilityPoll {
public:
  void poll_ok();
  void switch_state(int next);

private:
  int last_err_;
};

int poll_servers(DurabilityPoll *p); // another file

void DurabilityPoll::switch_state(int next) {
  if (next == 2)
    poll_ok();
}

void DurabilityPoll::poll_ok() {
  int err = poll_servers(this);
  if (err == 0) {
    // check again
    switch_state(1);
  } else {
    last_err_ = err;
  }
}

// A handler that hands a failure on to the failure handler starts no
// attempt: `socket_failed` is named for the failure, not for a start
// (libcouchbase's server connection).
class McServer {
public:
  void connect();
  void handle_connected_ok(int err);
  void socket_failed(int err);

private:
  int fd_;
  const char *addr_;
  bool retry_enabled_;
};

void McServer::connect() {
  sock_connect(fd_, addr_);
  set_message_callback(std::bind(&McServer::handle_connected_ok, this));
}

void McServer::socket_failed(int err) {
  close_socket(fd_);
  connect();
}

void McServer::handle_connected_ok(int err) {
  if (err && retry_enabled_)
    socket_failed(err);
}

// libzmq's reconnect timer, reduced: the failure arms a timer by id and the
// class's timer handler connects again. The timer and its handler are tied
// only by the id, which the model does not follow.
class ZmqConnecter {
public:
  void start_connecting();
  void timer_event(int id);
  void add_reconnect_timer_FN();

private:
  void add_timer(int ivl, int id);
  int fd_;
  const char *addr_;
  int reconnect_ivl_ = 100;
};

void ZmqConnecter::start_connecting() {
  if (sock_connect(fd_, addr_) < 0)
    add_reconnect_timer_FN();
}

void ZmqConnecter::add_reconnect_timer_FN() {
  // FIXME: the reconnect timer is armed with a constant interval and no cap
  // (missing-budget, missing-backoff), but the handler is found by id.
  add_timer(reconnect_ivl_, 1);
}

void ZmqConnecter::timer_event(int id) {
  if (id == 1)
    start_connecting();
}
