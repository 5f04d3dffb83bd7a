// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// Redis hash: HEXISTS of the request id, the work, then HSET (not HSETNX).
#include <hiredis/hiredis.h>
#include <string>

bool issue_voucher(const std::string &customer);

int handle_voucher(redisContext *redis, const std::string &request_id,
                   const std::string &customer) {
  redisReply *r = (redisReply *)redisCommand(redis, "HEXISTS processed %s",
                                             request_id.c_str());
  const bool dup = r && r->integer == 1;
  freeReplyObject(r);
  if (dup)
    return 200;
  if (!issue_voucher(customer))
    return 502;
  freeReplyObject(
      redisCommand(redis, "HSET processed %s issued", request_id.c_str()));
  return 201;
}
