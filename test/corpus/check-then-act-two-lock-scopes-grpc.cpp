// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A gRPC service implementation: the key comes from the request message
// accessor; look-up and record hold two separate lock scopes on the same
// mutex, and the charge is appended to a journal file in between.
#include <fstream>
#include <grpcpp/grpcpp.h>
#include <mutex>
#include <string>
#include <unordered_map>

namespace grpc {
class ServerContext;
}
namespace wallet {
struct DebitRequest {
  const std::string &idempotency_key() const;
  long cents() const;
};
struct DebitReply {
  void set_balance(long);
};
class Wallet {
public:
  class Service {
  public:
    virtual ~Service();
    virtual grpc::Status Debit(grpc::ServerContext *, const DebitRequest *,
                               DebitReply *);
  };
};
} // namespace wallet

class WalletImpl final : public wallet::Wallet::Service {
  std::mutex mu_;
  std::unordered_map<std::string, long> done_;
  std::ofstream journal_{"/var/lib/wallet/journal.log"};
  long balance_ = 0;

public:
  grpc::Status Debit(grpc::ServerContext *, const wallet::DebitRequest *req,
                     wallet::DebitReply *reply) override {
    {
      std::lock_guard<std::mutex> g(mu_);
      auto it = done_.find(req->idempotency_key());
      if (it != done_.end()) {
        reply->set_balance(it->second);
        return grpc::Status();
      }
    }
    journal_ << "debit " << req->cents() << "\n";
    journal_.flush();
    std::lock_guard<std::mutex> g(mu_);
    balance_ -= req->cents();
    done_.emplace(req->idempotency_key(), balance_);
    reply->set_balance(balance_);
    return grpc::Status();
  }
};
