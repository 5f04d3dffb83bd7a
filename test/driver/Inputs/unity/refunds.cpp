// Part of unity.cpp: a refund whose key is the intent's, minted once,
// retried a few times with jittered backoff: nothing to report.
#include <cstdio>
#include <httplib.h>
#include <string>
#include <unistd.h>

void refund(httplib::Client &cli, const std::string &refund_id) {
  httplib::Headers h = {{"Idempotency-Key", "refund-" + refund_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Post("/refunds", h, "{}", "application/json"))
      return;
    sleep((1u << attempt) + rand() % 2); // backoff with jitter
  }
}
