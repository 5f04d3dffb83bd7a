// No findings: the key is minted once, before the retry loop.
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

void charge_ok(httplib::Client &cli) {
  const std::string key = new_uuid();
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
