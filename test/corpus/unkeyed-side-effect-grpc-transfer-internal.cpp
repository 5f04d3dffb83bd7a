// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A funds transfer over gRPC retried on INTERNAL and UNKNOWN: the server
// may have moved the money before it failed.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace bank {
struct TransferRequest {
  void set_from(const std::string &);
  void set_to(const std::string &);
  void set_cents(long);
};
struct TransferReply {};
class Ledger {
public:
  class Stub {
  public:
    grpc::Status TransferFunds(grpc::ClientContext *, const TransferRequest &,
                               TransferReply *);
  };
};
} // namespace bank

bool move_money(bank::Ledger::Stub *stub, const std::string &from,
                const std::string &to, long cents) {
  bank::TransferRequest req;
  req.set_from(from);
  req.set_to(to);
  req.set_cents(cents);
  for (int attempt = 0; attempt < 3; ++attempt) {
    bank::TransferReply reply;
    grpc::ClientContext ctx;
    grpc::Status st = stub->TransferFunds(&ctx, req, &reply);
    if (st.ok())
      return true;
    switch (st.error_code()) {
    case grpc::INTERNAL:
    case grpc::UNKNOWN:
      break;
    default:
      return false;
    }
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
