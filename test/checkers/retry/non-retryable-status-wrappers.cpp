// RUN: %check_retrylint %s retry-non-retryable-status %t -- -- -I %S/Inputs/Headers
//
// The operation sits in a same-file wrapper that maps its outcome to a
// return value: the HTTP status or a -1 sentinel for "no response", a bool,
// 0/-1 over a curl code. The caller's test on that value decides which
// outcomes are retried.

#include <chrono>
#include <curl/curl.h>
#include <grpcpp/grpcpp.h>
#include <httplib.h>
#include <stdio.h>
#include <string>
#include <thread>

static void pause_ms(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms + rand() % ms));
}

static int put_status(httplib::Client &cli, const std::string &body) {
  auto res = cli.Put("/config", {}, body, "application/json");
  return res ? res->status : -1;
}

static bool put_ok(httplib::Client &cli, const std::string &body) {
  auto res = cli.Put("/config", {}, body, "application/json");
  return res && res->status == 200;
}

static int perform_code(CURL *h) {
  CURLcode rc = curl_easy_perform(h);
  if (rc != CURLE_OK)
    return -1;
  long code = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
  return (int)code;
}

// --- retries that repeat a client error ---

int retry_any_error_status_bad(httplib::Client &cli, const std::string &b) {
  int status = -1;
  for (int i = 0; i < 3; ++i) {
    status = put_status(cli, b);
    if (status == 200)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP {{.*}}400-{{.*}}which will not succeed on retry
      return status;
    pause_ms(100 << i);
  }
  return status;
}

bool retry_until_ok_bool_bad(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    if (put_ok(cli, b))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP {{.*}}400-{{.*}}which will not succeed on retry
      return true;
    pause_ms(100 << i);
  }
  return false;
}

int curl_retry_4xx_bad(CURL *h) {
  for (int i = 0; i < 3; ++i) {
    int code = perform_code(h);
    if (code >= 200 && code < 300)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP {{.*}}400-{{.*}}which will not succeed on retry
      return 0;
    pause_ms(100 << i);
  }
  return -1;
}

// --- near-misses that must stay silent ---

// Retries only when no response arrived (the sentinel).
int retry_on_sentinel_ok(httplib::Client &cli, const std::string &b) {
  int status = -1;
  for (int i = 0; i < 3 && status == -1; ++i) {
    if (i > 0)
      pause_ms(100 << i);
    status = put_status(cli, b);
  }
  return status;
}

// Any response ends the loop; 5xx and the sentinel are retried.
int retry_on_5xx_or_sentinel_ok(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    int status = put_status(cli, b);
    if (status != -1 && status < 500)
      return status;
    pause_ms(100 << i);
  }
  return -1;
}

int curl_retry_transport_only_ok(CURL *h) {
  for (int i = 0; i < 3; ++i) {
    int code = perform_code(h);
    if (code != -1)
      return code;
    pause_ms(100 << i);
  }
  return -1;
}

// --- flags set from the reply ---

bool flag_from_200_bad(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Put("/config", {}, b, "application/json");
    const bool done = res && res->status == 200;
    if (done)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP {{.*}}400-{{.*}}which will not succeed on retry
      return true;
    pause_ms(100 << i);
  }
  return false;
}

bool flag_transient_ok(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Put("/config", {}, b, "application/json");
    const bool transient = !res || res->status == 502 || res->status == 504;
    if (!transient)
      return res->status == 200;
    pause_ms(100 << i);
  }
  return false;
}

int flag_curl_ok_in_condition_ok(CURL *h) {
  int i, ok = 0;
  for (i = 0; i < 3 && !ok; i++) {
    ok = curl_easy_perform(h) == CURLE_OK;
    if (!ok)
      pause_ms(100 << i);
  }
  return ok ? 0 : -1;
}

// A named lambda that reports only whether a reply arrived.
void lambda_reply_arrived_ok(httplib::Client &cli, const std::string &b) {
  auto attempt = [&]() -> bool {
    auto res = cli.Put("/config", {}, b, "application/json");
    return static_cast<bool>(res);
  };
  for (int i = 0; i < 3 && !attempt(); ++i)
    pause_ms(100 << i);
}

// --- predicates written as local lambdas ---
// (the corpus case non-retryable-status-lambda-predicate)

bool lambda_predicate_any_error_bad(httplib::Client &cli, const std::string &b) {
  auto should_retry = [](int status) { return status >= 400; };
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Put("/config", {}, b, "application/json");
    if (!res)
      return false;
    if (!should_retry(res->status))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP {{.*}}400-{{.*}}which will not succeed on retry
      return res->status == 200;
    pause_ms(100 << i);
  }
  return false;
}

bool lambda_predicate_transient_ok(httplib::Client &cli, const std::string &b) {
  auto should_retry = [](int status) { return status == 503 || status == 429; };
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Put("/config", {}, b, "application/json");
    if (!res)
      return false;
    if (!should_retry(res->status))
      return res->status == 200;
    pause_ms(100 << i);
  }
  return false;
}

// --- a branch that only adjusts the wait decides nothing ---
// (the corpus case non-retryable-status-predicate-409: a Retry-After read
// in an `if` that falls through must not hide the predicate's 409)

long retry_after_ms(const httplib::Response &r);

bool predicate_lets_409_through_bad(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Put("/subjects/x", {}, b, "application/json");
    if (res && res->status < 300)
      return true;
    if (res && !(res->status == 409 || res->status >= 500))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 409, which will not succeed on retry
      return false;
    long ms = 100L << i;
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    pause_ms(ms);
  }
  return false;
}

bool predicate_transient_with_hint_ok(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Put("/subjects/x", {}, b, "application/json");
    if (res && res->status < 300)
      return true;
    if (res && !(res->status == 429 || res->status >= 500))
      return false;
    long ms = 100L << i;
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    pause_ms(ms);
  }
  return false;
}

// --- a flag raised inside status tests carries their statuses ---
// (the corpus case non-retryable-status-flag-409)

bool flag_raised_for_409_bad(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    bool again = false;
    auto res = cli.Put("/profiles/7", {}, b, "application/json");
    if (!res) {
      again = true;
    } else if (res->status == 409 || res->status == 502) {
      again = true;
    }
    if (!again)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 409, which will not succeed on retry
      return res && res->status < 300;
    pause_ms(100 << i);
  }
  return false;
}

bool flag_raised_for_5xx_ok(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    bool again = false;
    auto res = cli.Put("/profiles/7", {}, b, "application/json");
    if (!res)
      again = true;
    else if (res->status == 502 || res->status == 503)
      again = true;
    if (!again)
      return res && res->status < 300;
    pause_ms(100 << i);
  }
  return false;
}

// An integer flag lowered on success: `rc != 0` goes round on transport
// failures only (the corpus case content-derived-key-uuid-sha1-body.c).
int int_flag_lowered_on_success_ok(CURL *h) {
  int rc = -1;
  for (int i = 0; i < 3 && rc != 0; i++) {
    if (curl_easy_perform(h) == CURLE_OK)
      rc = 0;
    else
      pause_ms(100 << i);
  }
  return rc;
}

// --- a struct returned by a same-file wrapper: its fields carry the tests
// they were set from (the corpus case unkeyed-side-effect-status-500) ---

struct PutResult {
  bool ok;
  bool retryable;
};

static PutResult put_conflict(httplib::Client &cli, const std::string &b) {
  auto res = cli.Put("/locks/1", {}, b, "application/json");
  if (res && res->status == 200)
    return {true, false};
  return {false, !res || res->status == 409 || res->status == 502};
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: retry path is taken for HTTP 409, which will not succeed on retry
}

bool struct_field_retries_409_bad(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    PutResult r = put_conflict(cli, b);
    if (r.ok)
      return true;
    if (!r.retryable)
      // The status is named in the wrapper, where the finding is.
      return false;
    pause_ms(100 << i);
  }
  return false;
}

static PutResult put_transient(httplib::Client &cli, const std::string &b) {
  auto res = cli.Put("/locks/1", {}, b, "application/json");
  if (res && res->status == 200)
    return {true, false};
  return {false, res && res->status == 500};
}

bool struct_field_retries_500_ok(httplib::Client &cli, const std::string &b) {
  for (int i = 0; i < 3; ++i) {
    PutResult r = put_transient(cli, b);
    if (r.ok)
      return true;
    if (!r.retryable)
      return false;
    pause_ms(100 << i);
  }
  return false;
}

// --- template retry helpers over a callable (the corpus case
// non-retryable-status-template-helper-not-ok): the helper's loop decides on
// the status its callable returns, stored in a grpc::Status; the defect is
// reported in the helper, once.

template <class Fn> grpc::Status call_until_ok(Fn fn, int max_attempts = 3) {
  grpc::Status s;
  for (int i = 0; i < max_attempts; ++i) {
    s = fn();
    if (s.ok())
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for gRPC INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED, FAILED_PRECONDITION, OUT_OF_RANGE, UNIMPLEMENTED, UNAUTHENTICATED, which will not succeed on retry
      break;
  }
  return s;
}

template <class Fn> grpc::Status call_while_unavailable(Fn fn, int max_attempts = 3) {
  grpc::Status s;
  for (int i = 0; i < max_attempts; ++i) {
    s = fn();
    if (s.error_code() != grpc::StatusCode::UNAVAILABLE)
      break;
  }
  return s;
}

grpc::Status charge_with_template_helpers(payments::Payments::Stub &stub,
                                          const payments::ChargeRequest &req,
                                          payments::ChargeReply *reply) {
  grpc::Status a = call_until_ok([&] {
    grpc::ClientContext ctx;
    return stub.GetCharge(&ctx, req, reply);
  });
  grpc::Status b = call_while_unavailable([&] {
    grpc::ClientContext ctx;
    return stub.GetCharge(&ctx, req, reply);
  });
  return a.ok() ? b : a;
}

// --- a flag a same-file function fills from the outcome ---

// The decision is made where the flag is filled (a function handed the
// curl code and the flag's address): 408, 429 and 5xx only. The model does
// not read that decision, so it names no status. Reduced from
// github:curl/curl src/tool_operate.c serial_transfers / post_per_transfer.
static int decide_retry(CURL *h, CURLcode result, bool *retry) {
  long code = 0;
  *retry = false;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
  if (result == CURLE_OPERATION_TIMEDOUT || code == 408 || code == 429 ||
      (code >= 500 && code < 600))
    *retry = true;
  return result != CURLE_OK;
}

struct job {
  CURL *h;
  job *next;
};
CURLcode set_up(job *j);

int curl_flag_filled_by_decider_ok(job *jobs) {
  int failures = 0;
  for (job *j = jobs; j;) {
    bool retry;
    CURLcode result = set_up(j);
    if (result)
      break;
    result = curl_easy_perform(j->h);
    failures += decide_retry(j->h, result, &retry);
    if (retry) {
      pause_ms(100);
      continue;
    }
    j = j->next;
  }
  return failures;
}
