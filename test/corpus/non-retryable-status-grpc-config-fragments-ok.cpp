// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-budget
// Service config from fragments; the splice lists only retryable codes and
// maxAttempts is 4.
#include <grpcpp/grpcpp.h>
#include <memory>
#include <string>

namespace {
const char *kRetryable = "[\"UNAVAILABLE\", \"RESOURCE_EXHAUSTED\", \"ABORTED\"]";

std::string method_config(const std::string &method) {
  return std::string("{\"name\": [{\"service\": \"payments.Payments\", "
                     "\"method\": \"") +
         method +
         "\"}], \"retryPolicy\": {\"maxAttempts\": 4, \"initialBackoff\": "
         "\"0.25s\", \"maxBackoff\": \"4s\", \"backoffMultiplier\": 2, "
         "\"retryableStatusCodes\": " +
         kRetryable + "}}";
}
} // namespace

std::unique_ptr<payments::Payments::Stub> reader_stub(const std::string &target) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON("{\"methodConfig\": [" + method_config("GetCharge") +
                            "]}");
  return payments::Payments::NewStub(grpc::CreateCustomChannel(
      target, grpc::InsecureChannelCredentials(), args));
}

bool read_once(payments::Payments::Stub &stub, const payments::ChargeRequest &req) {
  payments::ChargeReply reply;
  grpc::ClientContext ctx;
  return stub.GetCharge(&ctx, req, &reply).ok();
}
