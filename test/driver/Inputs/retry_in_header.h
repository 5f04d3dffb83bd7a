// A per-attempt key bug inside a header (inline function). Included by
// Inputs/includes-header-a.cpp and Inputs/includes-header-b.cpp.
#pragma once
#include <httplib.h>
#include <cstdio>
#include <string>

inline void header_charge(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
