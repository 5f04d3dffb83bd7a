// RUN: %check_retrylint %s retry-nested-layers %t -- -- -I %S/Inputs/Headers

#include <grpcpp/grpcpp.h>
#include <httplib.h>
#include <memory>
#include <optional>
#include <string>

using payments::ChargeReply;
using payments::ChargeRequest;

template <class F> auto with_retries(int attempts, F &&op) -> decltype(op()) {
  auto res = op();
  for (int i = 1; i < attempts && !res.ok(); ++i)
    res = op();
  return res;
}

// --- two layers in one function ---------------------------------------------

void nested_loops_bad(httplib::Client &cli) {
  for (int outer = 0; outer < 3; ++outer) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) contains a retry loop (3 attempts): up to 9 requests per call [retry-nested-layers]
    bool sent = false;
    for (int inner = 0; inner < 3; ++inner) {
      // CHECK-NOTES: :[[@LINE-1]]:5: note: inner retry loop (3 attempts)
      auto res = cli.Post("/charges", "{}", "application/json");
      if (res && res->status == 200) {
        sent = true;
        break;
      }
    }
    if (sent)
      return;
  }
}

// --- three layers through calls ----------------------------------------------

grpc::Status post_charge(payments::Payments::Stub &stub,
                         const ChargeRequest &req) {
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.ok() || s.error_code() != grpc::StatusCode::UNAVAILABLE)
      return s;
  }
  return s;
}

grpc::Status charge_with_retry(payments::Payments::Stub &stub,
                               const ChargeRequest &req) {
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {
    s = post_charge(stub, req);
    if (s.ok())
      return s;
  }
  return s;
}

bool checkout_bad(payments::Payments::Stub &stub, const ChargeRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'charge_with_retry' which retries (3 attempts) which calls 'post_charge' which retries (3 attempts): up to 27 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-11]]:3: note: 'charge_with_retry' retries here (3 attempts)
    // CHECK-NOTES: :[[@LINE-25]]:3: note: 'post_charge' retries here (3 attempts)
    if (charge_with_retry(stub, req).ok())
      return true;
  }
  return false;
}

// --- through a function that does not retry itself ----------------------------

grpc::Status submit(payments::Payments::Stub &stub, const ChargeRequest &req) {
  return post_charge(stub, req);
}

bool through_plain_call_bad(payments::Payments::Stub &stub,
                            const ChargeRequest &req) {
  for (int tries = 0; tries < 2; ++tries) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (2 attempts) calls 'submit' which calls 'post_charge' which retries (3 attempts): up to 6 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-42]]:3: note: 'post_charge' retries here (3 attempts)
    if (submit(stub, req).ok())
      return true;
  }
  return false;
}

// --- a retry helper around a retrying function, and lambdas ---------------------

grpc::Status helper_bad(payments::Payments::Stub &stub,
                        const ChargeRequest &req) {
  return with_retries(4, [&] { return post_charge(stub, req); });
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: retry helper 'with_retries' (4 attempts) calls 'post_charge' which retries (3 attempts): up to 12 requests per call [retry-nested-layers]
  // CHECK-NOTES: :[[@LINE-55]]:3: note: 'post_charge' retries here (3 attempts)
}

bool lambda_layer_bad(httplib::Client &cli) {
  auto send_retrying = [&] {
    for (int i = 0; i < 2; ++i) {
      auto res = cli.Post("/charges", "{}", "application/json");
      if (res && res->status == 200)
        return true;
    }
    return false;
  };
  for (int i = 0; i < 3; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'send_retrying' which retries (2 attempts): up to 6 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-9]]:5: note: 'send_retrying' retries here (2 attempts)
    if (send_retrying())
      return true;
  }
  return false;
}

// --- recursion ---------------------------------------------------------------------
// Its cap is read from the test of `left` and the constant its one caller
// starts it with (2, and `left > 0`: 3 attempts).

grpc::Status post_recursive(payments::Payments::Stub &stub,
                            const ChargeRequest &req, int left) {
  grpc::ClientContext ctx;
  ChargeReply reply;
  grpc::Status s = stub.CreateCharge(&ctx, req, &reply);
  if (!s.ok() && left > 0)
    return post_recursive(stub, req, left - 1);
  return s;
}

bool around_recursion_bad(payments::Payments::Stub &stub,
                          const ChargeRequest &req) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'post_recursive' which retries (3 attempts): up to 9 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-8]]:12: note: 'post_recursive' retries here (3 attempts)
    if (post_recursive(stub, req, 2).ok())
      return true;
  }
  return false;
}

// A retry by recursion alone is one layer: its own recursive call is the
// next attempt, not a layer inside it.
bool post_recursive_alone_ok(httplib::Client &cli, const std::string &body,
                             int attempts_left) {
  auto res = cli.Post("/claims", body, "application/json");
  if (res)
    return res->status == 201;
  if (attempts_left <= 1)
    return false;
  return post_recursive_alone_ok(cli, body, attempts_left - 1);
}

// --- library layers: a gRPC channel with a retry policy ---------------------------

const char kRetryingConfig[] = R"({
  "methodConfig": [{
    "name": [{"service": "payments.Payments"}],
    "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s",
                    "maxBackoff": "1s", "backoffMultiplier": 2,
                    "retryableStatusCodes": ["UNAVAILABLE"]}
  }]})";

class PolicyClient {
public:
  PolicyClient() {
    grpc::ChannelArguments args;
    args.SetServiceConfigJSON(kRetryingConfig);
    stub_ = payments::Payments::NewStub(grpc::CreateCustomChannel(
        "payments:443", grpc::InsecureChannelCredentials(), args));
  }
  bool charge_bad(const ChargeRequest &req) {
    for (int i = 0; i < 3; ++i) {
      // CHECK-NOTES: :[[@LINE-1]]:5: warning: retry loop (3 attempts) calls 'CreateCharge' which retries (4 attempts, gRPC retry policy): up to 12 requests per call [retry-nested-layers]
      // CHECK-NOTES: :[[@LINE-19]]:32: note: gRPC retry policy: 4 attempts per call of 'CreateCharge'
      grpc::ClientContext ctx;
      ChargeReply reply;
      grpc::Status s = stub_->CreateCharge(&ctx, req, &reply);
      if (s.ok())
        return true;
    }
    return false;
  }
  // The outer loop re-runs on ABORTED only; the channel retries
  // UNAVAILABLE only: an exhausted inner layer does not restart the outer.
  bool disjoint_classes_ok(const ChargeRequest &req) {
    for (int i = 0; i < 3; ++i) {
      grpc::ClientContext ctx;
      ChargeReply reply;
      grpc::Status s = stub_->CreateCharge(&ctx, req, &reply);
      if (s.error_code() != grpc::StatusCode::ABORTED)
        return s.ok();
    }
    return false;
  }

private:
  std::unique_ptr<payments::Payments::Stub> stub_;
};

// Retries switched off on the channel, or a policy for another method.
class NoRetryClient {
public:
  NoRetryClient() {
    grpc::ChannelArguments args;
    args.SetServiceConfigJSON(kRetryingConfig);
    args.SetInt(GRPC_ARG_ENABLE_RETRIES, 0);
    stub_ = payments::Payments::NewStub(grpc::CreateCustomChannel(
        "payments:443", grpc::InsecureChannelCredentials(), args));
    grpc::ChannelArguments other;
    other.SetServiceConfigJSON(R"({"methodConfig": [{
      "name": [{"service": "payments.Payments", "method": "GetCharge"}],
      "retryPolicy": {"maxAttempts": 5,
                      "retryableStatusCodes": ["UNAVAILABLE"]}}]})");
    other_ = payments::Payments::NewStub(grpc::CreateCustomChannel(
        "payments:443", grpc::InsecureChannelCredentials(), other));
  }
  bool retries_disabled_ok(const ChargeRequest &req) {
    for (int i = 0; i < 3; ++i) {
      grpc::ClientContext ctx;
      ChargeReply reply;
      if (stub_->CreateCharge(&ctx, req, &reply).ok())
        return true;
    }
    return false;
  }
  bool policy_for_other_method_ok(const ChargeRequest &req) {
    for (int i = 0; i < 3; ++i) {
      grpc::ClientContext ctx;
      ChargeReply reply;
      if (other_->CreateCharge(&ctx, req, &reply).ok())
        return true;
    }
    return false;
  }

private:
  std::unique_ptr<payments::Payments::Stub> stub_, other_;
};

// A stub passed in from elsewhere: no visible channel, assumed not to retry.
bool passed_in_stub_ok(payments::Payments::Stub &stub,
                       const ChargeRequest &req) {
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return true;
  }
  return false;
}

// --- silent: exhaustion mapped to a result the outer layer does not retry --------

grpc::Status post_or_give_up(payments::Payments::Stub &stub,
                             const ChargeRequest &req) {
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    ChargeReply reply;
    grpc::Status s = stub.CreateCharge(&ctx, req, &reply);
    if (s.ok() || s.error_code() != grpc::StatusCode::UNAVAILABLE)
      return s;
  }
  return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "gave up");
}

bool exhaustion_mapped_ok(payments::Payments::Stub &stub,
                          const ChargeRequest &req) {
  for (int i = 0; i < 3; ++i) {
    grpc::Status s = post_or_give_up(stub, req);
    if (s.ok())
      return true;
    if (s.error_code() != grpc::StatusCode::UNAVAILABLE)
      return false;
  }
  return false;
}

// --- silent: polling, a single layer, one attempt ---------------------------------

bool get_with_retry(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Get("/jobs/1");
    if (res && res->status == 200)
      return true;
  }
  return false;
}

// Retrying reads multiplies them too: the outer loop goes round only when
// the inner one gave up.
void reread_until_ok_bad(httplib::Client &cli) {
  for (int i = 0; i < 10; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (10 attempts) calls 'get_with_retry' which retries (3 attempts): up to 30 requests per call
    // CHECK-NOTES: :[[@LINE-13]]:3: note: 'get_with_retry' retries here (3 attempts)
    if (get_with_retry(cli))
      return;
  }
}

// A poll goes round after a successful read too, until the state changes.
std::optional<std::string> job_state(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Get("/jobs/1");
    if (res && res->status == 200)
      return res->body;
  }
  return std::nullopt;
}

void poll_until_done_ok(httplib::Client &cli) {
  for (int i = 0; i < 10; ++i) {
    std::optional<std::string> s = job_state(cli);
    if (s && *s == "done")
      return;
  }
}

bool single_layer_ok(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Post("/charges", "{}", "application/json");
    if (res && res->status == 200)
      return true;
  }
  return false;
}

bool inner_single_attempt_ok(payments::Payments::Stub &stub,
                             const ChargeRequest &req) {
  for (int i = 0; i < 3; ++i) {
    grpc::Status s;
    for (int j = 0; j < 1; ++j) {
      grpc::ClientContext ctx;
      ChargeReply reply;
      s = stub.CreateCharge(&ctx, req, &reply);
      if (s.ok())
        break;
    }
    if (s.ok())
      return true;
  }
  return false;
}

// --- library layers: AWS SDK clients ----------------------------------------------

#include <aws/dynamodb/DynamoDBClient.h>

bool aws_default_bad(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::DynamoDB::DynamoDBClient client;
  for (int i = 0; i < 3; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'PutItem' which retries (3 attempts, AWS SDK client): up to 9 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-3]]:33: note: AWS SDK client: 3 attempts per call of 'PutItem'
    if (client.PutItem(req).IsSuccess())
      return true;
  }
  return false;
}

bool aws_legacy_strategy_bad(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy =
      Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("orders", 4);
  auto client = std::make_shared<Aws::DynamoDB::DynamoDBClient>(cfg);
  for (int i = 0; i < 2; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (2 attempts) calls 'PutItem' which retries (5 attempts, AWS SDK client): up to 10 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-4]]:7: note: AWS SDK client: 5 attempts per call of 'PutItem'
    if (client->PutItem(req).IsSuccess())
      return true;
  }
  return false;
}

bool aws_no_retries_ok(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy =
      Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("orders", 0);
  Aws::DynamoDB::DynamoDBClient client(cfg);
  for (int i = 0; i < 3; ++i) {
    if (client.PutItem(req).IsSuccess())
      return true;
  }
  return false;
}

bool aws_passed_in_ok(const Aws::DynamoDB::DynamoDBClient &client,
                      const Aws::DynamoDB::Model::PutItemRequest &req) {
  for (int i = 0; i < 3; ++i) {
    if (client.PutItem(req).IsSuccess())
      return true;
  }
  return false;
}

// --- retry combinators -------------------------------------------------------------

#include <folly/futures/Retrying.h>

grpc::Status folly_bad(payments::Payments::Stub &stub,
                       const ChargeRequest &req) {
  return folly::futures::retrying(folly::futures::retryingPolicyBasic(3),
                                  [&](unsigned) { return post_charge(stub, req); });
  // CHECK-NOTES: :[[@LINE-2]]:10: warning: retry helper 'retrying' (3 attempts) calls 'post_charge' which retries (3 attempts): up to 9 requests per call [retry-nested-layers]
  // CHECK-NOTES: :[[@LINE-363]]:3: note: 'post_charge' retries here (3 attempts)
}


// --- a virtual call reaches the overriders in the file ---
// (the corpus case nested-layers-virtual-overrider)

void pause_ms(long ms);

class Transport {
public:
  virtual ~Transport() = default;
  virtual bool deliver(httplib::Client &cli) = 0;
};

class RetryingTransport : public Transport {
public:
  bool deliver(httplib::Client &cli) override {
    for (int i = 0; i < 3; ++i) {
      if (cli.Put("/frames", {}, "x", "text/plain"))
        return true;
      pause_ms(100 << i);
    }
    return false;
  }
};

class PlainTransport : public Transport {
public:
  bool deliver(httplib::Client &cli) override {
    return static_cast<bool>(cli.Put("/frames", {}, "x", "text/plain"));
  }
};

bool push_through_overrider_bad(Transport &t, httplib::Client &cli) {
  for (int i = 0; i < 4; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (4 attempts) calls 'RetryingTransport::deliver' which retries (3 attempts): up to 12 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-19]]:5: note: 'RetryingTransport::deliver' retries here (3 attempts)
    if (t.deliver(cli))
      return true;
    pause_ms(100 << i);
  }
  return false;
}

bool push_plain_qualified_ok(PlainTransport &t, httplib::Client &cli) {
  for (int i = 0; i < 4; ++i) {
    if (t.PlainTransport::deliver(cli))
      return true;
    pause_ms(100 << i);
  }
  return false;
}

// --- known gaps ------------------------------------------------------------------

std::shared_ptr<grpc::Channel> make_retrying_channel() {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(kRetryingConfig);
  return grpc::CreateCustomChannel("payments:443",
                                   grpc::InsecureChannelCredentials(), args);
}

// FIXME: the channel comes from a factory function; the stub is not followed
// into it, so the channel's retry policy is not seen as a layer.
bool channel_from_factory_FN(const ChargeRequest &req) {
  auto stub = payments::Payments::NewStub(make_retrying_channel());
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    ChargeReply reply;
    if (stub->CreateCharge(&ctx, req, &reply).ok())
      return true;
  }
  return false;
}

// FIXME: calls through a function pointer are not followed.
bool through_function_pointer_FN(payments::Payments::Stub &stub,
                                 const ChargeRequest &req) {
  grpc::Status (*send)(payments::Payments::Stub &, const ChargeRequest &) =
      post_charge;
  for (int i = 0; i < 3; ++i)
    if (send(stub, req).ok())
      return true;
  return false;
}

// A google-cloud-cpp style retry loop: the policy tolerates 2 failures, so
// it makes 3 attempts.
namespace google::cloud {
class LimitedErrorCountRetryPolicy {
public:
  explicit LimitedErrorCountRetryPolicy(int maximum_failures);
};
namespace internal {
template <class F>
auto RetryLoop(LimitedErrorCountRetryPolicy policy, F &&f) -> decltype(f()) {
  return f();
}
} // namespace internal
} // namespace google::cloud

grpc::Status google_cloud_policy_bad(payments::Payments::Stub &stub,
                                     const ChargeRequest &req) {
  return google::cloud::internal::RetryLoop(
      google::cloud::LimitedErrorCountRetryPolicy(2),
      [&] { return post_charge(stub, req); });
  // CHECK-NOTES: :[[@LINE-3]]:10: warning: retry helper 'RetryLoop' (3 attempts) calls 'post_charge' which retries (3 attempts): up to 9 requests per call [retry-nested-layers]
  // CHECK-NOTES: :[[@LINE-471]]:3: note: 'post_charge' retries here (3 attempts)
}

// --- counters incremented in the loop condition -----------------------------------

bool post_increment_condition_bad(payments::Payments::Stub &stub,
                                  const ChargeRequest &req) {
  int tries = 0;
  while (tries++ < 3) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'post_charge' which retries (3 attempts): up to 9 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-481]]:3: note: 'post_charge' retries here (3 attempts)
    if (post_charge(stub, req).ok())
      return true;
  }
  return false;
}

bool pre_increment_condition_bad(payments::Payments::Stub &stub,
                                 const ChargeRequest &req) {
  int tries = 0;
  while (++tries < 3) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (2 attempts) calls 'post_charge' which retries (3 attempts): up to 6 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-493]]:3: note: 'post_charge' retries here (3 attempts)
    if (post_charge(stub, req).ok())
      return true;
  }
  return false;
}

bool do_while_condition_bad(payments::Payments::Stub &stub,
                            const ChargeRequest &req) {
  int tries = 0;
  do {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'post_charge' which retries (3 attempts): up to 9 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-505]]:3: note: 'post_charge' retries here (3 attempts)
    if (post_charge(stub, req).ok())
      return true;
  } while (tries++ < 2);
  return false;
}

// --- AWS clients configured by a same-file factory ----------------------------

static Aws::Client::ClientConfiguration no_sdk_retries() {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy =
      Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("carts", 0);
  return cfg;
}

static Aws::Client::ClientConfiguration four_sdk_retries() {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy =
      Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("carts", 4);
  return cfg;
}

bool aws_factory_no_retries_ok(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::DynamoDB::DynamoDBClient client(no_sdk_retries());
  for (int i = 0; i < 3; ++i) {
    if (client.PutItem(req).IsSuccess())
      return true;
  }
  return false;
}

bool aws_factory_retries_bad(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::DynamoDB::DynamoDBClient client(four_sdk_retries());
  for (int i = 0; i < 3; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'PutItem' which retries (5 attempts, AWS SDK client): up to 15 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE-17]]:7: note: AWS SDK client: 5 attempts per call of 'PutItem'
    if (client.PutItem(req).IsSuccess())
      return true;
  }
  return false;
}

// --- a retry loop around a helper handed a function by name -------------------
// The corpus case nested-layers-fnptr-helper-in-loop: each round of the loop
// lets the helper make its attempts.

typedef int (*op_fn)(void *);
static int with_attempts(op_fn op, void *arg, int attempts) {
  int rc = -1;
  for (int i = 0; i < attempts && rc != 0; ++i)
    rc = op(arg);
  return rc;
}

extern "C" int blob_get(const char *key); // another file
static int get_manifest(void *key) {
  return blob_get(static_cast<const char *>(key));
}

int read_manifest_bad(char *key) {
  for (int round = 0; round < 3; ++round) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) contains a retry helper 'with_attempts' (4 attempts): up to 12 requests per call [retry-nested-layers]
    if (with_attempts(get_manifest, key, 4) == 0)
      // CHECK-NOTES: :[[@LINE-1]]:9: note: inner retry helper 'with_attempts' (4 attempts)
      return 0;
  }
  return -1;
}

int read_manifest_once_ok(char *key) {
  return with_attempts(get_manifest, key, 4);
}

// --- a loop that goes back when a retry helper gave up --------------------------
// (reduced from github:aosedge/aos_core_cpp src/cm/communication/
// communication.cpp HandleConnection; the corpus case
// nested-layers-aos-connection-handler). The loop never leaves on success:
// after a session it reconnects. But a failed helper call sends it straight
// back to the helper, so every outage costs attempts x rounds.

extern "C" int broker_connect(const char *url); // another file
extern "C" void broker_consume(int fd);         // returns when the session ends
static int connect_broker(void *url) {
  return broker_connect(static_cast<const char *>(url)) < 0 ? -1 : 0;
}

void consume_forever_bad(char *url, volatile bool &running) {
  while (running) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (unbounded) contains a retry helper 'with_attempts' (5 attempts): unbounded requests per call [retry-nested-layers]
    if (with_attempts(connect_broker, url, 5) != 0)
      // CHECK-NOTES: :[[@LINE-1]]:9: note: inner retry helper 'with_attempts' (5 attempts)
      continue;
    broker_consume(0);
  }
}

// A loop that leaves when the helper gives up and goes round only after a
// session that succeeded: it reconnects, it does not retry the helper.
void consume_until_down_ok(char *url, volatile bool &running) {
  while (running) {
    if (with_attempts(connect_broker, url, 5) != 0)
      return;
    broker_consume(0);
  }
}

// A callback handed to a library's retry scheduler (declared only) is not
// an operation a helper calls again: the library decides when, and how
// often (the shape of awslabs/aws-c-io tests/exponential_backoff_retry_test.c,
// whose on-ready callback schedules the next retry itself).
struct retry_token;
typedef void(retry_ready_fn)(retry_token *, int, void *);
extern "C" int retry_strategy_schedule_retry(retry_token *t, int type,
                                             retry_ready_fn *fn, void *ud);
extern "C" void note_attempt(void *ud); // another file

static void on_retry_ready_ok(retry_token *t, int err, void *ud) {
  note_attempt(ud);
  if (err != 0)
    retry_strategy_schedule_retry(t, 1, on_retry_ready_ok, ud);
}

void schedule_first_retry_ok(retry_token *t, void *ud) {
  for (int i = 0; i < 3; ++i)
    if (retry_strategy_schedule_retry(t, 1, on_retry_ready_ok, ud) == 0)
      return;
}

// --- known gaps: function-pointer members, goto ----------------------------------

// FIXME: a call through a function-pointer member is not followed, even when
// the constructor assigns it a same-file function that retries (the corpus
// case nested-layers-fnptr-member).
class ChargeSender_FN {
public:
  ChargeSender_FN() : send_(&post_charge) {}

  bool send(payments::Payments::Stub &stub, const ChargeRequest &req) {
    for (int round = 0; round < 3; ++round) {
      if (send_(stub, req).ok())
        return true;
      pause_ms(1000L << round);
    }
    return false;
  }

private:
  grpc::Status (*send_)(payments::Payments::Stub &, const ChargeRequest &);
};

// A retry by goto is an outer layer too: the goto goes back when a
// same-file retrying function failed (the label is on the test itself).
bool goto_around_retrying_function_bad(payments::Payments::Stub &stub,
                                       const ChargeRequest &req) {
  int rounds = 0;
again:
  // CHECK-NOTES: :[[@LINE-1]]:1: warning: retry by goto (3 attempts) calls 'post_charge' which retries (3 attempts): up to 9 requests per call [retry-nested-layers]
  // CHECK-NOTES: :[[@LINE-663]]:3: note: 'post_charge' retries here (3 attempts)
  if (!post_charge(stub, req).ok() && ++rounds < 3) {
    pause_ms(500);
    goto again;
  }
  return rounds < 3;
}

// --- caps the model cannot count ------------------------------------------

// Reduced from github:romange/helio util/cloud/utils.cc RobustSender::Send:
// an attempt count handed in by the caller bounds the loop; how many is not
// known here, so neither "unbounded" nor a product can be claimed.
struct Sender {
  unsigned max_attempts_;
  bool post_once(httplib::Client &cli) {
    for (unsigned i = 0; i < max_attempts_; ++i) {
      auto res = cli.Post("/charges", "{}", "application/json");
      if (res && res->status == 200)
        return true;
    }
    return false;
  }
  bool post_twice_over_ok(httplib::Client &cli, unsigned tries) {
    for (unsigned i = 0; i < tries; ++i)
      if (post_once(cli))
        return true;
    return false;
  }
  // One counted layer around one that cannot be counted: no nesting proven.
  bool post_many_ok(httplib::Client &cli) {
    for (int i = 0; i < 5; ++i)
      if (post_once(cli))
        return true;
    return false;
  }
  // Counted layers around and inside it: at least their product.
  bool post_three(httplib::Client &cli) {
    for (int i = 0; i < 3; ++i) {
      auto res = cli.Post("/refunds", "{}", "application/json");
      if (res && res->status == 200)
        return true;
    }
    return false;
  }
  bool relay(httplib::Client &cli) {
    for (unsigned i = 0; i < max_attempts_; ++i)
      if (post_three(cli))
        return true;
    return false;
  }
  bool relay_thrice_bad(httplib::Client &cli) {
    for (int i = 0; i < 3; ++i) {
      // CHECK-NOTES: :[[@LINE-1]]:5: warning: retry loop (3 attempts) calls 'relay' which retries (attempts not known) which calls 'post_three' which retries (3 attempts): at least 9 requests per call [retry-nested-layers]
      // CHECK-NOTES: :[[@LINE-8]]:5: note: 'relay' retries here (attempts not known)
      // CHECK-NOTES: :[[@LINE-17]]:5: note: 'post_three' retries here (3 attempts)
      if (relay(cli))
        return true;
    }
    return false;
  }
};
