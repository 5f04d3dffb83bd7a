// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// DeleteWebhook and PutSettings are idempotent by name; both are retried
// on UNAVAILABLE without a key.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace admin {
struct DeleteWebhookRequest {
  void set_id(const std::string &);
};
struct PutSettingsRequest {
  void set_json(const std::string &);
};
struct Empty {};
class Admin {
public:
  class Stub {
  public:
    grpc::Status DeleteWebhook(grpc::ClientContext *, const DeleteWebhookRequest &,
                               Empty *);
    grpc::Status PutSettings(grpc::ClientContext *, const PutSettingsRequest &,
                             Empty *);
  };
};
} // namespace admin

grpc::Status reset_tenant(admin::Admin::Stub &stub, const std::string &hook,
                          const std::string &settings) {
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    admin::DeleteWebhookRequest d;
    d.set_id(hook);
    admin::Empty e;
    grpc::ClientContext c1;
    st = stub.DeleteWebhook(&c1, d, &e);
    if (st.ok() || st.error_code() == grpc::NOT_FOUND) {
      admin::PutSettingsRequest p;
      p.set_json(settings);
      grpc::ClientContext c2;
      st = stub.PutSettings(&c2, p, &e);
      if (st.ok())
        return st;
    }
    if (st.error_code() != grpc::UNAVAILABLE)
      return st;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
