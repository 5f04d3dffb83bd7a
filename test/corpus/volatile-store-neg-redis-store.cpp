// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// The idempotency records live in Redis (SET NX with a TTL), outside the
// process.
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <sqlite3.h>
#include <string>

void handle(redisContext *redis, sqlite3 *db, const httplib::Request &req,
            httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  redisReply *r = (redisReply *)redisCommand(redis, "SET idem:%s 1 NX EX 172800",
                                             key.c_str());
  const bool claimed = r && r->str;
  freeReplyObject(r);
  if (!claimed) {
    res.status = 200;
    return;
  }
  sqlite3_exec(db, "INSERT INTO bookings(v) VALUES (1)", nullptr, nullptr,
               nullptr);
  res.status = 201;
}
