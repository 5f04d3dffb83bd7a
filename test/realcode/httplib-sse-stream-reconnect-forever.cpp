// corpus: origin github:yhirose/cpp-httplib example/ssecli-stream.cc main
// corpus: real-headers
// corpus: expect retry-missing-budget
// corpus: expect retry-missing-backoff
// corpus: expect retry-non-retryable-status
// corpus: negative retry-unkeyed-side-effect retry-per-attempt-idempotency-key
// A server-sent-events client in the style of EventSource: it opens a
// streaming GET, and on a transport failure or any status other than 200
// (unless 204, 401, 403 or 404) sleeps retry_ms and reconnects, with no cap
// and no deadline; retry_ms is a constant unless the server overrides it, it
// has no jitter and Retry-After is never read. The stream is a GET, and
// Last-Event-ID is a resume position, not an idempotency key. The API below
// is the library's streaming interface, declared here because the installed
// cpp-httplib predates it.
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <thread>

namespace httplib {
enum class Error { Success = 0, Connection, Read };
using Headers = std::multimap<std::string, std::string>;
using Params = std::multimap<std::string, std::string>;
struct Response {
  int status = -1;
  Headers headers;
};

class Client {
public:
  explicit Client(const std::string &host);
  struct StreamHandle {
    std::unique_ptr<Response> response;
    Error error = Error::Success;
  };
  StreamHandle open_stream(const std::string &method, const std::string &path,
                           const Params &params = {},
                           const Headers &headers = {});
};

namespace stream {
class Result {
public:
  explicit Result(Client::StreamHandle &&h) : handle_(std::move(h)) {}
  explicit operator bool() const { return handle_.response != nullptr; }
  int status() const { return handle_.response ? handle_.response->status : -1; }
  Error error() const { return handle_.error; }
  bool next();
  const char *data() const;
  size_t size() const;

private:
  Client::StreamHandle handle_;
};

template <typename ClientType>
inline Result Get(ClientType &cli, const std::string &path,
                  const Headers &headers) {
  return Result{cli.open_stream("GET", path, {}, headers)};
}
} // namespace stream
} // namespace httplib

// Reads "id:" and "retry:" fields; true at the blank line ending an event.
bool take_line(const std::string &line, std::string &id, int &retry_ms);

int main() {
  httplib::Client cli("http://localhost:1234");
  std::string resume_from;
  int retry_ms = 3000;

  while (true) {
    httplib::Headers headers;
    if (!resume_from.empty())
      headers.emplace("Last-Event-ID", resume_from);

    auto result = httplib::stream::Get(cli, "/events", headers);
    if (!result) {
      std::cerr << "connect failed, retrying in " << retry_ms << " ms\n";
      std::this_thread::sleep_for(std::chrono::milliseconds(retry_ms));
      continue;
    }
    if (result.status() != 200) {
      if (result.status() == 204 || result.status() == 401 ||
          result.status() == 403 || result.status() == 404)
        return 1;
      std::this_thread::sleep_for(std::chrono::milliseconds(retry_ms));
      continue;
    }

    std::string pending;
    while (result.next()) {
      pending.append(result.data(), result.size());
      size_t start = 0, nl;
      while ((nl = pending.find('\n', start)) != std::string::npos) {
        std::string id;
        if (take_line(pending.substr(start, nl - start), id, retry_ms) &&
            !id.empty())
          resume_from = id;
        start = nl + 1;
      }
      pending.erase(0, start);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(retry_ms));
  }
}
