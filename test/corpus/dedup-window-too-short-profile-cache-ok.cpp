// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// A 30 s expiry on a cache of customer profiles (not a de-dup record) next
// to a retrying read of the profile service.
#include <chrono>
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

constexpr auto kProfileCacheTtl = std::chrono::seconds(30);

std::string profile(redisContext *r, httplib::Client &svc, const std::string &customer_id) {
  auto *hit = static_cast<redisReply *>(redisCommand(r, "GET profile:%s", customer_id.c_str()));
  if (hit && hit->str) {
    std::string v = hit->str;
    freeReplyObject(hit);
    return v;
  }
  if (hit)
    freeReplyObject(hit);
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (auto res = svc.Get("/profiles/" + customer_id)) {
      if (res->status != 200)
        return std::string();
      freeReplyObject(redisCommand(r, "SET profile:%s %s EX %lld", customer_id.c_str(),
                                   res->body.c_str(), (long long)kProfileCacheTtl.count()));
      return res->body;
    }
    long cap = 10000L << attempt;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
  }
  return std::string();
}
