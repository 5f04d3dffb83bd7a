// corpus: origin written
// corpus: negative retry-nested-layers
// The retry loop submits a report job again after a failed submission; the
// function it calls afterwards polls the job state (a poll, not a retry).
#include <chrono>
#include <random>
#include <string>
#include <thread>

extern "C" int report_put_job(const char *job_id, const char *spec);
extern "C" int report_job_state(const char *job_id); // 0 running, 1 done, <0 failed

static bool wait_done(const char *job_id) {
  for (int polls = 0; polls < 60; ++polls) {
    int st = report_job_state(job_id);
    if (st != 0)
      return st == 1;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return false;
}

bool run_report(const char *job_id, const char *spec) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (report_put_job(job_id, spec) == 0)
      return wait_done(job_id);
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 500L << attempt)(rng)));
  }
  return false;
}
