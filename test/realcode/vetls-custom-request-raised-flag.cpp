// corpus: origin github:volcengine/ve-tls-cpp-sdk sdk/src/http/Http.cc HttpUtils::SendHttpRequestWithRetry
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status retry-per-attempt-idempotency-key
// Also HttpUtils::SendHttpRequest and calculate_sleep_ms. The SDK vendors a
// cpp-httplib with an extra client member taking the HTTP method as an
// argument; it answers with a Result, so it sends a request. A same-file
// wrapper copies the reply (its request id included) into a response
// record, and the loop raises a flag on 429, 5xx and transport errors and
// goes back until a wall-clock deadline, with randomised sleeps that never
// read Retry-After.
#include <chrono>
#include <memory>
#include <random>
#include <string>
#include <thread>

namespace httplib {
struct Response {
  int status = 0;
  std::string body;
  std::string get_header_value(const std::string &key) const;
};
class Result {
public:
  explicit operator bool() const { return res_ != nullptr; }
  const Response *operator->() const { return res_.get(); }
  int error() const { return err_; }

private:
  std::unique_ptr<Response> res_;
  int err_ = 0;
};
class Client {
public:
  explicit Client(const std::string &host);
  Result CustomRequest(const std::string &method, const std::string &path,
                       const std::string &body,
                       const std::string &content_type);
};
} // namespace httplib

struct TraceRequest {
  std::string method, path, body, content_type;
};

struct TraceResponse {
  int status_code = 0;
  std::string request_id;
  std::string body;
};

static int pressure = 0;

static long long sleep_ms_before(long long now, long long quit) {
  if (pressure <= 0 || now >= quit)
    return 0;
  std::random_device rd;
  std::mt19937 gen(rd());
  std::uniform_int_distribution<> dis(0, pressure);
  long long v = dis(gen) * 100;
  return now + v >= quit ? quit - now : v;
}

static long long now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::shared_ptr<TraceResponse> send_once(const TraceRequest &req,
                                         httplib::Client &cli) {
  auto resp = std::make_shared<TraceResponse>();
  auto inner = cli.CustomRequest(req.method, req.path, req.body,
                                 req.content_type);
  if (inner.error() != 0) {
    resp->status_code = -inner.error();
    return resp;
  }
  resp->request_id = inner->get_header_value("X-Tls-Requestid");
  resp->status_code = inner->status;
  resp->body = inner->body;
  return resp;
}

std::shared_ptr<TraceResponse> send_with_retry(const TraceRequest &req,
                                               httplib::Client &cli,
                                               int timeout_ms) {
  std::shared_ptr<TraceResponse> resp;
  long long quit = now_ms() + timeout_ms;
  while (true) {
    resp = send_once(req, cli);
    int need_retry = 0;
    if (resp->status_code <= 0 || resp->status_code == 429 ||
        resp->status_code == 500 || resp->status_code == 502 ||
        resp->status_code == 503 || resp->status_code == 504) {
      ++pressure;
      need_retry = 1;
    } else if (pressure > 0) {
      --pressure;
    }
    if (need_retry == 0)
      return resp;
    long long now = now_ms();
    if (now >= quit)
      return resp;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(sleep_ms_before(now, quit)));
  }
}
