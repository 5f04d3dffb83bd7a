// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// std::set of handled keys: count(), the file write, insert(), no lock.
#include <fstream>
#include <httplib.h>
#include <string>
#include <unordered_set>

std::set<std::string> g_handled_keys;
std::ofstream g_sink("/var/spool/events.ndjson");

void ingest(const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  if (g_handled_keys.count(key)) {
    res.status = 200;
    return;
  }
  g_sink << req.body << "\n";
  g_handled_keys.insert(key);
  res.status = 202;
}
