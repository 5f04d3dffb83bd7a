// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Waits of retry sites recognized by structure (the callee is a wrapper
// declared in another file, a virtual call or a callable parameter).

#include <chrono>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

struct Session {
  virtual ~Session();
  virtual bool open(const char *host) = 0;
};

struct Error {
  int code = 0;
  bool IsNone() const { return code == 0; }
};

bool publish_event(const char *topic); // another file

// The issue's own example: a helper by behaviour with no wait at all.
template <class Op> auto attempt_until_ok_bad(Op op, int limit) {
  for (int n = 1;; ++n) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    try {
      return op();
    } catch (const std::runtime_error &) {
      if (n >= limit)
        throw;
    }
  }
}

// Reduced from github:aosedge/aos_core_cpp src/common/utils/retry.cpp Retry:
// the delay doubles up to a ceiling but never gets jitter.
Error retry_doubling_bad(const std::function<Error()> &retryFunc, int maxTry,
                         int delayMs, int maxDelayMs) {
  Error err;
  for (int attempt = 1;; ++attempt) {
    if (err = retryFunc(); err.IsNone())
      return Error{};
    if (attempt >= maxTry && maxTry != 0)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    delayMs *= 2;
    if (delayMs > maxDelayMs)
      delayMs = maxDelayMs;
  }
  return err;
}

bool reopen_constant_bad(Session &s) {
  for (int i = 0; i < 5; ++i) {
    if (s.open("queue.internal"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return false;
}

bool publish_no_wait_bad(const char *topic) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (publish_event(topic))
      return true;
  }
  return false;
}

// Reduced from github:eclipse/paho.mqtt.c test/test6.c: the project's own
// sleep, defined elsewhere, is a wait of the duration it is given.
void MySleep(long ms);
bool publish_fixed_sleep_bad(const char *topic) {
  while (!publish_event(topic)) {
    // publish failed: retry after a second
    MySleep(1000);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return true;
}

// --- near-misses that must stay silent ---

// A sleep defined elsewhere with no visible duration: its shape is unknown.
void backoff_sleep();
bool publish_unknown_sleep_ok(const char *topic) {
  for (int i = 0; i < 3; ++i) {
    if (publish_event(topic))
      return true;
    backoff_sleep();
  }
  return false;
}

// Jittered, growing wait; the callee is not HTTP, so no Retry-After rule.
bool reopen_jittered_ok(Session &s, std::minstd_rand &rng) {
  int backoff = 100;
  for (int i = 0; i < 5; ++i) {
    if (s.open("queue.internal"))
      return true;
    std::uniform_int_distribution<int> d(0, backoff);
    std::this_thread::sleep_for(std::chrono::milliseconds(backoff + d(rng)));
    backoff *= 2;
  }
  return false;
}

// Failover: each attempt goes to a different endpoint.
bool open_any_ok(Session &s, const char *const *hosts, int n) {
  for (int i = 0; i < n; ++i)
    if (s.open(hosts[i]))
      return true;
  return false;
}

// Not a retry: the loop goes on while the call succeeds.
int drain_ok(const std::function<bool()> &pop) {
  int n = 0;
  while (pop())
    ++n;
  return n;
}

// From nginx (src/core/ngx_proxy_protocol.c, src/http/ngx_http_core_module.c,
// src/event/ngx_event_openssl_stapling.c): walks whose `for` increment feeds
// the call, and a parser loop.
#define NGX_OK 0
#define NGX_ERROR -1
#define NGX_AGAIN -2
int ssl_sub(void *c, int type, const char **value);
int append_tlv(int type, const char *value);
int add_ssl_tlvs_ok(void *c) {
  const char *value;
  for (int type = 0x21; type <= 0x25; type++) {
    int rc = ssl_sub(c, type, &value);
    if (rc == NGX_ERROR)
      return NGX_ERROR;
    if (rc != NGX_OK)
      continue;
    append_tlv(type, value);
  }
  return NGX_OK;
}

struct Str {
  const char *data;
};
struct MethodName {
  const char *name;
  unsigned method;
};
extern MethodName method_names[];
int str_case_cmp(const char *a, const char *b);
int log_invalid_method(const Str *v);
int limit_except_ok(const Str *value, unsigned nelts, unsigned *mask) {
  unsigned i;
  for (i = 1; i < nelts; i++) {
    for (MethodName *name = method_names; name->name; name++) {
      if (str_case_cmp(value[i].data, name->name) == 0) {
        *mask &= name->method;
        goto next;
      }
    }
    log_invalid_method(&value[i]);
    return NGX_ERROR;
  next:
    continue;
  }
  return NGX_OK;
}

struct OcspCtx;
int ssl_ocsp_parse_header_line(OcspCtx *ctx);
int process_ocsp_headers_ok(OcspCtx *ctx) {
  for (;;) {
    int rc = ssl_ocsp_parse_header_line(ctx);
    if (rc == NGX_OK)
      continue;
    if (rc == NGX_AGAIN)
      return NGX_AGAIN;
    return NGX_ERROR;
  }
}

// One test that leaves on success or when the attempts are used up: the
// loop still goes round because the call failed. (The shape of
// redpanda-data/redpanda src/v/transform/rpc/client.cc retry_with_backoff.)
struct Reply {
  int ec = 0;
};
Reply retry_with_backoff_bad(const std::function<Reply()> &func) {
  long backoff_ms = 100;
  int attempts = 0;
  while (true) {
    ++attempts;
    std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    backoff_ms *= 2;
    Reply r = func();
    if (r.ec == 0 || attempts >= 5)
      return r;
  }
}

Reply retry_with_jitter_ok(const std::function<Reply()> &func) {
  std::minstd_rand rng(7);
  int attempts = 0;
  while (true) {
    ++attempts;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempts)(rng)));
    Reply r = func();
    if (r.ec == 0 || attempts >= 5)
      return r;
  }
}

// --- goto and recursion retry sites wait like loops ---
// (the corpus cases missing-backoff-goto-no-wait.c and
// missing-backoff-recursion-no-wait.cpp)

int fetch_keys_once(const char *url); // another file; 0 on success

// A goto or a recursion that follows the unknown call's failure is a retry
// site by structure, as the loop form is.
int fetch_keys_goto_bad(const char *url) {
  int tries = 0;
  int rc;
again:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto re-sends immediately after a failure
  rc = fetch_keys_once(url);
  if (rc != 0 && ++tries < 3)
    goto again;
  return rc;
}

int fetch_keys_goto_jitter_ok(const char *url) {
  std::minstd_rand rng(7);
  int tries = 0;
  int rc;
again:
  rc = fetch_keys_once(url);
  if (rc != 0 && ++tries < 3) {
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << tries)(rng)));
    goto again;
  }
  return rc;
}

int fetch_keys_recursive_bad(const char *url, int tries_left) {
  if (fetch_keys_once(url) == 0)
    return 0;
  if (tries_left <= 1)
    return -1;
  return fetch_keys_recursive_bad(url, tries_left - 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry by recursion in 'fetch_keys_recursive_bad' re-sends immediately after a failure
}

// Not retries: a recursion over what succeeded (a walk to the next page), a
// goto that goes back after success (the next record).
int fetch_page(const char *cursor, char *next); // 0 on success

int walk_pages_ok(const char *cursor) {
  char next[64];
  if (fetch_page(cursor, next) != 0)
    return -1;
  if (next[0] == 0)
    return 0;
  return walk_pages_ok(next);
}

int read_record(int fd); // 0 on success, -1 at the end

int drain_records_ok(int fd) {
  int n = 0;
next:
  if (read_record(fd) == 0) {
    ++n;
    goto next;
  }
  return n;
}

int fetch_keys_recursive_jitter_ok(const char *url, int tries_left) {
  static std::minstd_rand rng(7);
  if (fetch_keys_once(url) == 0)
    return 0;
  if (tries_left <= 1)
    return -1;
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(0, 100L * tries_left)(rng)));
  return fetch_keys_recursive_jitter_ok(url, tries_left - 1);
}

// A recursion that finishes a request's state machine (reduced from
// nginx/nginx src/http/ngx_http_request.c ngx_http_finalize_request): the
// call tested before it sits in a block that handles its failure and
// returns, so no failure of it leads back.
struct HttpReq;
int post_action(HttpReq *r); // 0 on success
void terminate_request(HttpReq *r, int rc);
int special_response(HttpReq *r, int rc);

void finalize_request_ok(HttpReq *r, int rc) {
  if (rc == -1) {
    if (post_action(r) == 0)
      return;
    terminate_request(r, rc);
    return;
  }
  if (rc >= 300) {
    finalize_request_ok(r, special_response(r, rc));
    return;
  }
}

// A predicate asked of the result names the outcome it holds for (reduced
// from envoyproxy/envoy source/common/router/retry_state_impl.cc
// RetryStateImpl::wouldRetryFromHeaders).
struct Upstream {
  unsigned status;
};
Upstream forward_upstream(const char *request); // another file
bool would_retry(unsigned status);
bool is_success(unsigned status);

Upstream route_bad(const char *request) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    Upstream r = forward_upstream(request);
    if (!would_retry(r.status))
      return r;
  }
  return Upstream{503};
}

// Going on while the predicate says success is a walk, not a retry.
Upstream relay_all_ok(const char *request) {
  Upstream r{0};
  for (int hop = 0; hop < 3; ++hop) {
    r = forward_upstream(request);
    if (!is_success(r.status))
      return r;
  }
  return r;
}

// The result's own flags say how the attempt went: a bool field named for a
// failure (`retryable_error`) or a success (`okay`). Reduced from
// github:Kansattica/msync lib/sync/sync_helpers.hpp request_with_retries.
struct NetResponse {
  bool okay = false;
  bool retryable_error = false;
  bool pending = false;
};
NetResponse send_post(const char *body); // another file

template <class Req> NetResponse flag_goes_back_bad(Req req, unsigned tries) {
  for (unsigned i = 0; i < tries; i++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    NetResponse r = req();
    if (r.retryable_error)
      continue;
    return r;
  }
  return NetResponse{};
}

NetResponse okay_flag_bad(const char *body) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    NetResponse r = send_post(body);
    if (r.okay)
      return r;
  }
  return NetResponse{};
}

// A flag whose name says nothing about failure: the loop's reason to go
// back is unknown, and unknown is silent.
NetResponse pending_flag_ok(const char *body) {
  for (int i = 0; i < 3; ++i) {
    NetResponse r = send_post(body);
    if (r.pending)
      continue;
    return r;
  }
  return NetResponse{};
}

// The verdict in a local flag computed from the result, through a smart
// pointer: `bool again = !reply || http->go_again(*reply)`. Reduced from
// github:duckdb/duckdb src/main/http/http_util.cpp RunRequestWithRetry.
struct Verdict {
  virtual ~Verdict();
  virtual bool go_again(const NetResponse &r) = 0;
};
std::unique_ptr<NetResponse>
verdict_flag_bad(const std::function<std::unique_ptr<NetResponse>()> &attempt,
                 Verdict *v) {
  while (true) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    std::unique_ptr<NetResponse> reply = attempt();
    bool again = !reply || v->go_again(*reply);
    if (!again)
      return reply;
  }
}

// Reduced from the same duckdb function: the wait is skipped on the first
// retry unless the failure was a 429 or 503 kept as text. A reply the code
// builds to return (make_unique) is no other call's outcome, and a call
// reading a local made afresh in each round (report(caught)) judges this
// attempt: it does not go elsewhere.
void report(const std::string &status); // another file
std::unique_ptr<NetResponse>
throttled_or_later_waits_bad(
    const std::function<std::unique_ptr<NetResponse>()> &attempt, Verdict *v,
    bool try_request) {
  unsigned tries = 0;
  while (true) {
    std::unique_ptr<NetResponse> reply;
    std::string caught;
    try {
      reply = attempt();
    } catch (const std::runtime_error &) {
      caught = "503";
    }
    bool again = !reply || v->go_again(*reply);
    if (!again)
      return reply;
    tries += 1;
    const bool throttled = caught == "429" || caught == "503";
    if (tries <= 3) {
      if (tries > 1 || throttled)
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: this retry path goes back to the next attempt with no wait
        std::this_thread::sleep_for(std::chrono::milliseconds(100 << tries));
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: backoff grows between attempts but has no jitter
      report(caught);
    } else {
      if (try_request) {
        if (!reply)
          reply = std::make_unique<NetResponse>();
        return reply;
      }
      throw std::runtime_error("failed");
    }
  }
}

// Reduced from github:awslabs/aws-c-io source/posix/pipe.c
// s_write_end_process_requests: a loop that drains a queue while a C
// function says it is not empty works on the next request in each round,
// whatever the failure of the last one: no retry.
struct Queue;
struct Request {
  const char *body;
};
bool queue_list_empty(const Queue *q);
Request *queue_front(Queue *q);
void queue_pop_front(Queue *q);
bool send_request(const char *body); // another file
void drain_queue_ok(Queue *q) {
  while (!queue_list_empty(q)) {
    Request *r = queue_front(q);
    bool sent = send_request(r->body);
    if (!sent)
      continue;
    queue_pop_front(q);
  }
}

// A stream that reconnects after a failed read: the connection is dropped
// and opened again from the same offset (what a successful read advances
// is left behind when it returns), so each round re-issues the same read.
class Source {
public:
  virtual ~Source() = default;
  virtual long read_some(char *into, long n) = 0;
};

class Resuming {
  std::unique_ptr<Source> inner_;
  std::function<std::unique_ptr<Source>(long)> reopen_;
  long offset_ = 0;

public:
  long reconnect_and_read_bad(char *into, long n) {
    for (int attempt = 1;; ++attempt) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: retry loop re-sends immediately after a failure
      if (!inner_)
        inner_ = reopen_(offset_);
      try {
        long got = inner_->read_some(into, n);
        offset_ += got;
        return got;
      } catch (const std::runtime_error &) {
        inner_.reset();
        if (attempt == 3)
          throw;
      }
    }
  }

  // Each round reads from where the last one stopped: a stream, not a retry.
  long read_all_ok(char *into, long n) {
    long total = 0;
    for (;;) {
      long got = inner_->read_some(into + total, n - total);
      if (got <= 0)
        return total;
      total += got;
    }
  }
};

// A call that returns nothing and takes its arguments by value (it reports
// failure by throwing): no argument is where it reports its outcome.
void publish_event(std::string payload, int priority);

void publish_by_value_bad(const std::string &payload) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    try {
      publish_event(payload, 1);
      return;
    } catch (const std::runtime_error &) {
    }
  }
}

// --- not retries: restarts, queries, walks ---

int *__errno_location(void);
#define errno (*__errno_location())
#define EINTR 4
long read_some(int fd, char *into, long n); // a system call's wrapper

// A system call a signal cut short is restarted: no failure is retried.
long read_restart_on_interrupt_ok(int fd, char *into, long n) {
  long got = 0;
  while (true) {
    got = read_some(fd, into, n);
    if (got < 0 && errno == EINTR)
      continue;
    break;
  }
  return got;
}

long read_do_while_interrupted_ok(int fd, char *into, long n) {
  long got;
  do
    got = read_some(fd, into, n);
  while (got < 0 && errno == EINTR);
  return got;
}

// A callable named as a query asks; it makes no attempt.
bool write_until_stopped_ok(const std::function<bool()> &is_shutting_down,
                            Source &out, char *buf, long n) {
  long offset = 0;
  while (offset < n && !is_shutting_down()) {
    long sent = out.read_some(buf + offset, n - offset);
    if (sent <= 0)
      return false;
    offset += sent;
  }
  return offset == n;
}

// A walk over a range whose element is picked through the iterator.
struct Entry {
  std::string value;
};
bool matches_token(const char *b, const char *e); // defined elsewhere

template <class It> bool any_token_ok(It first, It last) {
  for (auto it = first; it != last; ++it) {
    const Entry &entry = *it;
    if (matches_token(entry.value.data(),
                      entry.value.data() + entry.value.size()))
      return true;
  }
  return false;
}
template bool any_token_ok<const Entry *>(const Entry *, const Entry *);
struct EntryIter {
  const Entry &operator*() const;
  EntryIter &operator++();
  bool operator!=(const EntryIter &) const;
};
template bool any_token_ok<EntryIter>(EntryIter, EntryIter);

// --- a connection taken again from the same pool is the same place ---

// Reduced from github:romange/helio util/cloud/utils.cc RobustSender::Send:
// the pooled handle arrives in a result object and is moved out of it.
template <class T> class Expected {
public:
  explicit operator bool() const;
  T &value();
  int error() const;
};
struct Conn {
  int write(const std::string &what);
};
struct Pool {
  Expected<std::unique_ptr<Conn>> take();
};
struct Held {
  std::unique_ptr<Conn> conn;
  bool reuse = true;
};

int send_through_pool_bad(Pool *pool, Held *held, const std::string &what) {
  int err = 0;
  for (unsigned i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    auto got = pool->take();
    if (!got)
      return got.error();
    held->conn = std::move(got.value());
    Conn *c = held->conn.get();
    err = c->write(what);
    if (err == 0)
      return 0;
    // What the round learnt about the connection, the same every round.
    held->reuse = false;
  }
  return err;
}

// Each round takes the next handle of a list: failover, not a retry.
int send_to_each_ok(Expected<std::unique_ptr<Conn>> *handles, unsigned n,
                    Held *held, const std::string &what) {
  int err = 0;
  for (unsigned i = 0; i < n; ++i) {
    auto &got = handles[i];
    if (!got)
      return got.error();
    held->conn = std::move(got.value());
    err = held->conn->write(what);
    if (err == 0)
      return 0;
  }
  return err;
}

// --- an error object tested for truth is a failure ---

#include <system_error>
#define RETURN_IF_ERROR(x)                                                     \
  do {                                                                         \
    auto ec = (x);                                                             \
    if (ec)                                                                    \
      return ec;                                                               \
  } while (false)

struct Buffered {
  std::error_code fill(const char *p, long n); // uploads when full
  std::error_code flush();

  // Reduced from github:romange/helio util/cloud/utils.cc
  // AbstractStorageFile::WriteSome: an error leaves, each success goes on to
  // the next round. No failure is retried.
  std::error_code write_each_ok(const char *p, long n, unsigned len) {
    long total = 0;
    for (unsigned i = 0; i < len; ++i) {
      RETURN_IF_ERROR(fill(p, n));
      total += n;
    }
    return {};
  }

  std::error_code flush_until_clean_bad() {
    for (int i = 0; i < 3; ++i) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: retry loop re-sends immediately after a failure
      std::error_code ec = flush();
      if (!ec)
        return ec;
    }
    return std::make_error_code(std::errc::io_error);
  }
};

// --- waits for another thread's change are no retries ---

// Reduced from github:romange/helio util/fibers/synchronization.h
// (CondVarAny::wait, EventCount::await): the loop sleeps until notified and
// tests the caller's predicate again. Nothing failed; nothing is re-sent.
struct FiberCondVar {
  template <class Lock> void wait(Lock &lk); // suspends until notified
  template <class Lock, class Pred> void wait(Lock &lk, Pred pred) {
    while (!pred()) {
      wait(lk);
    }
  }
};
struct EventCount {
  unsigned prepareWait();
  bool wait(unsigned epoch); // suspends until the epoch moves
  template <class Condition> bool await(Condition condition) {
    bool preempted = false;
    while (true) {
      unsigned epoch = prepareWait();
      if (condition())
        break;
      preempted |= wait(epoch);
    }
    return preempted;
  }
};
struct SpinLock {
  void lock();
  void unlock();
};
bool queue_has_items();

void wait_for_items_ok(FiberCondVar &cv, EventCount &ec, SpinLock &lk) {
  cv.wait(lk, [] { return queue_has_items(); });
  ec.await([] { return queue_has_items(); });
}

// --- a call the model cannot read on the way back waits only with evidence ---

struct RateLimiter {
  void Acquire(); // blocks until a token is free (defined in another file)
};
bool publish_event(const char *topic);

// Waits need evidence (docs/rules.md): nothing in the limiter's name or
// parameters says it waits, so the way back has no wait.
bool publish_paced_bad(RateLimiter &limiter, const char *topic) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (publish_event(topic))
      return true;
    limiter.Acquire();
  }
  return false;
}

// Reporting the failure (another file) does not wait.
void report_failure(const char *topic, int attempt);
bool publish_reported_bad(const char *topic) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (publish_event(topic))
      return true;
    report_failure(topic, i);
  }
  return false;
}

// A wrapper declared in another file whose reply carries an HTTP status: the
// loop's own tests read that status, so the retry path is an HTTP one and a
// blanket "not 200" retries 429 and 503 without reading Retry-After. The
// wait's duration comes from code the model cannot read (no jitter rule).
// Reduced from github:yhirose/cpp-httplib example/ssecli-stream.cc main.
struct FeedReply {
  int status = 0;
  std::string body;
  std::string header(const char *name) const;
};
FeedReply fetch_feed(const std::string &url); // another file
int next_delay_ms();                          // another file
int seconds_from(const std::string &text);    // another file

bool follow_feed_bad(const std::string &url) {
  for (int i = 0; i < 5; ++i) {
    FeedReply r = fetch_feed(url);
    if (r.status != 200) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path for HTTP 429 and 503 ignores the Retry-After header
      std::this_thread::sleep_for(std::chrono::milliseconds(next_delay_ms()));
      continue;
    }
    return true;
  }
  return false;
}

// The same loop reading the reply's Retry-After.
bool follow_feed_retry_after_ok(const std::string &url) {
  for (int i = 0; i < 5; ++i) {
    FeedReply r = fetch_feed(url);
    if (r.status != 200) {
      std::string after = r.header("Retry-After");
      std::this_thread::sleep_for(std::chrono::milliseconds(
          after.empty() ? next_delay_ms() : 1000 * seconds_from(after)));
      continue;
    }
    return true;
  }
  return false;
}

// Retried on 500 and 502 only: no 429 or 503 takes the retry path.
bool follow_feed_5xx_ok(const std::string &url) {
  for (int i = 0; i < 5; ++i) {
    FeedReply r = fetch_feed(url);
    if (r.status == 500 || r.status == 502) {
      std::this_thread::sleep_for(std::chrono::milliseconds(next_delay_ms()));
      continue;
    }
    return r.status == 200;
  }
  return false;
}

// A call that returns nothing reports through what it is handed, a pointer
// included: brpc's generated stubs fill the controller they get. Reduced
// from github:apache/brpc src/brpc/retry_policy.cpp
// RpcRetryPolicyWithFixedBackoff::GetBackoffTimeMs and a loop consulting it.
struct RpcController {
  bool Failed() const;
};
struct PlaceRequest {};
struct PlaceReply {};
class OrderService_Stub {
public:
  void Place(RpcController *cntl, const PlaceRequest *req, PlaceReply *resp);
};

bool place_fixed_wait_bad(OrderService_Stub &stub, RpcController *cntl,
                          const PlaceRequest &req, PlaceReply *resp) {
  for (int i = 0; i < 3; ++i) {
    stub.Place(cntl, &req, resp);
    if (!cntl->Failed())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return false;
}

// The loop tests a controller the call was not handed: the call's outcome
// does not decide whether it goes round.
bool place_other_controller_ok(OrderService_Stub &stub, RpcController *cntl,
                               RpcController *watchdog,
                               const PlaceRequest &req, PlaceReply *resp) {
  for (int i = 0; i < 3; ++i) {
    stub.Place(cntl, &req, resp);
    if (!watchdog->Failed())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// A switch over the call's result: it returns on the success enumerator and
// goes back on some failures, so the loop goes back because the call failed.
// Reduced from github:datastax/cpp-driver src/request_handler.cpp
// RequestExecution::on_error_response.
enum QueryError { QUERY_OK, QUERY_READ_TIMEOUT, QUERY_UNAVAILABLE, QUERY_SYNTAX };
struct QueryReply {
  QueryError error;
};
QueryReply run_query(const char *cql); // another file

QueryReply query_switch_bad(const char *cql) {
  for (int tries = 0;; ++tries) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    QueryReply r = run_query(cql);
    switch (r.error) {
    case QUERY_OK:
      return r;
    case QUERY_READ_TIMEOUT:
    case QUERY_UNAVAILABLE:
      if (tries < 2)
        continue;
      return r;
    default:
      return r;
    }
  }
}

// Goes round after a success and leaves on any failure: a drain, not a
// retry.
int drain_queries_ok(const char *cql) {
  int n = 0;
  for (;;) {
    QueryReply r = run_query(cql);
    switch (r.error) {
    case QUERY_OK:
      ++n;
      continue;
    default:
      return n;
    }
  }
}
