// corpus: origin written
// corpus: expect retry-non-retryable-status
// A flag set inside the status test carries that set to the loop-back: 409
// Conflict is put in with the 5xx replies, and a conflict does not go away.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

bool replace_profile(httplib::Client &cli, const std::string &uid,
                     const std::string &json) {
  std::minstd_rand rng(std::random_device{}());
  int attempt = 0;
  while (attempt < 4) {
    bool again = false;
    auto res = cli.Put("/profiles/" + uid, httplib::Headers{}, json,
                       "application/json");
    if (!res) {
      again = true;
    } else if (res->status == 409 || res->status == 500 || res->status == 502 ||
               res->status == 504) {
      again = true;
    }
    if (!again)
      return res && res->status < 300;
    ++attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 300L * attempt)(rng)));
  }
  return false;
}
