// A heavy translation unit for timing the retry-* checks the way clangd
// does (--check-tidy-time): the real gRPC and Boost.Beast headers plus a few
// retry loops of each kind.
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <random>
#include <string>
#include <thread>

namespace beast = boost::beast;
namespace http = beast::http;

static std::mt19937 rng{std::random_device{}()};
static void backoff(int attempt) {
  std::uniform_int_distribution<int> d(0, 100 << attempt);
  std::this_thread::sleep_for(std::chrono::milliseconds(d(rng)));
}

bool post_transfer(beast::tcp_stream &stream, const std::string &key) {
  http::request<http::string_body> req{http::verb::post, "/v1/transfers", 11};
  req.set("Idempotency-Key", key);
  for (int attempt = 0; attempt < 3; ++attempt) {
    beast::error_code ec;
    http::write(stream, req, ec);
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res, ec);
    if (!ec && res.result_int() < 500 && res.result_int() != 429)
      return res.result_int() == 200;
    backoff(attempt);
  }
  return false;
}

struct Req {};
struct Rep {};
class Stub {
public:
  grpc::Status CreateThing(grpc::ClientContext *, const Req &, Rep *);
};

bool create(Stub &stub) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    Rep rep;
    grpc::Status s = stub.CreateThing(&ctx, Req{}, &rep);
    if (s.error_code() != grpc::StatusCode::UNAVAILABLE)
      return s.ok();
    backoff(attempt);
  }
  return false;
}
