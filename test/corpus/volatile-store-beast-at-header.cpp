// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// Boost.Beast handler: req.at("Idempotency-Key"), an atomic
// insert(...).second into a member set, then a durable SQLite write.
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_set>

namespace boost {
namespace beast {
namespace http {
struct string_body {};
template <class Body> class request {
public:
  std::string at(const char *field) const;
  const std::string &body() const;
};
} // namespace http
} // namespace beast
} // namespace boost

namespace http = boost::beast::http;

class EnrollHandler {
  std::mutex mu_;
  std::unordered_set<std::string> claimed_;
  sqlite3 *db_ = nullptr;

public:
  unsigned operator()(const http::request<http::string_body> &req) {
    const std::string key = req.at("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      if (!claimed_.insert(key).second)
        return 200;
    }
    sqlite3_exec(db_, "INSERT INTO enrollments(v) VALUES (1)", nullptr, nullptr,
                 nullptr);
    return 201;
  }
};
