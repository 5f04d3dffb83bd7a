// A C++ client using the header's helpers.
#include <httplib.h>
#include "retry.hpp"

bool put_config(httplib::Client &c, const std::string &body) {
  Pause p;
  for (int i = 0; i < 4; ++i) {
    auto r = c.Put("/config", {}, body, "application/json");
    if (r && r->status == 200)
      return true;
    p.between(i);
  }
  return false;
}

bool create_order(httplib::Client &c, const std::string &body) {
  return attempt_until_ok(
      [&] {
        auto r = c.Post("/orders", body, "application/json");
        return r && r->status == 201;
      },
      3);
}
