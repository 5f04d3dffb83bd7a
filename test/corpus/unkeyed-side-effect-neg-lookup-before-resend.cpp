// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// After a lost response the client asks the server whether the order was
// created before sending it again.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool place(httplib::Client &cli, const std::string &order_ref,
           const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt > 0) {
      auto check = cli.Get("/orders?ref=" + order_ref);
      if (check && check->status == 200)
        return true; // the earlier attempt went through
      if (!check) {
        std::this_thread::sleep_for(
            std::chrono::milliseconds((200 << attempt) + rand() % 200));
        continue; // state unknown: do not send blind
      }
    }
    if (auto res = cli.Post("/orders", json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 200));
  }
  return false;
}
