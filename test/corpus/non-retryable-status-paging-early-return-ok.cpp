// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-budget retry-missing-backoff
// corpus: negative retry-missing-budget
// A paging loop: it follows the cursor until the last page and returns on
// the first error. Nothing goes back because a call failed.
#include <httplib.h>
#include <string>
#include <vector>

static std::string next_cursor(const std::string &body) {
  // The API puts the cursor on the first line of the body.
  return body.substr(0, 16);
}

bool list_all_orders(httplib::Client &cli, std::vector<std::string> &pages) {
  std::string cursor = "start";
  while (!cursor.empty()) {
    auto res = cli.Get("/orders?cursor=" + cursor);
    if (!res || res->status != 200)
      return false;
    pages.push_back(res->body);
    cursor = next_cursor(res->body);
  }
  return true;
}
