// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A gRPC service keeps idempotency replies in a member map keyed by the
// request message's idempotency_key() accessor; one lock covers check and
// record; the charge is written to SQLite.
#include <grpcpp/grpcpp.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

namespace grpc {
class ServerContext;
}
namespace billing {
struct ChargeRequest {
  const std::string &idempotency_key() const;
  long cents() const;
};
struct ChargeReply {};
class Billing {
public:
  class Service {
  public:
    virtual ~Service();
    virtual grpc::Status Charge(grpc::ServerContext *, const ChargeRequest *,
                                ChargeReply *);
  };
};
} // namespace billing

class BillingImpl : public billing::Billing::Service {
  std::mutex mu_;
  std::unordered_map<std::string, bool> done_;
  sqlite3 *db_ = nullptr;

public:
  grpc::Status Charge(grpc::ServerContext *, const billing::ChargeRequest *req,
                      billing::ChargeReply *) override {
    std::lock_guard<std::mutex> g(mu_);
    if (done_.count(req->idempotency_key()))
      return grpc::Status();
    sqlite3_stmt *st = nullptr;
    sqlite3_prepare_v2(db_, "INSERT INTO charges(cents) VALUES (?)", -1, &st,
                       nullptr);
    sqlite3_bind_int64(st, 1, req->cents());
    sqlite3_step(st);
    sqlite3_finalize(st);
    done_[req->idempotency_key()] = true;
    return grpc::Status();
  }
};
