// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// Redis GET of the key, the work, then SET without NX.
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <string>

bool create_shipment(const std::string &body);

void handle(redisContext *redis, const httplib::Request &req,
            httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  redisReply *r =
      (redisReply *)redisCommand(redis, "GET idem:%s", key.c_str());
  const bool seen = r && r->str;
  freeReplyObject(r);
  if (seen) {
    res.status = 200;
    return;
  }
  const bool ok = create_shipment(req.body);
  freeReplyObject(redisCommand(redis, "SET idem:%s %s EX 86400", key.c_str(),
                               ok ? "ok" : "err"));
  res.status = ok ? 201 : 500;
}
