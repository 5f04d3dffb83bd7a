// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// The retry loop is around the read of a quote; the POST that accepts it is
// sent once and its failure goes back to the caller.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

int accept_best_quote(httplib::Client &cli, const std::string &rfq) {
  std::string quote;
  for (int attempt = 0; attempt < 3 && quote.empty(); ++attempt) {
    if (auto r = cli.Get("/quotes/" + rfq)) {
      if (r->status == 200)
        quote = r->body;
      else
        return -1;
    } else {
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
  }
  if (quote.empty())
    return -1;
  auto res = cli.Post("/quotes/" + rfq + "/accept", quote, "application/json");
  return res ? res->status : -1;
}
