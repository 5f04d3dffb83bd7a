// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// Boost.Beast: a PATCH (not idempotent by method) written again after a
// write or read error.
#include <chrono>
#include <cstdio>
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
enum class verb { get, post, put, patch };
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

unsigned add_points(boost::beast::tcp_stream &s, const std::string &json) {
  http::request<http::string_body> req{http::verb::patch, "/loyalty/points", 11};
  req.set("Content-Type", "application/json");
  req.body() = json;
  req.prepare_payload();
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::system::error_code ec;
    http::write(s, req, ec);
    if (!ec) {
      boost::beast::flat_buffer b;
      http::response<http::string_body> res;
      http::read(s, b, res, ec);
      if (!ec)
        return res.result_int();
    }
    std::this_thread::sleep_for(
        std::chrono::milliseconds((150 << attempt) + rand() % 150));
  }
  return 0;
}
