// Does not compile; also holds one real finding so --allow-compile-errors
// can show that analysis still ran.
#include <httplib.h>
#include <cstdio>
#include <string>

void charge(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

int broken() { return undeclared_identifier; }
