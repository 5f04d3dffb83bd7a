// clang-tidy's flags: a finding in a project header, one in a header on a
// system include path, and one that only a -D given by --extra-arg or
// --extra-arg-before compiles.
#include "../retry_in_header.h"
#include <sys_retry.h>

void use(httplib::Client &cli) {
  header_charge(cli);
  sys_charge(cli);
}

#ifdef TIDY_FLAGS_EXTRA
void extra_charge(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
#endif
