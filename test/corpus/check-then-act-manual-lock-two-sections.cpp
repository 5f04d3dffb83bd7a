// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// mu.lock()/mu.unlock() by hand: the look-up section is unlocked before the
// file write, and the record takes the mutex again.
#include <fstream>
#include <httplib.h>
#include <map>
#include <mutex>
#include <string>

std::mutex mu;
std::map<std::string, std::string> claimed_keys;
std::ofstream audit("/var/log/transfers.log");

void transfer(const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  mu.lock();
  const bool dup = claimed_keys.count(key) > 0;
  mu.unlock();
  if (dup) {
    res.status = 200;
    return;
  }
  audit << "transfer " << req.body << "\n";
  audit.flush();
  mu.lock();
  claimed_keys.emplace(key, "done");
  mu.unlock();
  res.status = 201;
}
