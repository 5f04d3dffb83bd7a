// Part of unity.cpp: a charge retried with a fresh key on every attempt,
// and a read retried without a cap.
#include <cstdio>
#include <httplib.h>
#include <string>
#include <unistd.h>

void charge(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

// Polls until the service answers, however long it is down: no cap.
void wait_ready(httplib::Client &cli) {
  while (!cli.Get("/ready"))
    sleep(1);
}
