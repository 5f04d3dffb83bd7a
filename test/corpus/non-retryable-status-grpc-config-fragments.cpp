// corpus: origin written
// corpus: fixme-fn retry-non-retryable-status FIXME: a gRPC service config assembled from string fragments across same-file functions (retryableStatusCodes spliced in from a constant) is not read
// The service config is assembled from string fragments at start-up; the
// code list spliced in includes INVALID_ARGUMENT.
#include <grpcpp/grpcpp.h>
#include <memory>
#include <string>

namespace {
const std::string kCodes = "\"UNAVAILABLE\", \"INVALID_ARGUMENT\"";

std::string retry_policy() {
  return std::string("\"retryPolicy\": {\"maxAttempts\": 3, "
                     "\"initialBackoff\": \"0.1s\", \"maxBackoff\": \"1s\", "
                     "\"backoffMultiplier\": 2, \"retryableStatusCodes\": [") +
         kCodes + "]}";
}

std::string service_config() {
  return "{\"methodConfig\": [{\"name\": [{\"service\": \"payments.Payments\"}], " +
         retry_policy() + "}]}";
}
} // namespace

class ChargeReader {
public:
  explicit ChargeReader(const std::string &target) {
    grpc::ChannelArguments args;
    args.SetServiceConfigJSON(service_config());
    stub_ = payments::Payments::NewStub(grpc::CreateCustomChannel(
        target, grpc::InsecureChannelCredentials(), args));
  }

  grpc::Status get(const payments::ChargeRequest &req,
                   payments::ChargeReply *reply) {
    grpc::ClientContext ctx;
    return stub_->GetCharge(&ctx, req, reply);
  }

private:
  std::unique_ptr<payments::Payments::Stub> stub_;
};
