// A key built from a field named 'charge_nonce': only a per-attempt source
// when CheckOptions PerAttemptNames lists it.
#include <httplib.h>
#include <string>

struct Attempt {
  std::string charge_nonce;
};

void charge(httplib::Client &cli, const Attempt &a) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", a.charge_nonce}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
