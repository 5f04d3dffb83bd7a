// corpus: origin written
// corpus: expect retry-non-retryable-status
// Recursive retry: any reply other than 200 recurses with one attempt less.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static long retry_after_ms(const httplib::Result &res) {
  if (!res)
    return 0;
  std::string v = res->get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

std::string get_token(httplib::Client &cli, const std::string &scope,
                      int attempts_left, long delay_ms = 100) {
  auto res = cli.Get("/token?scope=" + scope);
  if (res && res->status == 200)
    return res->body;
  if (attempts_left <= 1)
    return std::string();
  long ms = std::uniform_int_distribution<long>(0, delay_ms)(rng);
  long ra = retry_after_ms(res);
  std::this_thread::sleep_for(std::chrono::milliseconds(ra > ms ? ra : ms));
  return get_token(cli, scope, attempts_left - 1, delay_ms * 2);
}

std::string startup_token(httplib::Client &cli) {
  return get_token(cli, "inventory.read", 4);
}
