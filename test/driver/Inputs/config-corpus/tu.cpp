// The translation unit of every configuration in config-corpus/: a retry
// loop with a per-attempt key and no wait here (two findings) and the same
// in retry_header.h, reported only when the configuration's header filter
// matches the header.
#include "retry_header.h"
#include <httplib.h>
#include <string>
#include <uuid/uuid.h>

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
