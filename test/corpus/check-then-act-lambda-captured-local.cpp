// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// main() owns a set the handler lambda captures by reference: shared
// between requests, looked up and recorded without a lock.
#include <fstream>
#include <httplib.h>
#include <string>
#include <unordered_set>

int main() {
  httplib::Server svr;
  std::unordered_set<std::string> processed;
  std::ofstream ledger("/srv/ledger.csv");
  svr.Post("/donate", [&](const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (processed.count(key) != 0) {
      res.status = 200;
      return;
    }
    ledger << req.body << "\n";
    processed.insert(key);
    res.status = 201;
  });
  return svr.listen("0.0.0.0", 9000) ? 0 : 1;
}
