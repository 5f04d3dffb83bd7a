// RUN: %check_retrylint %s retry-per-attempt-idempotency-key %t -- -- -I %S/Inputs/Headers

#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <grpcpp/grpcpp.h>
#include <httplib.h>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <uuid/uuid.h>
#include <boost/uuid/uuid.hpp>
#include <vector>

struct Order {
  std::string id;
  long amount;
};

std::string new_uuid() {
  uuid_t u;
  uuid_generate_random(u);
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

std::string order_uuid(const std::string &order_id) {
  uuid_t ns = {0};
  uuid_t u;
  uuid_generate_sha1(u, ns, order_id.c_str(), order_id.size());
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

std::string intent_key(const Order &o) { return "order-" + o.id; }

template <class F> auto with_retries(int attempts, F &&op) -> decltype(op()) {
  auto res = op();
  for (int i = 1; i < attempts && !res; ++i)
    res = op();
  return res;
}

void backoff(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
}

// --- random UUIDs ------------------------------------------------------------

void uuid_helper_in_loop_bad(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string key = new_uuid();
    httplib::Headers h = {{"Idempotency-Key", key}};
    // CHECK-NOTES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
    // CHECK-NOTES: :23:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-4]]:23: note: called here on each attempt
    // CHECK-NOTES: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
    backoff(attempt);
  }
}

void uuid_inline_while_bad(httplib::Client &cli) {
  int tries = 0;
  while (tries < 3) {
    ++tries;
    uuid_t u;
    uuid_generate(u);
    char key[37];
    uuid_unparse_lower(u, key);
    httplib::Headers h;
    h.emplace("X-Idempotency-Key", key);
    // CHECK-NOTES: :[[@LINE-1]]:36: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate'
    // CHECK-NOTES: :[[@LINE-6]]:5: note: a random UUID from 'uuid_generate' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-10]]:3: note: retry loop re-sends the request here
    auto res = cli.Post("/charges", h, "{}", "application/json");
    if (res && res->status < 500)
      break;
  }
}

void boost_uuid_do_while_bad(httplib::Client &cli) {
  boost::uuids::random_generator gen;
  httplib::Result res;
  do {
    std::string key = boost::uuids::to_string(gen());
    res = cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json");
    // CHECK-NOTES: :[[@LINE-1]]:53: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator::operator()'
    // CHECK-NOTES: :[[@LINE-3]]:47: note: a random UUID from 'boost::uuids::random_generator::operator()' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop re-sends the request here
  } while (!res);
}

// --- clocks, random numbers, counters ---------------------------------------

void clock_key_curl_bad(CURL *curl) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string hdr = "Idempotency-Key: " +
        std::to_string(std::chrono::system_clock::now().time_since_epoch().count());
    // CHECK-NOTES: :[[@LINE-1]]:9: warning: idempotency key changes on every attempt: it is derived from the clock ('std::chrono::system_clock::now')
    // CHECK-NOTES: :[[@LINE-2]]:24: note: the clock ('std::chrono::system_clock::now') is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop re-sends the request here
    curl_slist *headers = curl_slist_append(nullptr, hdr.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    if (curl_easy_perform(curl) == CURLE_OK)
      return;
  }
}

void snprintf_rand_curl_bad(CURL *curl) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    char line[64];
    snprintf(line, sizeof line, "Idempotency-Key: %d", rand());
    // CHECK-NOTES: :[[@LINE-1]]:56: warning: idempotency key changes on every attempt: it is derived from a random number from 'rand'
    // CHECK-NOTES: :[[@LINE-2]]:56: note: a random number from 'rand' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop re-sends the request here
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(nullptr, line)); curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    if (curl_easy_perform(curl) == CURLE_OK)
      return;
  }
}

void attempt_counter_bad(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h;
    h.emplace("Idempotency-Key", o.id + "-" + std::to_string(attempt));
    // CHECK-NOTES: :[[@LINE-1]]:34: warning: idempotency key changes on every attempt: it is derived from the attempt counter 'attempt'
    // CHECK-NOTES: :[[@LINE-4]]:12: note: attempt counter declared here
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void ostringstream_engine_bad(httplib::Client &cli) {
  std::minstd_rand engine(42);
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::ostringstream oss;
    oss << "k-" << engine();
    httplib::Headers h = {{"Idempotency-Key", oss.str()}};
    // CHECK-NOTES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt: it is derived from a random number from 'std::minstd_rand::operator()'
    // CHECK-NOTES: :[[@LINE-3]]:20: note: a random number from {{.*}} is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

struct ChargeCall {
  std::string tool_call_id;
};

void call_identity_bad(httplib::Client &cli, const ChargeCall &call) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", call.tool_call_id}};
    // CHECK-NOTES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt: it is derived from the per-call identifier 'tool_call_id'
    // CHECK-NOTES: :[[@LINE-2]]:47: note: the per-call identifier 'tool_call_id' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop re-sends the request here
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

// --- sinks: setters, fields, parameters --------------------------------------

void grpc_setter_bad(payments::Payments::Stub &stub, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    req.set_order_id(o.id);
    req.set_idempotency_key(new_uuid());
    // CHECK-NOTES: :[[@LINE-1]]:29: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    // CHECK-NOTES: :23:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-7]]:3: note: retry loop re-sends the request here
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}

struct ChargeParams {
  long amount;
  std::string idempotency_key;
};
bool send_charge(httplib::Client &cli, const ChargeParams &p) {
  return bool(cli.Post("/charges", "{}", "application/json"));
}

void field_sink_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    ChargeParams p;
    p.amount = 100;
    p.idempotency_key = std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: idempotency key changes on every attempt: it is derived from the clock ('std::chrono::steady_clock::now')
    // CHECK-NOTES: :[[@LINE-2]]:40: note: the clock {{.*}} is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    if (send_charge(cli, p))
      return;
  }
}

bool post_charge(httplib::Client &cli, long amount,
                 const std::string &idempotency_key) {
  return bool(cli.Post("/charges", {{"Idempotency-Key", idempotency_key}}, "{}",
                       "application/json"));
}

void parameter_sink_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (post_charge(cli, 100, new_uuid()))
      // CHECK-NOTES: :[[@LINE-1]]:31: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
      // CHECK-NOTES: :23:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
      // CHECK-NOTES: :[[@LINE-4]]:3: note: retry loop re-sends the request here
      return;
  }
}

// --- retry helpers and callables ---------------------------------------------

void helper_lambda_bad(httplib::Client &cli) {
  auto res = with_retries(3, [&] {
    httplib::Headers h = {{"Idempotency-Key", new_uuid()}};
    // CHECK-NOTES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    // CHECK-NOTES: :23:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-4]]:14: note: retry helper 'with_retries' re-runs this callable on each attempt
    return cli.Post("/charges", h, "{}", "application/json");
  });
}

// A function that mints its own key, called once per attempt by a loop.
bool charge_once(httplib::Client &cli) {
  httplib::Headers h = {{"Idempotency-Key", new_uuid()}};
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
  // CHECK-NOTES: :23:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
  // CHECK-NOTES: :[[@LINE+7]]:9: note: 'charge_once' is called on each attempt here
  // CHECK-NOTES: :[[@LINE+5]]:3: note: retry loop re-sends the request here
  return bool(cli.Post("/charges", h, "{}", "application/json"));
}

void retries_callee_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt)
    if (charge_once(cli))
      return;
}

// --- must stay silent ---------------------------------------------------------

void intent_key_ok(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", intent_key(o)}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void order_id_ok(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string key = "order-" + o.id;
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

void uuid_minted_before_loop_ok(httplib::Client &cli) {
  const std::string key = new_uuid();
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void uuid_in_for_init_ok(httplib::Client &cli) {
  for (std::string key = new_uuid(); ; ) {
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

void name_based_uuid_ok(httplib::Client &cli, const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::name_generator gen(boost::uuids::nil_uuid());
    httplib::Headers h = {{"Idempotency-Key", order_uuid(o.id)},
                          {"X-Order-Uuid", boost::uuids::to_string(gen(o.id))}};
    h.emplace("X-Idempotency-Key", boost::uuids::to_string(gen(o.id)));
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void random_key_without_retry_ok(httplib::Client &cli) {
  httplib::Headers h = {{"Idempotency-Key", new_uuid()}};
  cli.Post("/charges", h, "{}", "application/json");
}

void init_capture_ok(httplib::Client &cli) {
  auto res = with_retries(3, [&cli, key = new_uuid()] {
    return cli.Post("/charges", {{"Idempotency-Key", key}}, "{}",
                    "application/json");
  });
}

void per_attempt_values_not_keys_ok(httplib::Client &cli, const Order &o,
                                    payments::Payments::Stub &stub) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", intent_key(o)},
                          {"X-Attempt", std::to_string(attempt)},
                          {"X-Request-Id", new_uuid()}};
    grpc::ClientContext ctx; // a fresh context per attempt is required
    ctx.AddMetadata("x-request-id", new_uuid());
    payments::ChargeRequest req;
    req.set_trace_id(new_uuid());
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}

void iterating_orders_ok(httplib::Client &cli, const std::vector<Order> &orders) {
  // A new key per order is correct: each order is a different intent.
  for (unsigned i = 0; i < orders.size(); ++i) {
    httplib::Headers h = {{"Idempotency-Key", new_uuid()}};
    if (!cli.Post("/orders", h, "{}", "application/json"))
      continue;
  }
  for (const Order &o : orders)
    cli.Post("/orders", {{"Idempotency-Key", new_uuid()}}, "{}", "application/json");
}

void repeated_sends_not_retry_ok(httplib::Client &cli) {
  // Sends three distinct charges; no loop-back on failure.
  for (int n = 0; n < 3; ++n)
    cli.Post("/charges", {{"Idempotency-Key", new_uuid()}}, "{}", "application/json");
}

void suppressed_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", new_uuid()}}; // NOLINT(retry-per-attempt-idempotency-key)
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void lazy_mint_on_first_attempt_ok(httplib::Client &cli) {
  std::string key;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (key.empty())
      key = new_uuid();
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

void mint_on_attempt_zero_ok(httplib::Client &cli) {
  std::string key;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt == 0)
      key = new_uuid();
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
  }
}

void idempotent_get_with_fresh_key_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Get("/charges/1", {{"Idempotency-Key", new_uuid()}}))
      return;
}

// A callable stored in a variable before it is passed to the helper.
void lambda_variable_helper_bad(httplib::Client &cli) {
  auto op = [&] {
    return cli.Post("/charges", {{"Idempotency-Key", new_uuid()}}, "{}",
                    "application/json");
    // CHECK-NOTES: :[[@LINE-2]]:54: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    // CHECK-NOTES: :23:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK-NOTES: :[[@LINE+2]]:14: note: retry helper 'with_retries' re-runs this callable on each attempt
  };
  auto res = with_retries(3, op);
}

// --- known gaps ------------------------------------------------------------------

// FIXME: a key factory handed to a retrying helper and called there on every
// attempt is not followed to the caller's callable (the corpus case
// per-attempt-key-factory-in-helper).
template <class KeyFn>
httplib::Result post_with_key_factory(httplib::Client &cli, KeyFn make_key) {
  httplib::Result res;
  for (int i = 0; i < 3; ++i) {
    httplib::Headers h = {{"Idempotency-Key", make_key()}};
    res = cli.Post("/tickets", h, "{}", "application/json");
    if (res)
      break;
    backoff(i);
  }
  return res;
}

void key_factory_in_helper_FN(httplib::Client &cli) {
  post_with_key_factory(cli, [] { return new_uuid(); });
}

// FIXME: a const member function without arguments is read as an accessor of
// its object and its body is not followed: a key minted from the clock in
// `next_key() const` is missed (the corpus case per-attempt-key-member-helper).
class EntryClient_FN {
public:
  bool append(const std::string &entry) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      httplib::Headers h = {{"Idempotency-Key", next_key()}};
      if (cli_.Post("/entries", h, entry, "application/json"))
        return true;
      backoff(attempt);
    }
    return false;
  }

private:
  std::string next_key() const {
    return "entry-" + std::to_string(std::chrono::system_clock::now()
                                         .time_since_epoch()
                                         .count());
  }
  httplib::Client cli_{"ledger"};
};

// FIXME: a field named like a key sink (request_id) on a local report that is
// only logged, never sent, is taken as a key handed to the server (the corpus
// case per-attempt-key-neg-request-id-from-reply).
struct FailureReport {
  std::string request_id;
  int status = 0;
};
void log_failure(const FailureReport &r);

bool report_request_id_FP(httplib::Client &cli, const Order &o) {
  httplib::Headers h = {{"Idempotency-Key", intent_key(o)}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/orders", h, "{}", "application/json");
    if (res && res->status < 500)
      return res->status == 201;
    FailureReport rep;
    rep.request_id = "attempt-" + std::to_string(attempt);
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: idempotency key changes on every attempt: it is derived from the attempt counter 'attempt'
    // CHECK-NOTES: :[[@LINE-7]]:12: note: attempt counter declared here
    // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop re-sends the request here
    rep.status = res ? res->status : 0;
    log_failure(rep);
    backoff(attempt);
  }
  return false;
}

// An SDK call whose verb is in neither list (RunInstances) but whose request
// carries a client token: the token is what de-duplicates it, so a new one
// per attempt launches twice. Reduced from github:aws/aws-sdk-cpp
// (EC2 RunInstances with SetClientToken, UUID::RandomUUID).
#include <aws/core/utils/UUID.h>
#include <aws/ec2/EC2Client.h>

bool launch_token_per_attempt_bad(const Aws::EC2::EC2Client &ec2) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    Aws::EC2::Model::RunInstancesRequest request;
    request.SetClientToken(Aws::Utils::UUID::RandomUUID());
    // CHECK-NOTES: :[[@LINE-1]]:{{[0-9]+}}: warning: idempotency key changes on every attempt
    // CHECK-NOTES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}} is produced here on each attempt
    // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop re-sends the request here
    if (ec2.RunInstances(request).IsSuccess())
      return true;
  }
  return false;
}

// A read (Describe*) retried with a fresh token: nothing is executed twice.
bool describe_token_per_attempt_ok(const Aws::EC2::EC2Client &ec2) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    Aws::EC2::Model::DescribeInstancesRequest request;
    request.SetClientToken(Aws::Utils::UUID::RandomUUID());
    if (ec2.DescribeInstances(request).IsSuccess())
      return true;
  }
  return false;
}
