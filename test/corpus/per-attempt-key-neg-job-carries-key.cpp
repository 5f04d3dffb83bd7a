// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-missing-budget
// A queue worker: the job was enqueued with its idempotency key; every
// attempt of the delivery sends that key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Job {
  std::string idempotency_key;
  std::string payload;
  int attempts = 0;
};

bool work(httplib::Client &cli, Job &job) {
  while (job.attempts < 3) {
    ++job.attempts;
    httplib::Headers h = {{"Idempotency-Key", job.idempotency_key}};
    if (auto res = cli.Post("/deliveries", h, job.payload, "application/json"))
      return res->status < 300;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << job.attempts) + rand() % 200));
  }
  return false;
}
