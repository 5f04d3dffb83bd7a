// RUN: %check_retrylint %s retry-unkeyed-side-effect %t -- -- -I %S/Inputs/Headers

#include <chrono>
#include <curl/curl.h>
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

bool post_retried_on_5xx_and_transport_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/charges", "{}", "application/json");
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: HTTP POST is re-sent after an ambiguous failure without an idempotency key: if the first attempt was processed and only the reply was lost, the retry performs it twice [retry-unkeyed-side-effect]
    if (res && res->status < 500)
      // CHECK-NOTES: :[[@LINE-1]]:9: note: the retry path is taken for HTTP 500, 502, 504; timeouts, dropped connections
      return res->status == 201;
    pause_before_retry(attempt);
  }
  // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop re-sends it here
  return false;
}

bool curl_post_retried_on_any_error_bad(CURL *curl) {
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{\"amount\":100}");
  CURLcode rc = CURLE_OK;
  int tries = 0;
  do {
    rc = curl_easy_perform(curl);
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: HTTP POST is re-sent after an ambiguous failure
    // CHECK-NOTES: :[[@LINE+3]]:12: note: the retry path is taken for timeouts, dropped connections
    // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop re-sends it here
    pause_before_retry(tries);
  } while (rc != CURLE_OK && ++tries < 3);
  return rc == CURLE_OK;
}

bool grpc_create_retried_on_unavailable_bad(payments::Payments::Stub &stub,
                                            const payments::ChargeRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    grpc::Status s = stub.CreateCharge(&ctx, req, &reply);
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'payments::Payments::Stub::CreateCharge' is re-sent after an ambiguous failure
    if (s.error_code() != grpc::StatusCode::UNAVAILABLE)
      // CHECK-NOTES: :[[@LINE-1]]:9: note: the retry path is taken for gRPC UNAVAILABLE
      return s.ok();
    pause_before_retry(attempt);
  }
  // CHECK-NOTES: :[[@LINE-10]]:3: note: retry loop re-sends it here
  return false;
}

void helper_retries_post_bad(httplib::Client &cli) {
  auto res = with_retries(3, [&] { return cli.Post("/charges", "{}", "application/json"); });
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: HTTP POST is re-sent after an ambiguous failure
  // CHECK-NOTES: :[[@LINE-2]]:14: note: the retry path is taken for {{.*}}timeouts, dropped connections
  // CHECK-NOTES: :[[@LINE-3]]:14: note: retry helper 'with_retries' re-sends it here
}

bool exception_retry_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    try {
      auto res = cli.Patch("/orders/1", "{}", "application/json");
      // CHECK-NOTES: :[[@LINE-1]]:18: warning: HTTP PATCH is re-sent after an ambiguous failure
      if (res && res->status < 300)
        return true;
      if (res && res->status < 500)
        return false;
    } catch (...) {
      // CHECK-NOTES: :[[@LINE-1]]:7: note: the retry path is taken for HTTP 500, 502, 504; timeouts, dropped connections; exceptions
    }
    pause_before_retry(attempt);
  }
  // CHECK-NOTES: :[[@LINE-13]]:3: note: retry loop re-sends it here
  return false;
}

// --- must stay silent ---------------------------------------------------------

bool keyed_post_ok(httplib::Client &cli, const std::string &order_id) {
  const httplib::Headers h = {{"Idempotency-Key", "order-" + order_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/charges", h, "{}", "application/json");
    if (res && res->status < 500)
      return res->status == 201;
    pause_before_retry(attempt);
  }
  return false;
}

bool find_charge_status(httplib::Client &cli, const std::string &order_id);

bool looks_up_before_resending_ok(httplib::Client &cli, const std::string &id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt > 0 && find_charge_status(cli, id))
      return true;
    auto res = cli.Post("/charges", "{}", "application/json");
    if (res && res->status < 500)
      return res->status == 201;
    pause_before_retry(attempt);
  }
  return false;
}

bool idempotent_methods_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto put = cli.Put("/orders/1", {}, "{}", "application/json");
    auto get = cli.Get("/orders/1");
    if (put && get)
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

bool retry_only_when_server_says_not_processed_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/charges", "{}", "application/json");
    if (!res)
      return false; // transport failures are surfaced, not retried
    if (res->status != 503 && res->status != 429)
      return res->status == 201;
    pause_before_retry(attempt);
  }
  return false;
}

bool curl_retry_on_refused_only_ok(CURL *curl) {
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
  for (int attempt = 0; attempt < 3; ++attempt) {
    CURLcode rc = curl_easy_perform(curl);
    if (rc != CURLE_COULDNT_CONNECT)
      return rc == CURLE_OK;
    pause_before_retry(attempt);
  }
  return false;
}

bool curl_custom_put_ok(CURL *curl) {
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (curl_easy_perform(curl) == CURLE_OK)
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

bool grpc_get_ok(payments::Payments::Stub &stub, const payments::ChargeRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    if (stub.GetCharge(&ctx, req, &reply).ok())
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

bool grpc_keyed_create_ok(payments::Payments::Stub &stub, const std::string &order_id) {
  payments::ChargeRequest req;
  req.set_idempotency_key("order-" + order_id);
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return true;
    pause_before_retry(attempt);
  }
  return false;
}

// --- recursion and goto -------------------------------------------------------

bool charge_recursive_bad(httplib::Client &cli, int retries) {
  auto res = cli.Post("/charges", "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: HTTP POST is re-sent after an ambiguous failure without an idempotency key
  if (res && res->status < 500)
    return res->status == 201;
  pause_before_retry(3 - retries);
  if (retries > 0)
    // CHECK-NOTES: :[[@LINE-1]]:7: note: the retry path is taken for HTTP 500, 502, 504; timeouts, dropped connections
    return charge_recursive_bad(cli, retries - 1);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: retry by recursion in 'charge_recursive_bad' re-sends it here
  return false;
}

bool charge_goto_bad(httplib::Client &cli) {
  int tries = 0;
again:
  auto res = cli.Post("/charges", "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: HTTP POST is re-sent after an ambiguous failure without an idempotency key
  if (!res && ++tries < 3) {
    // CHECK-NOTES: :[[@LINE-1]]:7: note: the retry path is taken for timeouts, dropped connections
    pause_before_retry(tries);
    goto again;
  }
  // CHECK-NOTES: :[[@LINE-8]]:1: note: retry by goto re-sends it here
  return res && res->status == 201;
}

struct Node {
  Node *left;
  Node *right;
};

void tree_walk_is_not_a_retry_ok(httplib::Client &cli, Node *n) {
  cli.Post("/nodes", "{}", "application/json");
  if (n->left)
    tree_walk_is_not_a_retry_ok(cli, n->left);
}

// --- a header list the caller builds and hands to a retrying helper ---
// (the corpus cases unkeyed-side-effect-neg-keyed-header-helper and
// per-attempt-key-neg-caller-header-to-helper)

static httplib::Result post_with_retries(httplib::Client &cli,
                                         const std::string &path,
                                         const httplib::Headers &headers) {
  httplib::Result res;
  for (int attempt = 0; attempt < 3; ++attempt) {
    res = cli.Post(path, headers, "{}", "application/json");
    if (res)
      return res;
    pause_before_retry(attempt);
  }
  return res;
}

bool keyed_by_caller_ok(httplib::Client &cli, const std::string &order_id) {
  const httplib::Headers h = {{"Idempotency-Key", "order-" + order_id}};
  return static_cast<bool>(post_with_retries(cli, "/orders", h));
}

// A tracing header is no key: the helper's POST is unkeyed.
static httplib::Result post_with_retries_traced(httplib::Client &cli,
                                                const std::string &path,
                                                const httplib::Headers &headers) {
  httplib::Result res;
  for (int attempt = 0; attempt < 3; ++attempt) {
    res = cli.Post(path, headers, "{}", "application/json");
    // CHECK-NOTES: :[[@LINE-1]]:11: warning: HTTP POST is re-sent after an ambiguous failure without an idempotency key
    // CHECK-NOTES: :[[@LINE+2]]:9: note: the retry path is taken for timeouts, dropped connections
    // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop re-sends it here
    if (res)
      return res;
    pause_before_retry(attempt);
  }
  return res;
}

bool traced_not_keyed_caller_bad(httplib::Client &cli) {
  const httplib::Headers h = {{"X-Request-Id", "trace-1"}};
  return static_cast<bool>(post_with_retries_traced(cli, "/orders", h));
}

// --- a look-up of authoritative state in a same-file helper ---
// (the corpus case unkeyed-side-effect-neg-lookup-helper)

static bool charge_exists(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req) {
  payments::ChargeReply r;
  grpc::ClientContext ctx;
  return stub.GetCharge(&ctx, req, &r).ok();
}

grpc::Status lookup_in_helper_ok(payments::Payments::Stub &stub,
                                 const payments::ChargeRequest &req) {
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt > 0 && charge_exists(stub, req))
      return grpc::Status();
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE)
      return st;
    pause_before_retry(attempt);
  }
  return st;
}

// --- known gaps ------------------------------------------------------------------

// FIXME: a helper not named like a retry helper is one by behaviour only when
// its loop goes back on outcomes named like failures; one that also goes
// back on DEADLINE_EXCEEDED (a code whose name does not read as a failure) is
// not a retry helper, so the side effect handed to it is missed (the corpus
// case unkeyed-side-effect-append-rows-helper).
template <class Fn> grpc::Status call_with_backoff(Fn fn, int max_attempts) {
  grpc::Status s;
  int attempt = 0;
  do {
    s = fn();
    if (s.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED &&
        s.error_code() != grpc::StatusCode::UNAVAILABLE)
      break;
    pause_before_retry(attempt);
  } while (++attempt < max_attempts);
  return s;
}

grpc::Status create_through_backoff_helper_FN(payments::Payments::Stub &stub,
                                              const payments::ChargeRequest &req) {
  return call_with_backoff(
      [&] {
        grpc::ClientContext ctx;
        payments::ChargeReply reply;
        return stub.CreateCharge(&ctx, req, &reply);
      },
      4);
}

// --- an idempotency gate on a parameter of a retry helper (reduced from
// github:googleapis/google-cloud-cpp google/cloud/internal/retry_loop.h
// RetryLoopImpl; the realcode case gcloud-retry-loop-idempotency-gate): the
// helper returns before going back when it is told the call is not
// idempotent, so a call that says so is tried once ---

enum class Idempotency { kIdempotent, kNonIdempotent };

template <typename Functor>
grpc::Status retry_gated(Idempotency idempotency, Functor &&functor) {
  grpc::Status last;
  for (int attempt = 0; attempt < 5; ++attempt) {
    last = functor();
    if (last.ok())
      return last;
    if (idempotency == Idempotency::kNonIdempotent ||
        last.error_code() != grpc::StatusCode::UNAVAILABLE)
      return last;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
  }
  return last;
}

grpc::Status create_topic_once_ok(payments::Payments::Stub &stub,
                                  const payments::ChargeRequest &req) {
  return retry_gated(Idempotency::kNonIdempotent, [&] {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    return stub.CreateCharge(&ctx, req, &reply);
  });
}

grpc::Status create_topic_retried_bad(payments::Payments::Stub &stub,
                                      const payments::ChargeRequest &req) {
  return retry_gated(Idempotency::kIdempotent, [&] {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    // CHECK-NOTES: :[[@LINE+1]]:12: warning: 'payments::Payments::Stub::CreateCharge' is re-sent after an ambiguous failure without an idempotency key
    return stub.CreateCharge(&ctx, req, &reply);
    // CHECK-NOTES: :[[@LINE-5]]:10: note: the retry path is taken for gRPC
    // CHECK-NOTES: :[[@LINE-6]]:10: note: retry helper 'retry_gated' re-sends it here
  });
}

// A request id the server sent back, copied into a reply record by the
// retried wrapper, is no key: nothing keys the POST (rule 6).
struct ChargeReply {
  int status = 0;
  std::string request_id;
};

ChargeReply post_charge_once(httplib::Client &cli) {
  ChargeReply reply;
  auto res = cli.Post("/charges", "{}", "application/json");
  if (!res)
    return reply;
  reply.request_id = res->get_header_value("X-Request-Id");
  reply.status = res->status;
  return reply;
}

bool reply_request_id_recorded_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    ChargeReply reply = post_charge_once(cli);
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: HTTP POST (through 'post_charge_once') is re-sent after an ambiguous failure without an idempotency key
    if (reply.status > 0 && reply.status < 500)
      // CHECK-NOTES: :[[@LINE-1]]:9: note: the retry path is taken for
      return reply.status == 201;
    pause_before_retry(attempt);
  }
  // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop re-sends it here
  return false;
}
