// RUN: %check_retrylint %s retry-missing-budget %t -- -- -I %S/Inputs/Headers

#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <httplib.h>
#include <string>
#include <thread>

void pause_before_retry(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
}

template <class F> auto with_retries(int attempts, F &&op) -> decltype(op()) {
  auto res = op();
  for (int i = 1; i < attempts && !res; ++i)
    res = op();
  return res;
}

struct RetryPolicy {
  bool ShouldRetry(int attempt) const;
};

bool while_true_until_success_bad(httplib::Client &cli) {
  int attempt = 0;
  while (true) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline: during an outage it re-sends the request until the process is stopped [retry-missing-budget]
    auto res = cli.Get("/orders/1");
    // CHECK-NOTES: :[[@LINE-1]]:16: note: retried operation
    if (res && res->status == 200)
      return true;
    pause_before_retry(attempt++);
  }
}

bool for_ever_bad(httplib::Client &cli) {
  for (;;) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (cli.Post("/charges", "{}", "application/json"))
      // CHECK-NOTES: :[[@LINE-1]]:9: note: retried operation
      break;
    pause_before_retry(1);
  }
  return true;
}

// The counter is incremented in the condition: 20 attempts all the same.
bool cap_in_condition_too_high_bad(httplib::Client &cli) {
  int attempt = 0;
  while (attempt++ < 20) {
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry loop makes up to 20 attempts, more than 10: one failing call becomes 20 requests to a dependency that is already struggling
    // CHECK-NOTES: :[[@LINE-2]]:3: note: retry loop starts here
    if (cli.Get("/orders/1"))
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

bool cap_too_high_bad(httplib::Client &cli) {
  for (int i = 0; i < 20; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: retry loop makes up to 20 attempts, more than 10: one failing call becomes 20 requests to a dependency that is already struggling
    // CHECK-NOTES: :[[@LINE-2]]:3: note: retry loop starts here
    if (cli.Get("/orders/1"))
      return true;
    pause_before_retry(i);
  }
  return false;
}

bool inclusive_cap_bad(httplib::Client &cli) {
  for (int i = 1; i <= 12; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: retry loop makes up to 12 attempts, more than 10
    // CHECK-NOTES: :[[@LINE-2]]:3: note: retry loop starts here
    if (cli.Get("/orders/1"))
      return true;
    pause_before_retry(i);
  }
  return false;
}

void helper_cap_too_high_bad(httplib::Client &cli) {
  with_retries(50, [&] { return cli.Get("/orders/1"); });
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: retry helper 'with_retries' makes up to 50 attempts, more than 10
  // CHECK-NOTES: :[[@LINE-2]]:3: note: retry helper 'with_retries' starts here
}

// --- must stay silent ---------------------------------------------------------

bool counter_checked_in_body_ok(httplib::Client &cli) {
  int tries = 0;
  for (;;) {
    if (cli.Get("/orders/1"))
      return true;
    if (++tries >= 5)
      return false;
    pause_before_retry(tries);
  }
}

bool policy_bounded_ok(httplib::Client &cli, const RetryPolicy &policy) {
  for (int attempt = 0;; ++attempt) {
    if (cli.Get("/orders/1"))
      return true;
    if (!policy.ShouldRetry(attempt))
      return false;
    pause_before_retry(attempt);
  }
}

bool deadline_bounded_ok(httplib::Client &cli) {
  const auto deadline = std::chrono::steady_clock::now();
  int attempt = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (cli.Get("/orders/1"))
      return true;
    pause_before_retry(attempt++);
  }
  return false;
}

bool variable_cap_ok(httplib::Client &cli, int max_attempts) {
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    if (cli.Get("/orders/1"))
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

bool small_cap_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Get("/orders/1"))
      return true;
  return false;
}

void helper_small_cap_ok(httplib::Client &cli) {
  with_retries(3, [&] { return cli.Get("/orders/1"); });
}

struct SpinLock {
  bool try_lock();
  void lock() {
    // A spin lock named retry is not a retry of a remote operation.
    for (int retry = 0;; ++retry)
      if (try_lock())
        return;
  }
};

void iterate_ok(httplib::Client &cli, const std::string *paths, int n) {
  for (int i = 0; i < n * 100; ++i)
    cli.Get(paths[i]);
}

bool recursive_forever_bad(httplib::Client &cli) {
  if (cli.Get("/orders/1"))
    return true;
  pause_before_retry(1);
  return recursive_forever_bad(cli);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry by recursion in 'recursive_forever_bad' has no attempt cap and no deadline
  // CHECK-NOTES: :[[@LINE-5]]:7: note: retried operation
}

bool recursive_counted_ok(httplib::Client &cli, int retries) {
  if (cli.Get("/orders/1"))
    return true;
  pause_before_retry(1);
  return retries > 0 && recursive_counted_ok(cli, retries - 1);
}

bool recursive_gated_by_if_ok(httplib::Client &cli, int tries_left) {
  if (cli.Get("/orders/1"))
    return true;
  if (tries_left <= 1)
    return false;
  pause_before_retry(1);
  return recursive_gated_by_if_ok(cli, tries_left - 1);
}

// Counted down in the body, passed on unchanged.
bool recursive_counted_in_body_ok(httplib::Client &cli, int tries_left,
                                  long delay_ms = 200) {
  if (cli.Get("/orders/1"))
    return true;
  if (--tries_left == 0)
    return false;
  std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
  return recursive_counted_in_body_ok(cli, tries_left, delay_ms * 2);
}

// An integer that changes in the recursive call but only grows the wait is
// not a cap (the corpus case missing-budget-recursion-httplib).
bool recursive_growing_wait_bad(httplib::Client &cli, long cap_ms = 100) {
  if (cli.Get("/.well-known/jwks.json"))
    return true;
  std::this_thread::sleep_for(std::chrono::milliseconds(cap_ms));
  return recursive_growing_wait_bad(cli, cap_ms < 10000 ? cap_ms * 2 : cap_ms);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry by recursion in 'recursive_growing_wait_bad' has no attempt cap and no deadline
  // CHECK-NOTES: :[[@LINE-5]]:7: note: retried operation
}

bool goto_forever_bad(httplib::Client &cli) {
retry:
  // CHECK-NOTES: :[[@LINE-1]]:1: warning: retry by goto has no attempt cap and no deadline
  if (!cli.Get("/orders/1")) {
    // CHECK-NOTES: :[[@LINE-1]]:8: note: retried operation
    pause_before_retry(1);
    goto retry;
  }
  return true;
}

// Work and accept loops perform operations but do not retry them: whether
// they go on does not depend on how the operation went.
bool next_job(int &job);
template <class F> bool queue_job(F f) {
  (void)f;
  return true;
}

void worker_loop_ok(httplib::Client &cli) {
  for (;;) {
    int job = 0;
    if (!next_job(job))
      return;
    cli.Post("/jobs", "{}", "application/json");
  }
}

void accept_loop_ok(httplib::Client &cli) {
  for (;;) {
    auto worker = [&cli] { cli.Post("/jobs", "{}", "application/json"); };
    if (!queue_job(worker))
      return;
  }
}

// Paging: each request asks for the page the previous reply named.
int page_items_ok(httplib::Client &cli) {
  std::string token = "first";
  int pages = 0;
  while (!token.empty()) {
    auto res = cli.Get("/orders?page=" + token);
    token = res ? res->body : std::string();
    ++pages;
  }
  return pages;
}

// A destructor that polls a flag until a background upload finished.
struct Uploader {
  httplib::Client *cli;
  bool done = false;
  ~Uploader() {
    while (!done)
      pause_before_retry(1);
  }
};

constexpr int kMaxAttempts = 25;

bool named_constant_cap_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: retry loop makes up to 25 attempts, more than 10
    // CHECK-NOTES: :[[@LINE-2]]:3: note: retry loop starts here
    if (cli.Get("/orders/1"))
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

// Loops that go round only after a success re-send nothing that failed: a
// paging loop that returns on the first error, and a poll of a job state.
std::string next_cursor(const std::string &body);
bool list_pages_ok(httplib::Client &cli, std::string cursor) {
  while (!cursor.empty()) {
    auto res = cli.Get("/orders?cursor=" + cursor);
    if (!res || res->status != 200)
      return false;
    cursor = next_cursor(res->body);
  }
  return true;
}

bool wait_for_job_ok(httplib::Client &cli) {
  for (;;) {
    auto res = cli.Get("/jobs/7/state");
    if (!res || res->status != 200)
      return false;
    if (res->body != "running")
      return res->body == "done";
    std::this_thread::sleep_for(std::chrono::seconds(2));
  }
}

// The SDK's ShouldRetry() on this attempt's error says whether the error is
// retryable; it counts nothing, so the loop has no cap.
bool put_until_not_retryable_bad(Aws::DynamoDB::DynamoDBClient &client,
                                 const Aws::DynamoDB::Model::PutItemRequest &req) {
  for (;;) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    // CHECK-NOTES: :[[@LINE+1]]:16: note: retried operation
    auto out = client.PutItem(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// A policy object asked with the attempt number bounds the loop.
bool put_with_policy_ok(Aws::DynamoDB::DynamoDBClient &client,
                        const Aws::DynamoDB::Model::PutItemRequest &req,
                        const RetryPolicy &policy) {
  for (int attempt = 0;; ++attempt) {
    auto out = client.PutItem(req);
    if (out.IsSuccess())
      return true;
    if (!policy.ShouldRetry(attempt))
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// --- a project's own retry-policy class: its method's body says whether it
// bounds the attempts (the corpus case missing-budget-policy-no-cap) ---

// ShouldRetry never looks at the attempt number: the loop has no cap.
struct ServerErrorPolicy {
  bool ShouldRetry(int status, int attempt) const { return status >= 500; }
};
bool policy_ignores_attempt_bad(httplib::Client &cli,
                                const ServerErrorPolicy &policy) {
  for (int attempt = 0;; ++attempt) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    auto res = cli.Get("/jobs");
    // CHECK-NOTES: :[[@LINE-1]]:16: note: retried operation
    if (res && res->status == 200)
      return true;
    if (!policy.ShouldRetry(res ? res->status : 0, attempt))
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
  }
}

class TransientOnly {
public:
  bool ShouldRetry(const grpc::Status &s) const {
    return s.error_code() == grpc::StatusCode::UNAVAILABLE;
  }
};
grpc::Status grpc_policy_no_cap_bad(payments::Payments::Stub &stub,
                                    const payments::ChargeRequest &req,
                                    payments::ChargeReply *reply) {
  TransientOnly policy;
  int attempt = 0;
  for (;;) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    // CHECK-NOTES: :[[@LINE-1]]:22: note: retried operation
    if (s.ok() || !policy.ShouldRetry(s))
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << (attempt++ % 6)));
  }
}

// The policy compares the attempt it is given with its limit.
class CountingPolicy {
public:
  bool ShouldRetry(const grpc::Status &s, int attempt) const {
    return s.error_code() == grpc::StatusCode::UNAVAILABLE && attempt < max_attempts_;
  }

private:
  int max_attempts_ = 4;
};
grpc::Status grpc_policy_counts_ok(payments::Payments::Stub &stub,
                                   const payments::ChargeRequest &req,
                                   payments::ChargeReply *reply) {
  CountingPolicy policy;
  for (int attempt = 1;; ++attempt) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || !policy.ShouldRetry(s, attempt))
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
  }
}

// The policy counts in its own state.
class StatefulPolicy {
public:
  bool ShouldRetry(const grpc::Status &s) { return ++used_ < 5; }

private:
  int used_ = 0;
};
grpc::Status grpc_policy_own_counter_ok(payments::Payments::Stub &stub,
                                        const payments::ChargeRequest &req,
                                        payments::ChargeReply *reply) {
  StatefulPolicy policy;
  for (;;) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || !policy.ShouldRetry(s))
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// The policy watches the clock: a deadline bounds the retry.
class DeadlinePolicy {
public:
  explicit DeadlinePolicy(std::chrono::steady_clock::time_point d) : deadline_(d) {}
  bool ShouldRetry(const grpc::Status &s) const {
    return std::chrono::steady_clock::now() < deadline_;
  }

private:
  std::chrono::steady_clock::time_point deadline_;
};
grpc::Status grpc_policy_deadline_ok(payments::Payments::Stub &stub,
                                     const payments::ChargeRequest &req,
                                     payments::ChargeReply *reply,
                                     std::chrono::steady_clock::time_point deadline) {
  DeadlinePolicy policy(deadline);
  for (;;) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || !policy.ShouldRetry(s))
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// The decision is delegated to a function the file does not define: unknown.
bool transient_by_config(int status);
struct DelegatingPolicy {
  bool ShouldRetry(int status) const { return transient_by_config(status); }
};
bool policy_delegates_ok(httplib::Client &cli, const DelegatingPolicy &policy) {
  for (;;) {
    auto res = cli.Get("/jobs");
    if (res && res->status == 200)
      return true;
    if (!policy.ShouldRetry(res ? res->status : 0))
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// --- attempts counted in a field of a context struct (the corpus case
// missing-budget-struct-counter-ok) ---

struct CallState {
  int attempts = 0;
  int max_attempts = 3;
};

bool struct_counter_and_limit_ok(httplib::Client &cli, CallState &st) {
  while (true) {
    auto res = cli.Get("/orders/1");
    ++st.attempts;
    if (res || st.attempts >= st.max_attempts)
      return static_cast<bool>(res);
    pause_before_retry(st.attempts);
  }
}

bool struct_counter_too_high_bad(httplib::Client &cli, CallState &st) {
  while (true) {
    auto res = cli.Get("/orders/1");
    ++st.attempts;
    if (res || st.attempts >= 40)
      // CHECK-NOTES: :[[@LINE-1]]:16: warning: retry loop makes up to 40 attempts, more than 10
      // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop starts here
      return static_cast<bool>(res);
    pause_before_retry(st.attempts);
  }
}

// --- a recursion capped by a parameter its callers start at a constant ---

static bool upload_part(httplib::Client &cli, int tries_left) {
  if (cli.Put("/parts/1", {}, "x", "text/plain"))
    return true;
  if (tries_left <= 1)
    return false;
  pause_before_retry(tries_left);
  return upload_part(cli, tries_left - 1);
  // CHECK-NOTES: :[[@LINE-1]]:27: warning: retry by recursion in 'upload_part' makes up to 30 attempts, more than 10
  // CHECK-NOTES: :[[@LINE-2]]:10: note: retry by recursion in 'upload_part' starts here
}

bool upload_many_tries_bad(httplib::Client &cli) { return upload_part(cli, 30); }

static bool upload_chunk(httplib::Client &cli, int tries_left) {
  if (cli.Put("/chunks/1", {}, "x", "text/plain"))
    return true;
  if (tries_left <= 1)
    return false;
  pause_before_retry(tries_left);
  return upload_chunk(cli, tries_left - 1);
}

bool upload_few_tries_ok(httplib::Client &cli) { return upload_chunk(cli, 3); }

// --- an exit test after the attempt on a counter the `for` steps at the end
// of the round: the round with the limit is made too (i = 1 .. 12) ---

bool exit_test_after_attempt_bad(httplib::Client &cli) {
  for (int i = 1;; ++i) {
    if (cli.Get("/orders/1"))
      return true;
    if (i == 12)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry loop makes up to 12 attempts, more than 10
      // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop starts here
      return false;
    pause_before_retry(i);
  }
}

bool exit_test_after_attempt_ok(httplib::Client &cli) {
  for (int i = 1;; ++i) {
    if (cli.Get("/orders/1"))
      return true;
    if (i == 10)
      return false;
    pause_before_retry(i);
  }
}

// --- an attempt counter declared in the loop body starts again every pass ---
// (the corpus case missing-budget-counter-reset-in-body)

bool counter_reset_each_pass_bad(httplib::Client &cli) {
  for (;;) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    int attempts = 0;
    auto res = cli.Get("/slots");
    // CHECK-NOTES: :[[@LINE-1]]:16: note: retried operation
    if (res && res->status == 200)
      return true;
    if (++attempts >= 5)
      return false;
    pause_before_retry(attempts);
  }
}

bool counter_before_loop_ok(httplib::Client &cli) {
  int attempts = 0;
  for (;;) {
    auto res = cli.Get("/slots");
    if (res && res->status == 200)
      return true;
    if (++attempts >= 5)
      return false;
    pause_before_retry(attempts);
  }
}

// A static local keeps its count from pass to pass.
bool static_counter_in_body_ok(httplib::Client &cli) {
  for (;;) {
    static int attempts = 0;
    auto res = cli.Get("/slots");
    if (res && res->status == 200)
      return true;
    if (++attempts >= 5)
      return false;
    pause_before_retry(attempts);
  }
}

// --- AWS SDK retry strategies: a retry policy with its own cap ---------------
// (the corpus case missing-budget-aws-strategy-25)

Aws::Client::ClientConfiguration sessions_config_bad() {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("sessions", 25L, 25L);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: AWS SDK retry strategy makes up to 26 attempts, more than 10: one failing call becomes 26 requests to a dependency that is already struggling [retry-missing-budget]
  return cfg;
}

Aws::Client::ClientConfiguration standard_config_bad() {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = std::make_shared<Aws::Client::StandardRetryStrategy>(20);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: AWS SDK retry strategy makes up to 20 attempts, more than 10
  return cfg;
}

Aws::Client::ClientConfiguration three_retries_ok() {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("orders", 3L);
  return cfg;
}

// The library's own default count is not judged here (no count is written).
Aws::Client::ClientConfiguration library_default_ok() {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("orders");
  return cfg;
}

Aws::Client::ClientConfiguration standard_five_ok(long configured) {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = std::make_shared<Aws::Client::StandardRetryStrategy>(5);
  // A count read from configuration is not judged.
  cfg.retryStrategy = std::make_shared<Aws::Client::StandardRetryStrategy>(configured);
  return cfg;
}

// --- a cap tested through a local flag (reduced from
// github:userver-framework/userver core/src/clients/http/request_state.cpp;
// the realcode case userver-retry-any-method-post) ---

bool cap_in_local_flag_ok(httplib::Client &cli, int retries) {
  for (int current = 1;; ++current) {
    auto res = cli.Get("/events");
    const bool not_need_retry = (res && res->status < 500) || current >= retries;
    if (not_need_retry)
      return static_cast<bool>(res);
    pause_before_retry(current);
  }
}

bool cap_too_high_in_local_flag_bad(httplib::Client &cli) {
  for (int current = 1;; ++current) {
    auto res = cli.Get("/events");
    const bool give_up = (res && res->status < 500) || current >= 40;
    // CHECK-NOTES: :[[@LINE-1]]:56: warning: retry loop makes up to 40 attempts, more than 10
    // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop starts here
    if (give_up)
      return static_cast<bool>(res);
    pause_before_retry(current);
  }
}

bool flag_without_cap_bad(httplib::Client &cli) {
  for (int current = 1;; ++current) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    auto res = cli.Get("/events");
    // CHECK-NOTES: :[[@LINE-1]]:16: note: retried operation
    const bool done = res && res->status < 500;
    if (done)
      return true;
    pause_before_retry(current);
  }
}

// --- known gaps ------------------------------------------------------------------

// FIXME: a cap test that trips only when a second, unrelated step also
// failed (`!ok && i == send_retries`, ok being the reconnect in the handler)
// is taken as a cap; while reconnects succeed the loop never ends (the corpus
// case missing-budget-clickhouse-retry-guard).
struct SocketError {
  int code;
};
void send_ping(int fd); // another file; throws SocketError
int reconnect();        // another file; throws SocketError
void ping_until_reconnect_fails_FN(int fd, unsigned send_retries) {
  for (unsigned i = 0;; ++i) {
    try {
      send_ping(fd);
      return;
    } catch (const SocketError &) {
      bool ok = true;
      try {
        pause_before_retry(1);
        fd = reconnect();
      } catch (...) {
        ok = false;
      }
      if (!ok && i == send_retries)
        break;
    }
  }
}

// FIXME: a policy whose limit means "unlimited" at -1 (`max_attempts_ == -1`)
// and is built with -1 where the client is made is taken as a bound (the
// corpus case missing-backoff-oatpp-simple-retry-policy).
class UnlimitedPolicy {
public:
  explicit UnlimitedPolicy(long max_attempts) : max_attempts_(max_attempts) {}
  bool canRetry(long attempt) const {
    return attempt <= max_attempts_ || max_attempts_ == -1;
  }

private:
  long max_attempts_;
};
bool fetch_config_unlimited_FN(httplib::Client &cli) {
  UnlimitedPolicy policy(-1);
  for (long attempt = 1;; ++attempt) {
    auto res = cli.Get("/device/config");
    if (res && res->status == 200)
      return true;
    if (!policy.canRetry(attempt))
      return false;
    pause_before_retry(int(attempt));
  }
}
