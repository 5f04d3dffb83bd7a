// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// Boost.Beast client: a key drawn from a seeded engine on every attempt.
#include <chrono>
#include <random>
#include <string>
#include <thread>

namespace boost {
namespace system {
struct error_code {
  explicit operator bool() const;
};
} // namespace system
namespace beast {
struct tcp_stream {};
struct flat_buffer {};
namespace http {
enum class verb { get, post, put };
struct string_body {};
template <class Body> class request {
public:
  request(verb v, const char *target, int version);
  void set(const char *field, const std::string &value);
  std::string &body();
  void prepare_payload();
};
template <class Body> class response {
public:
  unsigned result_int() const;
};
template <class S, class B>
void write(S &s, const request<B> &r, system::error_code &ec);
template <class S, class Buf, class B>
void read(S &s, Buf &b, response<B> &r, system::error_code &ec);
} // namespace http
} // namespace beast
} // namespace boost

namespace http = boost::beast::http;

bool place_order(boost::beast::tcp_stream &stream, const std::string &json) {
  std::minstd_rand rng(42);
  std::uniform_int_distribution<long> dist(1, 1L << 40);
  for (int attempt = 0; attempt < 3; ++attempt) {
    http::request<http::string_body> req{http::verb::post, "/orders", 11};
    req.set("Idempotency-Key", std::to_string(dist(rng)));
    req.body() = json;
    req.prepare_payload();
    boost::system::error_code ec;
    http::write(stream, req, ec);
    if (!ec) {
      boost::beast::flat_buffer buf;
      http::response<http::string_body> res;
      http::read(stream, buf, res, ec);
      if (!ec)
        return res.result_int() == 201;
    }
    std::this_thread::sleep_for(
        std::chrono::milliseconds((250 << attempt) + dist(rng) % 250));
  }
  return false;
}
