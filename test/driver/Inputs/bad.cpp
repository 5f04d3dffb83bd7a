// One per-attempt key finding (uuid helper in a retry loop) and one clean
// function. Used by the driver tests; keep line numbers stable.
#include <httplib.h>
#include <uuid/uuid.h>
#include <string>

std::string new_uuid() {
  uuid_t u;
  uuid_generate_random(u);
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

void charge_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", new_uuid()}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void charge_ok(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", "order-" + order_id}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
