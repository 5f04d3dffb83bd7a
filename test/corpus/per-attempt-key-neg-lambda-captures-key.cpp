// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The retried lambda captures a key minted outside it.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

template <class F> grpc::Status retry_unavailable(int attempts, F &&call) {
  grpc::Status st = call();
  for (int i = 1; i < attempts && st.error_code() == grpc::UNAVAILABLE; ++i) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
    st = call();
  }
  return st;
}

grpc::Status charge(payments::Payments::Stub &stub, long amount) {
  boost::uuids::random_generator gen;
  const std::string key = boost::uuids::to_string(gen());
  return retry_unavailable(3, [&] {
    payments::ChargeRequest req;
    req.set_amount(amount);
    req.set_idempotency_key(key);
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    return stub.CreateCharge(&ctx, req, &reply);
  });
}
