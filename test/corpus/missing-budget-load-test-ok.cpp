// corpus: origin written
// corpus: negative retry-missing-budget retry-missing-backoff retry-nested-layers
// A warm-up that sends N requests in a row on purpose, counting failures:
// nothing goes back because a call failed.
#include <httplib.h>
#include <string>

int warm_cache(httplib::Client &cli, const std::string &path, int n) {
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    auto res = cli.Get(path);
    if (!res || res->status != 200)
      ++failures;
  }
  return failures;
}
