// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// Per-route metrics: count() then operator[] on a map of counters; nothing
// is de-duplicated and the keys are route names.
#include <httplib.h>
#include <map>
#include <string>

std::map<std::string, long> g_route_hits;

void count_hit(const httplib::Request &req) {
  if (!g_route_hits.count(req.path))
    g_route_hits.emplace(req.path, 0);
  g_route_hits[req.path] += 1;
}
