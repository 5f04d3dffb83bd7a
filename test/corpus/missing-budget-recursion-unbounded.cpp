// corpus: origin written
// corpus: expect retry-missing-budget
// A recursive reconnect: every failure recurses, with jitter, forever.
#include <chrono>
#include <random>
#include <string>
#include <thread>

// The broker client library (declared only: an unknown external call).
struct BrokerConn;
extern "C" BrokerConn *broker_connect(const char *host, int port, int timeout_ms);

static std::minstd_rand rng(std::random_device{}());

BrokerConn *connect_broker(const std::string &host, int port, long delay_ms = 200) {
  if (BrokerConn *c = broker_connect(host.c_str(), port, 3000))
    return c;
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(delay_ms / 2, delay_ms)(rng)));
  return connect_broker(host, port, delay_ms < 10000 ? delay_ms * 2 : delay_ms);
}
