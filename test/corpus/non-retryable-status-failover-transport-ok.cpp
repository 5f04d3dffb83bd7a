// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff retry-missing-budget
// Failover: each attempt goes to the next mirror and only a transport
// failure moves on; any HTTP reply, 4xx included, is returned to the caller.
#include <httplib.h>
#include <string>
#include <vector>

int fetch_package(const std::vector<std::string> &mirrors, const std::string &name,
                  std::string &out) {
  for (const std::string &mirror : mirrors) {
    httplib::Client cli(mirror);
    auto res = cli.Get("/packages/" + name);
    if (!res)
      continue;
    if (res->status == 200)
      out = res->body;
    return res->status;
  }
  return -1;
}
