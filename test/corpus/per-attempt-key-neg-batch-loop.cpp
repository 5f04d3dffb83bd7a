// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A batch importer posts every row once with its own fresh key; the loop
// walks the rows and never goes back because a call failed.
#include <boost/uuid/uuid.hpp>
#include <httplib.h>
#include <string>
#include <vector>

struct Row {
  std::string json;
};

int import_rows(httplib::Client &cli, const std::vector<Row> &rows) {
  boost::uuids::random_generator gen;
  int failed = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen())}};
    auto res = cli.Post("/contacts", h, rows[i].json, "application/json");
    if (!res || res->status != 201)
      ++failed;
  }
  return failed;
}
