// corpus: origin written
// corpus: negative retry-missing-budget
// The same recursive reconnect with a tries-left parameter.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct BrokerConn;
extern "C" BrokerConn *broker_connect(const char *host, int port, int timeout_ms);

static std::minstd_rand rng(std::random_device{}());

BrokerConn *connect_broker(const std::string &host, int port, int tries_left,
                           long delay_ms = 200) {
  if (BrokerConn *c = broker_connect(host.c_str(), port, 3000))
    return c;
  if (--tries_left == 0)
    return nullptr;
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(delay_ms / 2, delay_ms)(rng)));
  return connect_broker(host, port, tries_left, delay_ms * 2);
}

BrokerConn *startup(const std::string &host) { return connect_broker(host, 5672, 5); }
