// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A random key minted per intent and persisted with the intent before the
// first attempt; a restarted process reloads the same key.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

// Stores the key with the intent row; returns the stored key if one exists.
std::string load_or_store_key(const std::string &intent_id,
                              const std::string &fresh);

grpc::Status charge_intent(payments::Payments::Stub &stub,
                           const std::string &intent_id, long amount) {
  boost::uuids::random_generator gen;
  const std::string key =
      load_or_store_key(intent_id, boost::uuids::to_string(gen()));
  grpc::Status st;
  for (int attempt = 0; attempt < 5; ++attempt) {
    payments::ChargeRequest req;
    req.set_amount(amount);
    req.set_idempotency_key(key);
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.ok() || (st.error_code() != grpc::UNAVAILABLE &&
                    st.error_code() != grpc::DEADLINE_EXCEEDED))
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
