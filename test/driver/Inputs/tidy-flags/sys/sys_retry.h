// A per-attempt key bug in a header found through -isystem.
#pragma once
#include <httplib.h>
#include <string>

inline void sys_charge(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
