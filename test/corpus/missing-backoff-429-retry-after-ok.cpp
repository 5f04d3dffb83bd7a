// corpus: origin written
// corpus: negative retry-missing-backoff
// 429 is retried and the wait is at least what Retry-After says.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

std::string search(httplib::Client &cli, const std::string &q) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Get("/search?q=" + q);
    if (res && res->status == 429) {
      long ms = std::uniform_int_distribution<long>(0, 250L << attempt)(rng);
      std::string ra = res->get_header_value("Retry-After");
      long server_ms = 0;
      for (const char *p = ra.c_str(); *p >= '0' && *p <= '9'; ++p)
        server_ms = server_ms * 10 + (*p - '0');
      server_ms *= 1000;
      std::this_thread::sleep_for(std::chrono::milliseconds(server_ms > ms ? server_ms : ms));
      continue;
    }
    return res && res->status == 200 ? res->body : std::string();
  }
  return std::string();
}
