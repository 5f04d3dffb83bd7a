// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The de-dup marker gets EXPIRE 30 after it is set; the webhook relay that
// relies on it retries each delivery with waits up to 20 s, 6 attempts.
#include <chrono>
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static bool first_delivery(redisContext *r, const std::string &delivery_id) {
  auto *rep = static_cast<redisReply *>(redisCommand(r, "SETNX dedup:%s 1", delivery_id.c_str()));
  bool first = rep && rep->integer == 1;
  if (rep)
    freeReplyObject(rep);
  if (first)
    freeReplyObject(redisCommand(r, "EXPIRE dedup:%s 30", delivery_id.c_str()));
  return first;
}

static long retry_after_ms(const httplib::Response &res) {
  std::string v = res.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

bool relay(redisContext *r, httplib::Client &target, const std::string &delivery_id,
           const std::string &event_id, const std::string &payload) {
  if (!first_delivery(r, delivery_id))
    return true;
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers h{{"Idempotency-Key", "event-" + event_id}};
  for (int attempt = 0; attempt < 6; ++attempt) {
    auto res = target.Post("/hooks/orders", h, payload, "application/json");
    if (res && res->status < 500 && res->status != 429)
      return res->status / 100 == 2;
    long cap = 5000L << attempt;
    long hi = cap < 20000 ? cap : 20000;
    long ms = std::uniform_int_distribution<long>(hi / 2, hi)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
