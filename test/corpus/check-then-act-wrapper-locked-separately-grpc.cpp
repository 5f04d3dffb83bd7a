// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A gRPC service with a small store class whose seen()/mark() each lock; the
// RPC calls seen(), publishes the payment (a side effect), then mark().
#include <grpcpp/grpcpp.h>
#include <mutex>
#include <string>
#include <unordered_set>

namespace grpc {
class ServerContext;
}
namespace pay {
struct PayRequest {
  const std::string &request_id() const;
  long cents() const;
};
struct PayReply {};
class Gateway {
public:
  class Service {
  public:
    virtual ~Service();
    virtual grpc::Status Pay(grpc::ServerContext *, const PayRequest *,
                             PayReply *);
  };
};
} // namespace pay

class SeenRequests {
  std::mutex mu_;
  std::unordered_set<std::string> ids_;

public:
  bool seen(const std::string &id) {
    std::lock_guard<std::mutex> g(mu_);
    return ids_.count(id) > 0;
  }
  void mark(const std::string &id) {
    std::lock_guard<std::mutex> g(mu_);
    ids_.insert(id);
  }
};

// Posts the payment to the acquirer (another file).
bool SubmitToAcquirer(long cents);

class GatewayImpl : public pay::Gateway::Service {
  SeenRequests seen_;

public:
  grpc::Status Pay(grpc::ServerContext *, const pay::PayRequest *req,
                   pay::PayReply *) override {
    if (seen_.seen(req->request_id()))
      return grpc::Status();
    if (!SubmitToAcquirer(req->cents()))
      return grpc::Status(grpc::UNAVAILABLE, "acquirer down");
    seen_.mark(req->request_id());
    return grpc::Status();
  }
};
