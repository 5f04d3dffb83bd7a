// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A chat client posts a message over gRPC (Post* is a side effect) and
// re-posts on DEADLINE_EXCEEDED.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace chat {
struct PostMessageRequest {
  void set_channel(const std::string &);
  void set_text(const std::string &);
};
struct PostMessageResponse {};
class ChatService {
public:
  class Stub {
  public:
    grpc::Status PostMessage(grpc::ClientContext *, const PostMessageRequest &,
                             PostMessageResponse *);
  };
};
} // namespace chat

class ChatBot {
  chat::ChatService::Stub *stub_;

public:
  explicit ChatBot(chat::ChatService::Stub *s) : stub_(s) {}

  bool say(const std::string &channel, const std::string &text) {
    chat::PostMessageRequest req;
    req.set_channel(channel);
    req.set_text(text);
    for (int attempt = 0; attempt < 3; ++attempt) {
      chat::PostMessageResponse resp;
      grpc::ClientContext ctx;
      auto st = stub_->PostMessage(&ctx, req, &resp);
      if (st.ok())
        return true;
      if (st.error_code() != grpc::DEADLINE_EXCEEDED)
        return false;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((200 << attempt) + rand() % 200));
    }
    return false;
  }
};
