// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// The key is claimed in an external key-value store (declared elsewhere,
// put_if_absent); an in-memory set in front of it turns away duplicates
// that reach the same process.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

class KvStore {
public:
  bool put_if_absent(const std::string &key, const std::string &value);
};

bool ship_parcel(const std::string &body); // carrier API, another file

class ShipHandler {
  std::mutex mu_;
  std::unordered_set<std::string> known_;
  KvStore &kv_;

public:
  explicit ShipHandler(KvStore &kv) : kv_(kv) {}

  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      if (!known_.insert(key).second) {
        res.status = 200;
        return;
      }
    }
    if (!kv_.put_if_absent("idem/" + key, "1")) {
      res.status = 200;
      return;
    }
    res.status = ship_parcel(req.body) ? 201 : 502;
  }
};
