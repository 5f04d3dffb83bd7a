// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// A batch endpoint de-duplicates the line items of one request with a
// local set; nothing else sees it.
#include <httplib.h>
#include <sqlite3.h>
#include <string>
#include <unordered_set>
#include <vector>

std::vector<std::string> split_lines(const std::string &);

void import_batch(sqlite3 *db, const httplib::Request &req,
                  httplib::Response &res) {
  std::unordered_set<std::string> seen_in_batch;
  int imported = 0;
  for (const std::string &line : split_lines(req.body)) {
    if (seen_in_batch.count(line))
      continue;
    sqlite3_exec(db, "INSERT INTO rows(v) VALUES ('x')", nullptr, nullptr,
                 nullptr);
    seen_in_batch.insert(line);
    ++imported;
  }
  res.status = imported ? 201 : 200;
}
