// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// A 1 s rate-limit window (a counter's lifetime, not a de-dup record) and a
// retry that honours it; keys for the submitted orders are kept by the
// exchange for 7 days.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

constexpr auto kRateLimitWindow = std::chrono::seconds(1);
constexpr auto kOrderKeyRetention = std::chrono::hours(24 * 7);

extern "C" int exchange_submit_order(const char *client_token, const char *order_json);

static bool under_limit(redisContext *r, const std::string &account) {
  auto *n = static_cast<redisReply *>(redisCommand(r, "INCR rl:%s", account.c_str()));
  long long count = n ? n->integer : 0;
  if (n)
    freeReplyObject(n);
  if (count == 1)
    freeReplyObject(redisCommand(r, "EXPIRE rl:%s %lld", account.c_str(),
                                 (long long)kRateLimitWindow.count()));
  return count <= 10;
}

bool place(redisContext *r, const std::string &account, const std::string &client_order_id,
           const std::string &json) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (under_limit(r, account) &&
        exchange_submit_order(client_order_id.c_str(), json.c_str()) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(500, 1000L << attempt)(rng)));
  }
  return false;
}
