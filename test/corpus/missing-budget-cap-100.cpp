// corpus: origin written
// corpus: expect retry-missing-budget
// The cap is checked in the body, but at 100 attempts.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

bool heartbeat(httplib::Client &cli, const std::string &node) {
  std::minstd_rand rng(std::random_device{}());
  int tries = 0;
  for (;;) {
    auto res = cli.Put("/nodes/" + node + "/heartbeat", httplib::Headers{}, "{}",
                       "application/json");
    if (res)
      return res->status == 204;
    if (++tries > 100)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(50, 500)(rng)));
  }
}
