// corpus: origin written
// corpus: negative retry-nested-layers retry-missing-budget
// A worker drains its job queue (not a retry) and handles each job with one
// bounded retry.
#include <atomic>
#include <chrono>
#include <random>
#include <string>
#include <thread>

extern "C" int job_next(char *buf, int n);          // blocks for the next job id
extern "C" int thumbnail_put(const char *image_id); // remote renderer

static std::minstd_rand rng(std::random_device{}());

static bool render_with_retry(const char *image_id) {
  for (int i = 0; i < 3; ++i) {
    if (thumbnail_put(image_id) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 200L << i)(rng)));
  }
  return false;
}

void worker_main(std::atomic<bool> &stop) {
  char id[64];
  while (!stop.load() && job_next(id, sizeof id) > 0)
    render_with_retry(id);
}
