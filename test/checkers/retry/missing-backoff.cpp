// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers

#include <chrono>
#include <grpcpp/grpcpp.h>
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>
#include <unistd.h>

std::minstd_rand rng;

std::chrono::milliseconds jittered(int attempt) {
  std::uniform_int_distribution<int> dist(0, 100 << attempt);
  return std::chrono::milliseconds(dist(rng));
}

long retry_after_ms(const httplib::Result &res) {
  return res ? 1000 * 1 : 0;
}

bool no_wait_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure: with no wait between attempts an outage turns into a request storm [retry-missing-backoff]
    auto res = cli.Get("/orders/1");
    // CHECK-NOTES: :[[@LINE-1]]:16: note: retried operation
    if (res && res->status < 500)
      return res->status == 200;
  }
  return false;
}

bool constant_wait_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status < 500)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path for HTTP 503 ignores the Retry-After header: the server said when to come back and the client retries earlier
      // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop starts here
      return res->status == 200;
    sleep(1);
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter: every client retries on the same beat and the load never spreads
    // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop starts here
  }
  return false;
}

bool exponential_without_jitter_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status < 500)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path for HTTP 503 ignores the Retry-After header
      // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop starts here
      return res->status == 200;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter: clients that failed together retry together, in synchronized waves
    // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop starts here
  }
  return false;
}

bool doubling_delay_without_jitter_bad(httplib::Client &cli) {
  int delay_ms = 100;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Get("/orders/1"))
      return true;
    usleep(delay_ms * 1000);
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop starts here
    delay_ms *= 2;
  }
  return false;
}

bool throttled_without_retry_after_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status != 429 && res->status < 500)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path for HTTP 429 and 503 ignores the Retry-After header: the server said when to come back and the client retries earlier
      return res->status == 200;
    std::this_thread::sleep_for(jittered(attempt));
  }
  // CHECK-NOTES: :[[@LINE-7]]:3: note: retry loop starts here
  return false;
}

// --- must stay silent ---------------------------------------------------------

bool jittered_backoff_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status < 500 && res->status != 429)
      return res->status == 200;
    if (res && res->get_header_value("Retry-After") != "")
      std::this_thread::sleep_for(std::chrono::milliseconds(retry_after_ms(res)));
    else
      std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

// Retry-After named by a header constant (Boost.Beast's
// res[http::field::retry_after]) or by a field of a parsed reply.
enum class Field { host, retry_after };
std::string header_of(const httplib::Result &res, Field f);
struct Throttle {
  long retry_after_s;
};
Throttle parse_throttle(const httplib::Result &res);

bool retry_after_header_constant_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status != 429 && res->status < 500)
      return res->status == 200;
    if (!header_of(res, Field::retry_after).empty())
      std::this_thread::sleep_for(std::chrono::seconds(1));
    else
      std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

bool retry_after_reply_field_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status != 429 && res->status < 500)
      return res->status == 200;
    Throttle t = parse_throttle(res);
    if (t.retry_after_s > 0)
      std::this_thread::sleep_for(std::chrono::seconds(t.retry_after_s));
    else
      std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

bool only_4xx_are_final_and_no_throttle_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status != 500 && res->status != 502 && res->status != 504)
      return res->status == 200;
    std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

bool grpc_has_no_retry_after_ok(payments::Payments::Stub &stub, const payments::ChargeRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    if (stub.GetCharge(&ctx, req, &reply).ok())
      return true;
    std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

bool exits_on_every_failure_ok(httplib::Client &cli) {
  // Loops only while the call succeeds (a batch of three reads): no
  // failure loops back, so there is nothing to back off from.
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (!res || res->status != 200)
      return false;
    if (res->body == "done")
      return true;
  }
  return false;
}

// hiredis: a null reply is a failed round trip, re-sent here at once.
long long redis_incr_bad(redisContext *c) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    // CHECK-NOTES: :[[@LINE+1]]:41: note: retried operation
    auto *r = static_cast<redisReply *>(redisCommand(c, "INCR seq"));
    if (!r)
      continue;
    long long n = r->integer;
    freeReplyObject(r);
    return n;
  }
  return -1;
}

long long redis_incr_jittered_ok(redisContext *c, std::minstd_rand &rng) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto *r = static_cast<redisReply *>(redisCommand(c, "INCR seq"));
    if (r) {
      long long n = r->integer;
      freeReplyObject(r);
      return n;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
  }
  return -1;
}

// A project's own retry-policy class: the wait comes from its Delay, which
// has no jitter.
struct FixedDelayPolicy {
  std::chrono::milliseconds Delay(int attempt) const {
    return std::chrono::milliseconds(200);
  }
};
bool policy_constant_delay_bad(httplib::Client &cli,
                               const FixedDelayPolicy &policy) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Get("/jobs"))
      return res->status == 200;
    std::this_thread::sleep_for(policy.Delay(attempt));
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop starts here
  }
  return false;
}

// --- goto and recursion retry sites wait like loops ---
// (the corpus cases missing-backoff-goto-no-wait.c and
// missing-backoff-recursion-no-wait.cpp)

bool get_keys_goto_bad(httplib::Client &cli) {
  int tries = 0;
again:
  // CHECK-NOTES: :[[@LINE-1]]:1: warning: retry by goto re-sends immediately after a failure: with no wait between attempts an outage turns into a request storm [retry-missing-backoff]
  auto res = cli.Get("/keys");
  // CHECK-NOTES: :[[@LINE-1]]:14: note: retried operation
  if (!res && ++tries < 3)
    goto again;
  return static_cast<bool>(res);
}

bool get_keys_recursive_bad(httplib::Client &cli, int tries_left) {
  if (cli.Get("/keys"))
    return true;
  if (tries_left <= 1)
    return false;
  return get_keys_recursive_bad(cli, tries_left - 1);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry by recursion in 'get_keys_recursive_bad' re-sends immediately after a failure: with no wait between attempts an outage turns into a request storm [retry-missing-backoff]
  // CHECK-NOTES: :[[@LINE-6]]:7: note: retried operation
}

bool get_keys_recursive_jitter_ok(httplib::Client &cli, int tries_left) {
  if (cli.Get("/keys"))
    return true;
  if (tries_left <= 1)
    return false;
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(0, 100L * tries_left)(rng)));
  return get_keys_recursive_jitter_ok(cli, tries_left - 1);
}

// --- one path waits, another goes straight back ---
// (the corpus case missing-backoff-some-paths-no-wait)

bool some_paths_no_wait_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (!res)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: this retry path goes back to the next attempt with no wait: on this failure an outage turns into a request storm [retry-missing-backoff]
      // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop starts here
      continue;
    if (res->status == 500) {
      std::this_thread::sleep_for(jittered(attempt));
      continue;
    }
    return res->status == 200;
  }
  return false;
}

bool wait_before_each_attempt_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt > 0)
      std::this_thread::sleep_for(jittered(attempt));
    auto res = cli.Get("/orders/1");
    if (!res)
      continue;
    if (res->status == 500)
      continue;
    return res->status == 200;
  }
  return false;
}

// --- Retry-After read on some retried paths only (the corpus case
// missing-backoff-retry-after-429-only) ---

bool retry_after_on_429_only_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/buckets");
    if (!res)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path for HTTP 503 ignores the Retry-After header
      // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop starts here
      return false;
    if (res->status == 429)
      std::this_thread::sleep_for(std::chrono::milliseconds(retry_after_ms(res)));
    else if (res->status == 503)
      std::this_thread::sleep_for(jittered(attempt));
    else
      return res->status == 200;
  }
  return false;
}

bool retry_after_on_both_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/buckets");
    if (!res)
      return false;
    if (res->status == 429 || res->status == 503)
      std::this_thread::sleep_for(std::chrono::milliseconds(retry_after_ms(res)));
    else
      return res->status == 200;
  }
  return false;
}

bool retry_after_unconditional_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/buckets");
    if (res && res->status != 429 && res->status != 503)
      return res->status == 200;
    long ra = res ? retry_after_ms(res) : 0;
    if (ra > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(ra));
    else
      std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

// --- known gaps ------------------------------------------------------------------

// A library retry helper's policy: folly's retryingPolicyBasic(n) retries
// every exception at once, with no wait (the corpus case
// missing-backoff-folly-basic-policy); its jittered policy waits.
#include <folly/futures/Retrying.h>

struct LookupFailed {};
int geo_lookup(const char *ip, char *country, int n); // another file

int folly_basic_policy_bad(const char *ip, char *out, int n) {
  return folly::futures::retrying(folly::futures::retryingPolicyBasic(3),
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry helper 'retrying' re-sends immediately after a failure: with no wait between attempts an outage turns into a request storm [retry-missing-backoff]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: this policy retries at once, with no wait
                                  [&](unsigned) {
                                    if (geo_lookup(ip, out, n) != 0)
                                      throw LookupFailed{};
                                    return 0;
                                  });
}

int folly_jittered_policy_ok(const char *ip, char *out, int n) {
  return folly::futures::retrying(
      folly::futures::retryingPolicyCappedJitteredExponentialBackoff(3, 100,
                                                                     2000, 0.5),
      [&](unsigned) {
        if (geo_lookup(ip, out, n) != 0)
          throw LookupFailed{};
        return 0;
      });
}

// FIXME: a retry made of completion callbacks (the completion schedules a
// timer whose callback sends again) is not a retry site, so its 503 path
// without Retry-After is not seen (the corpus case
// missing-backoff-userver-async-5xx-no-retry-after).
#include <functional>

void timer_after(std::chrono::milliseconds delay, std::function<void()> cb);
void get_async(httplib::Client &cli, const std::string &path,
               std::function<void(const httplib::Result &)> done);

void fetch_async_FN(httplib::Client &cli, int attempt) {
  get_async(cli, "/orders/1", [&cli, attempt](const httplib::Result &res) {
    if (res && res->status < 500)
      return;
    if (attempt + 1 >= 3)
      return;
    timer_after(jittered(attempt),
                [&cli, attempt] { fetch_async_FN(cli, attempt + 1); });
  });
}

// Waits on some ways back only: the wait that a test skips on a way a
// failure still takes.
httplib::Result first_retry_immediate_bad(httplib::Client &cli) {
  int tries = 0;
  while (true) {
    auto res = cli.Get("/orders/1");
    if (res)
      return res;
    if (++tries >= 5)
      return res;
    if (tries > 1)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: this retry path goes back to the next attempt with no wait: on this failure an outage turns into a request storm [retry-missing-backoff]
    // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop starts here
      std::this_thread::sleep_for(jittered(tries));
  }
}

httplib::Result only_429_waits_bad(httplib::Client &cli) {
  for (int i = 0; i < 4; ++i) {
    auto res = cli.Get("/orders/1");
    if (res && res->status == 200)
    // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path for HTTP 503 ignores the Retry-After header: the server said when to come back and the client retries earlier [retry-missing-backoff]
    // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop starts here
      return res;
    if (res && res->status == 429)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: this retry path goes back to the next attempt with no wait: on this failure an outage turns into a request storm [retry-missing-backoff]
    // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop starts here
      std::this_thread::sleep_for(
          std::chrono::milliseconds(retry_after_ms(res) + jittered(i).count()));
  }
  return httplib::Result();
}

// The test before the attempt skips the first attempt's wait only; every
// way back waits.
httplib::Result wait_before_attempt_ok(httplib::Client &cli) {
  for (int i = 0; i < 4; ++i) {
    if (i > 0)
      std::this_thread::sleep_for(jittered(i));
    auto res = cli.Get("/orders/1");
    if (res)
      return res;
  }
  return httplib::Result();
}

// Waiting on every failure: the skipped way is the success.
httplib::Result wait_on_failure_ok(httplib::Client &cli) {
  httplib::Result res;
  int i = 0;
  do {
    res = cli.Get("/orders/1");
    if (!res)
      std::this_thread::sleep_for(jittered(i));
  } while (!res && ++i < 4);
  return res;
}

// A counter that already counts the first retry: `tries >= 1` holds on every
// way back, so every way waits.
httplib::Result counted_before_test_ok(httplib::Client &cli) {
  int tries = 0;
  while (true) {
    auto res = cli.Get("/orders/1");
    if (res)
      return res;
    if (++tries >= 5)
      return res;
    if (tries >= 1)
      std::this_thread::sleep_for(jittered(tries));
  }
}

// A for loop's counter, tested before its increment: `i > 0` is false on
// the first way back.
httplib::Result loop_counter_first_retry_bad(httplib::Client &cli) {
  for (int i = 0; i < 4; ++i) {
    auto res = cli.Get("/orders/1");
    if (res)
      return res;
    if (i > 0)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: this retry path goes back to the next attempt with no wait: on this failure an outage turns into a request storm [retry-missing-backoff]
    // CHECK-NOTES: :[[@LINE-6]]:3: note: retry loop starts here
      std::this_thread::sleep_for(jittered(i));
  }
  return httplib::Result();
}
