// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// A remote key-value store (an etcd-like client declared elsewhere):
// get(key), the work, then put(key). Two duplicates both miss the get.
#include <httplib.h>
#include <string>

class KvClient {
public:
  bool get(const std::string &key, std::string *value);
  void put(const std::string &key, const std::string &value);
};

bool capture_payment(const std::string &body);

class CaptureHandler {
  KvClient dedup_kv_;

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::string prior;
    if (dedup_kv_.get("idem/" + key, &prior)) {
      res.set_content(prior, "application/json");
      return;
    }
    const bool ok = capture_payment(req.body);
    dedup_kv_.put("idem/" + key, ok ? "captured" : "failed");
    res.status = ok ? 200 : 502;
  }
};
