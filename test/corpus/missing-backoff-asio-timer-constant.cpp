// corpus: origin written
// corpus: expect retry-missing-backoff
// The wait is a timer constructed with a constant duration and then waited
// on: a fixed 2 s for every client.
#include <chrono>

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
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (session_handshake(s, host) == 0)
      return true;
    boost::asio::steady_timer timer(io, std::chrono::milliseconds(2000));
    timer.wait();
  }
  return false;
}
