// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// A template key function over any message: hash of its serialized bytes.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

namespace billing {
struct CreateInvoiceRequest {
  std::string SerializeAsString() const;
  void set_customer(const std::string &);
  void set_total(long);
  void set_request_id(const std::string &);
};
struct Invoice {};
class Billing {
public:
  class Stub {
  public:
    grpc::Status CreateInvoice(grpc::ClientContext *,
                               const CreateInvoiceRequest &, Invoice *);
  };
};
} // namespace billing

template <class Msg> std::string content_key(const Msg &m) {
  return sha256_hex(m.SerializeAsString());
}

grpc::Status invoice(billing::Billing::Stub &stub, const std::string &customer,
                     long total) {
  billing::CreateInvoiceRequest req;
  req.set_customer(customer);
  req.set_total(total);
  req.set_request_id(content_key(req));
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    billing::Invoice out;
    grpc::ClientContext ctx;
    st = stub.CreateInvoice(&ctx, req, &out);
    if (st.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
