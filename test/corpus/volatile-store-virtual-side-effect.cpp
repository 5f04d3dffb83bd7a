// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// The side effect is a virtual call into the storage layer (no body
// visible); the key is kept in a member set only.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

class OrderRepository {
public:
  virtual ~OrderRepository() = default;
  virtual bool InsertOrder(const std::string &json) = 0;
};

class OrdersHandler {
  std::mutex mu_;
  std::unordered_set<std::string> handled_;
  OrderRepository &repo_;

public:
  explicit OrdersHandler(OrderRepository &r) : repo_(r) {}

  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu_);
    if (handled_.count(key)) {
      res.status = 200;
      return;
    }
    if (!repo_.InsertOrder(req.body)) {
      res.status = 500;
      return;
    }
    handled_.insert(key);
    res.status = 201;
  }
};
