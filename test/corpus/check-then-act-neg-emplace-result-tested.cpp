// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A gRPC service: emplace's result decides (structured binding) whether
// this call owns the request id; the map lives in memory.
#include <grpcpp/grpcpp.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

namespace grpc {
class ServerContext;
}
namespace orders {
struct CreateOrderRequest {
  const std::string &request_id() const;
  const std::string &sku() const;
};
struct CreateOrderReply {};
class OrderService {
public:
  class Service {
  public:
    virtual ~Service();
    virtual grpc::Status CreateOrder(grpc::ServerContext *,
                                     const CreateOrderRequest *,
                                     CreateOrderReply *);
  };
};
} // namespace orders

class OrdersImpl : public orders::OrderService::Service {
  std::mutex mu_;
  std::unordered_map<std::string, int> requests_;
  sqlite3 *db_ = nullptr;

public:
  grpc::Status CreateOrder(grpc::ServerContext *,
                           const orders::CreateOrderRequest *req,
                           orders::CreateOrderReply *) override {
    const std::string request_id = req->request_id();
    {
      std::lock_guard<std::mutex> g(mu_);
      auto [it, fresh] = requests_.emplace(request_id, 0);
      if (!fresh)
        return grpc::Status(grpc::ALREADY_EXISTS, "duplicate");
    }
    sqlite3_exec(db_, "INSERT INTO orders(sku) VALUES ('x')", nullptr, nullptr,
                 nullptr);
    return grpc::Status();
  }
};
