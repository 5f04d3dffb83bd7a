// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// mu.lock() before the look-up, mu.unlock() after the record: one critical
// section around both, even with the journal write inside.
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

std::mutex mu;
std::unordered_set<std::string> processed_keys;
std::ofstream journal("/var/lib/svc/journal");

void transfer(const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  mu.lock();
  if (processed_keys.count(key)) {
    mu.unlock();
    res.status = 200;
    return;
  }
  journal << req.body << "\n";
  journal.flush();
  processed_keys.insert(key);
  mu.unlock();
  res.status = 201;
}
