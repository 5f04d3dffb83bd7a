// corpus: origin written
// corpus: negative retry-nested-layers retry-missing-budget
// corpus: negative retry-missing-budget
// The channel retries GetCharge on UNAVAILABLE (service config); the
// application only polls the charge while it is pending and returns on any
// error, so the channel is the only retry layer.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <string>
#include <thread>

bool charge_pending(const payments::ChargeReply &reply); // decodes the reply's state

bool wait_until_captured(const std::string &target, const payments::ChargeRequest &req) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(R"({"methodConfig": [{
    "name": [{"service": "payments.Payments", "method": "GetCharge"}],
    "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.2s", "maxBackoff": "2s",
                    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]})");
  auto stub = payments::Payments::NewStub(
      grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
  for (int polls = 0; polls < 30; ++polls) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    if (!stub->GetCharge(&ctx, req, &reply).ok())
      return false;
    if (!charge_pending(reply))
      return true;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return false;
}
