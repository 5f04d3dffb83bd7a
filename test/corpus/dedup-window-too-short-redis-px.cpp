// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The in-flight claim is kept 1500 ms (PX); the push it guards is retried
// 4 times with waits of up to 2 s plus a 1 s timeout each.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int apns_send(const char *device, const char *payload, const char *dedup_id,
                         int timeout_ms);

bool push_once(redisContext *r, const std::string &notification_id, const std::string &device,
               const std::string &payload) {
  auto *c = static_cast<redisReply *>(
      redisCommand(r, "SET inflight:%s 1 NX PX 1500", notification_id.c_str()));
  bool mine = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  if (!mine)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (apns_send(device.c_str(), payload.c_str(), notification_id.c_str(), 1000) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(1000, 2000)(rng)));
  }
  return false;
}
