// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// corpus: negative retry-non-retryable-status
// A same-TU wrapper classifies gRPC codes into an enum; only UNAVAILABLE and
// DEADLINE_EXCEEDED map to Retry.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

enum class Verdict { Done, Retry, Fail };

static Verdict classify(const grpc::Status &s) {
  if (s.ok())
    return Verdict::Done;
  switch (s.error_code()) {
  case grpc::UNAVAILABLE:
  case grpc::DEADLINE_EXCEEDED:
    return Verdict::Retry;
  default:
    return Verdict::Fail;
  }
}

static Verdict read_charge(payments::Payments::Stub &stub,
                           const payments::ChargeRequest &req,
                           payments::ChargeReply *reply) {
  grpc::ClientContext ctx;
  return classify(stub.GetCharge(&ctx, req, reply));
}

bool charge_status(payments::Payments::Stub &stub,
                   const payments::ChargeRequest &req,
                   payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    Verdict v = read_charge(stub, req, reply);
    if (v == Verdict::Done)
      return true;
    if (v == Verdict::Fail)
      return false;
    long cap = 50L << attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, cap)(rng)));
  }
  return false;
}
