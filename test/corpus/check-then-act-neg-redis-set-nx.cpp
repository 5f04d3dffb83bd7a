// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// Redis: a GET for the replay, then SET ... NX as the claim, its reply
// tested.
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <string>

bool dispatch_courier(const std::string &body);

void handle(redisContext *redis, const httplib::Request &req,
            httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  redisReply *prior = (redisReply *)redisCommand(redis, "GET idem:%s", key.c_str());
  const bool seen = prior && prior->str;
  freeReplyObject(prior);
  if (seen) {
    res.status = 200;
    return;
  }
  redisReply *claim = (redisReply *)redisCommand(
      redis, "SET idem:%s pending NX EX 86400", key.c_str());
  const bool won = claim && claim->str;
  freeReplyObject(claim);
  if (!won) {
    res.status = 409;
    return;
  }
  res.status = dispatch_courier(req.body) ? 201 : 502;
}
