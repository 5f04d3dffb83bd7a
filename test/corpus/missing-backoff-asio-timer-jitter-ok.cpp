// corpus: origin written
// corpus: negative retry-missing-backoff
// A timer constructed with a jittered, growing duration and waited on.
#include <chrono>
#include <random>

namespace boost {
namespace asio {
class io_context {
public:
  void run();
};
class steady_timer {
public:
  steady_timer(io_context &io, std::chrono::milliseconds d);
  void wait();
};
} // namespace asio
} // namespace boost

struct Session;
extern "C" int session_handshake(Session *s, const char *host);

bool handshake_with_retry(boost::asio::io_context &io, Session *s, const char *host) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (session_handshake(s, host) == 0)
      return true;
    const long cap = 250L << attempt;
    boost::asio::steady_timer timer(
        io, std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
    timer.wait();
  }
  return false;
}
