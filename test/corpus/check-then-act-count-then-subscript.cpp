// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// count() then operator[] on a static map inside the handler function.
#include <httplib.h>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

void handle_refund(sqlite3 *db, const httplib::Request &req,
                   httplib::Response &res) {
  static std::unordered_map<std::string, int> idempotency_results;
  const std::string key = req.get_header_value("Idempotency-Key");
  if (idempotency_results.count(key)) {
    res.status = idempotency_results[key];
    return;
  }
  const int rc = sqlite3_exec(db, "INSERT INTO refunds(cents) VALUES (750)",
                              nullptr, nullptr, nullptr);
  idempotency_results[key] = rc == SQLITE_OK ? 201 : 500;
  res.status = idempotency_results[key];
}
