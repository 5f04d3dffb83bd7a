// corpus: origin github:romange/helio util/cloud/utils.cc RobustSender::Send
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: by the rule that side effects need a business verb, `RequestBase::Send` alone says nothing of the method; the POST travels in a member (`verb_`, set when the request is built) into the transport's `Write`, which the model does not follow
// corpus: negative retry-missing-budget retry-per-attempt-idempotency-key retry-non-retryable-status
// The POST is not reported: `Send` alone is a transport verb; the SDK's miss is that this loop lives in util/cloud/utils.cc, another
// translation unit than the POST. Also OpenWriteFile
// (util/cloud/aws/s3_storage.cc), which starts a multipart
// upload with a POST through this sender. Each of at most num_iterations
// attempts takes a pooled connection to the same endpoint, sends the request
// and reads the response header; a connection found closed while sending or
// while reading the header goes straight back to the next attempt, and a 429
// or 5xx waits a constant 100 ms (no jitter, no Retry-After). The POST that
// creates the upload carries no key: a lost reply creates a second upload id.
// (The SDK also refreshes an expired token on 401/403 and goes again; left out
// here.)
#include <chrono>
#include <memory>
#include <string>
#include <system_error>

using namespace std::chrono_literals;

namespace fiber {
void SleepFor(std::chrono::milliseconds d);
}

enum class Verb { get, put, post };

struct Header {
  int status = 0;
  bool keep_alive = true;
};

class Connection {
public:
  std::error_code Write(Verb verb, const std::string &target);
  std::error_code ReadHeader(Header *out);
  std::error_code Drain();
};

class ConnectionPool {
public:
  std::unique_ptr<Connection> GetHandle();
};

class RequestBase {
public:
  virtual ~RequestBase() = default;
  virtual std::error_code Send(Connection *c) = 0;
};

class BodylessRequest : public RequestBase {
  Verb verb_;
  std::string target_;

public:
  BodylessRequest(Verb verb, std::string target) : verb_(verb), target_(std::move(target)) {}
  std::error_code Send(Connection *c) override { return c->Write(verb_, target_); }
};

struct Socket {
  // broken pipe, reset or aborted (defined with the socket code)
  static bool IsConnClosed(std::error_code ec);
};

struct SendResult {
  std::unique_ptr<Connection> conn;
  Header header;
};

class Sender {
  ConnectionPool *pool_;

public:
  explicit Sender(ConnectionPool *pool) : pool_(pool) {}

  std::error_code Send(unsigned attempts, RequestBase *req, SendResult *out) {
    std::error_code ec;
    for (unsigned i = 0; i < attempts; ++i) {
      out->conn = pool_->GetHandle();
      if (!out->conn)
        return std::make_error_code(std::errc::not_connected);
      Connection *c = out->conn.get();

      std::error_code send_err = req->Send(c);
      if (Socket::IsConnClosed(send_err)) {
        ec = send_err;
        continue;
      }
      if (send_err)
        return send_err;

      std::error_code header_err = c->ReadHeader(&out->header);
      if (Socket::IsConnClosed(header_err)) {
        ec = header_err;
        continue;
      }
      if (header_err)
        return header_err;
      const int status = out->header.status;
      if (status == 200 || status == 201 || status == 206)
        return {};

      if (std::error_code drain_err = c->Drain())
        return drain_err;
      if (status == 429 || status / 100 == 5) {
        ec = std::make_error_code(std::errc::resource_unavailable_try_again);
        fiber::SleepFor(100ms);
        continue;
      }
      return std::make_error_code(std::errc::bad_message);
    }
    return ec;
  }
};

std::error_code StartUpload(ConnectionPool *pool, const std::string &bucket,
                            const std::string &key) {
  BodylessRequest req(Verb::post, "/" + bucket + "/" + key + "?uploads");
  Sender sender(pool);
  SendResult res;
  return sender.Send(3, &req, &res);
}
