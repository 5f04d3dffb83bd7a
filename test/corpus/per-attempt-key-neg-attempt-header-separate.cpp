// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// An attempt counter and a timestamp go into their own headers
// (X-Attempt, X-Sent-At); the key header carries the job id.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool submit_job(httplib::Client &cli, const std::string &job_id,
                const std::string &spec) {
  for (int attempt = 1; attempt <= 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", "job:" + job_id},
                          {"X-Attempt", std::to_string(attempt)},
                          {"X-Sent-At", std::to_string(time(nullptr))}};
    if (auto res = cli.Post("/jobs", h, spec, "application/json"))
      return res->status == 202;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
