// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A gRPC publish whose deduplication_id is the digest of the payload: two
// equal "price changed" events in a row collapse.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace events {
class PublishRequest {
public:
  void set_topic(const std::string &);
  void set_payload(const std::string &);
  void set_deduplication_id(const std::string &);
};
class PublishReply {};
class Bus {
public:
  class Stub {
  public:
    grpc::Status PublishEvent(grpc::ClientContext *, const PublishRequest &,
                              PublishReply *);
  };
};
} // namespace events

std::string sha256_hex(const std::string &);

grpc::Status price_changed(events::Bus::Stub &stub, const std::string &payload) {
  events::PublishRequest req;
  req.set_topic("prices");
  req.set_payload(payload);
  req.set_deduplication_id(sha256_hex(payload));
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    events::PublishReply reply;
    grpc::ClientContext ctx;
    st = stub.PublishEvent(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
