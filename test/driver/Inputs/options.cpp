// A key built from a field named 'charge_nonce': only a per-attempt source
// when CheckOptions PerAttemptNames lists it.
#include <httplib.h>
#include <string>
#include <thread>
struct Attempt {
  std::string charge_nonce;
};
extern "C" int rand(void); inline void pause(int a) { std::this_thread::sleep_for(std::chrono::milliseconds(rand() % (100 << a))); }
void charge(httplib::Client &cli, const Attempt &a) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", a.charge_nonce}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return; else pause(attempt);
  }
}
