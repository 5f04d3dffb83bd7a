// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: negative retry-missing-backoff
// Boost.Beast client: any result other than 200 goes round again, 4xx
// included. Retry-After is honoured and the wait is jittered.
#include <chrono>
#include <random>
#include <string>
#include <thread>

// Minimal stand-in for the Boost.Beast API used here.
namespace boost {
namespace beast {
namespace http {
enum class verb { get, post, put };
enum class field { retry_after, host };
template <class Body> class request {
public:
  request(verb v, const std::string &target, int version);
  void set(field f, const std::string &value);
};
template <class Body> class response {
public:
  unsigned result_int() const;
  std::string operator[](field f) const;
  std::string body() const;
};
struct string_body {};
template <class Stream, class Msg> void write(Stream &s, const Msg &m);
template <class Stream, class Buf, class Msg> void read(Stream &s, Buf &b, Msg &m);
} // namespace http
class tcp_stream {};
class flat_buffer {};
} // namespace beast
} // namespace boost

namespace http = boost::beast::http;

std::string get_rates(boost::beast::tcp_stream &stream, const std::string &host) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    http::request<http::string_body> req(http::verb::get, "/rates", 11);
    req.set(http::field::host, host);
    http::write(stream, req);
    boost::beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res);
    if (res.result_int() == 200)
      return res.body();
    std::string ra = res[http::field::retry_after];
    long hint = 0;
    for (const char *p = ra.c_str(); *p >= '0' && *p <= '9'; ++p)
      hint = hint * 10 + (*p - '0');
    long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(hint * 1000 > ms ? hint * 1000 : ms));
  }
  return std::string();
}
