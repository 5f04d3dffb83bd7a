// corpus: origin written
// corpus: negative retry-nested-layers retry-missing-budget
// corpus: negative retry-missing-backoff
// corpus: negative retry-missing-budget
// A paging loop (not a retry) over a page fetch that retries: one layer.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>
#include <vector>

static std::minstd_rand rng(std::random_device{}());

// Returns false after 3 failed transport attempts.
static bool fetch_page(httplib::Client &cli, const std::string &cursor, std::string &out) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Get("/events?after=" + cursor)) {
      out = res->body;
      return res->status == 200;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 200L << attempt)(rng)));
  }
  return false;
}

bool export_events(httplib::Client &cli, std::vector<std::string> &pages) {
  std::string cursor = "0";
  while (!cursor.empty()) {
    std::string body;
    if (!fetch_page(cli, cursor, body))
      return false;
    pages.push_back(body);
    cursor = body.empty() ? std::string() : body.substr(0, 12);
  }
  return true;
}
