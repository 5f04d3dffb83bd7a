// corpus: origin written
// corpus: expect retry-missing-backoff
// 503 waits (jittered, Retry-After honoured) but a transport failure goes
// straight back to the request.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

std::string get_doc(httplib::Client &cli, const std::string &id) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Get("/docs/" + id);
    if (!res)
      continue;
    if (res->status == 503) {
      std::string v = res->get_header_value("Retry-After");
      long ra = 0;
      for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
        ra = ra * 10 + (*p - '0');
      long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
      std::this_thread::sleep_for(std::chrono::milliseconds(ra * 1000 > ms ? ra * 1000 : ms));
      continue;
    }
    return res->status == 200 ? res->body : std::string();
  }
  return std::string();
}
