// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// The client checks once, before the first attempt, whether the order
// exists; after a lost response it re-sends without looking again.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool place(httplib::Client &cli, const std::string &order_id,
           const std::string &json) {
  if (auto existing = cli.Get("/orders/" + order_id))
    if (existing->status == 200)
      return true;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/orders", json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 200));
  }
  return false;
}
