// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// insert(key).second claims the key in one step; a look-up before it is a
// fast path only. The set is still process memory.
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

std::mutex g_mu;
std::unordered_set<std::string> g_seen_keys;
std::ofstream g_orders("/srv/orders.log");

void create_order(const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  {
    std::lock_guard<std::mutex> g(g_mu);
    if (g_seen_keys.count(key)) {
      res.status = 200;
      return;
    }
    if (!g_seen_keys.insert(key).second) {
      res.status = 200;
      return;
    }
  }
  g_orders << req.body << "\n";
  g_orders.flush();
  res.status = 201;
}
