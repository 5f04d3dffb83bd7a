// A per-attempt key bug inside a header (inline function), included by
// tu.cpp.
#pragma once
#include <cstdio>
#include <httplib.h>
#include <string>

inline void header_charge(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
