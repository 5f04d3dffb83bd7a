// corpus: origin written
// corpus: expect retry-missing-budget
// A recursive GET that calls itself after every transport failure with a
// jittered, capped wait and no depth limit.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

std::string fetch_jwks(httplib::Client &cli, long cap_ms = 100) {
  if (auto res = cli.Get("/.well-known/jwks.json"))
    return res->status == 200 ? res->body : std::string();
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap_ms)(rng)));
  return fetch_jwks(cli, cap_ms < 10000 ? cap_ms * 2 : cap_ms);
}
