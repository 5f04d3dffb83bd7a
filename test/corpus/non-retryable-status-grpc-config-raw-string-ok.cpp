// corpus: origin written
// corpus: negative retry-non-retryable-status retry-nested-layers
// Raw-string service config retrying UNAVAILABLE and DEADLINE_EXCEEDED; the
// application calls the stub once, so there is one retry layer.
#include <grpcpp/grpcpp.h>
#include <memory>
#include <string>

constexpr const char *kConfig = R"({"methodConfig":[{"name":[{"service":"payments.Payments","method":"GetCharge"}],
 "retryPolicy":{"maxAttempts":3,"initialBackoff":"0.5s","maxBackoff":"5s","backoffMultiplier":2,
 "retryableStatusCodes":["UNAVAILABLE","DEADLINE_EXCEEDED"]}}]})";

class ReceiptClient {
public:
  explicit ReceiptClient(const std::string &target) {
    grpc::ChannelArguments args;
    args.SetServiceConfigJSON(kConfig);
    stub_ = payments::Payments::NewStub(grpc::CreateCustomChannel(
        target, grpc::InsecureChannelCredentials(), args));
  }

  bool receipt(const std::string &order, payments::ChargeReply *out) {
    payments::ChargeRequest req;
    req.set_order_id(order);
    grpc::ClientContext ctx;
    grpc::Status s = stub_->GetCharge(&ctx, req, out);
    if (!s.ok() && s.error_code() == grpc::NOT_FOUND)
      return false;
    return s.ok();
  }

private:
  std::unique_ptr<payments::Payments::Stub> stub_;
};
