// A key minted in a retry loop from operands the loop never changes: the fix
// moves it above the loop.
#include <httplib.h>
#include <stdlib.h>
#include <string>

bool charge(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::string key = "k-" + std::to_string(rand());
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/charges", h, body, "application/json"))
      return res->status < 300;
  }
  return false;
}
