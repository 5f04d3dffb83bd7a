// corpus: origin written
// corpus: expect retry-missing-backoff
// Capped retry of a read on transport failure, with nothing between the
// attempts: each retry follows the failure immediately.
#include <httplib.h>
#include <string>

std::string fetch_rates(httplib::Client &cli, const std::string &base) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/fx?base=" + base);
    if (!res)
      continue;
    return res->status == 200 ? res->body : std::string();
  }
  return std::string();
}
