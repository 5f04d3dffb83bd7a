// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A Boost.Beast request handler: key from req["Idempotency-Key"], a member
// map looked up and filled with the order POSTed to the fulfilment service
// in between.
#include <httplib.h>
#include <map>
#include <string>

namespace boost {
namespace beast {
namespace http {
struct string_body {};
template <class Body> class request {
public:
  std::string operator[](const char *field) const;
  const std::string &body() const;
};
template <class Body> class response {
public:
  void result(unsigned);
};
} // namespace http
} // namespace beast
} // namespace boost

namespace http = boost::beast::http;

class OrderHandler {
  std::map<std::string, unsigned> replies_;
  httplib::Client fulfilment_{"http://fulfilment:8080"};

public:
  void operator()(const http::request<http::string_body> &req,
                  http::response<http::string_body> &res) {
    const std::string key = req["Idempotency-Key"];
    if (replies_.count(key)) {
      res.result(replies_.at(key));
      return;
    }
    auto r = fulfilment_.Post("/orders", req.body(), "application/json");
    const unsigned status = r ? 201 : 502;
    replies_.emplace(key, status);
    res.result(status);
  }
};
