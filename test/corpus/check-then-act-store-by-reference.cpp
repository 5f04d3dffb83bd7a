// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// The de-dup set is owned by the server and passed by reference to the
// handler; find, then the durable write, then insert, with no lock.
#include <fstream>
#include <httplib.h>
#include <string>
#include <unordered_set>

struct Ctx {
  std::ofstream *orders_log;
};

void create_order(std::unordered_set<std::string> &seen_keys, Ctx &ctx,
                  const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  if (seen_keys.find(key) != seen_keys.end()) {
    res.status = 409;
    return;
  }
  *ctx.orders_log << req.body << "\n";
  ctx.orders_log->flush();
  seen_keys.insert(key);
  res.status = 201;
}

int main() {
  httplib::Server svr;
  std::unordered_set<std::string> seen_keys;
  std::ofstream log("/var/lib/shop/orders.ndjson");
  Ctx ctx{&log};
  svr.Post("/orders", [&](const httplib::Request &req, httplib::Response &res) {
    create_order(seen_keys, ctx, req, res);
  });
  svr.listen("0.0.0.0", 8080);
}
