// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// Boost.Beast: a POST written and read with throwing calls; any
// system_error (reset, timeout, EOF) loops back and writes it again.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace boost {
namespace system {
class system_error {
public:
  const char *what() const;
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
template <class S, class B> void write(S &s, const request<B> &r);
template <class S, class Buf, class B> void read(S &s, Buf &b, response<B> &r);
} // namespace http
} // namespace beast
} // namespace boost

namespace http = boost::beast::http;

unsigned submit_order(boost::beast::tcp_stream &stream, const std::string &json) {
  for (int attempt = 0;; ++attempt) {
    try {
      http::request<http::string_body> req{http::verb::post, "/orders", 11};
      req.set("Content-Type", "application/json");
      req.body() = json;
      req.prepare_payload();
      http::write(stream, req);
      boost::beast::flat_buffer buffer;
      http::response<http::string_body> res;
      http::read(stream, buffer, res);
      return res.result_int();
    } catch (const boost::system::system_error &) {
      if (attempt == 2)
        throw;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((200 << attempt) + rand() % 200));
    }
  }
}
