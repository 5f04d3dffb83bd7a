// corpus: origin github:googleapis/google-cloud-cpp google/cloud/storage/internal/async/connection_impl.cc InsertObject
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// Reduced anew: an invocation id (random) is made once per call before the
// retry loop and sent with every attempt as the request's idempotency key.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace storage {
struct InsertObjectRequest {
  void set_bucket(const std::string &);
  void set_idempotency_key(const std::string &);
};
struct Object {};
class Storage {
public:
  class Stub {
  public:
    grpc::Status InsertObject(grpc::ClientContext *, const InsertObjectRequest &,
                              Object *);
  };
};
} // namespace storage

grpc::Status insert_object(storage::Storage::Stub &stub,
                           const std::string &bucket) {
  boost::uuids::random_generator gen;
  const std::string invocation_id = boost::uuids::to_string(gen());
  grpc::Status st;
  for (int attempt = 0; attempt < 4; ++attempt) {
    storage::InsertObjectRequest req;
    req.set_bucket(bucket);
    req.set_idempotency_key(invocation_id);
    storage::Object obj;
    grpc::ClientContext ctx;
    st = stub.InsertObject(&ctx, req, &obj);
    if (st.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((250 << attempt) + rand() % 250));
  }
  return st;
}
