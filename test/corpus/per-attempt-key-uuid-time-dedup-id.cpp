// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A time-based (v1) UUID as deduplication_id on a gRPC publish, minted in
// the loop.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>
#include <uuid/uuid.h>

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

grpc::Status emit(events::Bus::Stub &stub, const std::string &payload) {
  grpc::Status st;
  for (int attempt = 0; attempt < 4; ++attempt) {
    uuid_t id;
    char text[37];
    uuid_generate_time(id);
    uuid_unparse_lower(id, text);
    events::PublishRequest req;
    req.set_topic("orders");
    req.set_payload(payload);
    req.set_deduplication_id(text);
    events::PublishReply reply;
    grpc::ClientContext ctx;
    st = stub.PublishEvent(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE)
      return st;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
