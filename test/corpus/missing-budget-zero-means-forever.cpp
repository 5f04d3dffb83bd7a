// corpus: origin written
// corpus: expect retry-missing-budget
// A retry helper where max_tries == 0 means "no limit"; the call site passes
// 0, so the retry never gives up.
#include <chrono>
#include <random>
#include <thread>

typedef int (*Action)(void *);

static int retry(Action fn, void *arg, int max_tries, long delay_ms) {
  std::minstd_rand rng(std::random_device{}());
  for (int n = 1;; ++n) {
    int err = fn(arg);
    if (err == 0)
      return 0;
    if (max_tries != 0 && n >= max_tries)
      return err;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(delay_ms / 2, delay_ms)(rng)));
    if (delay_ms < 60000)
      delay_ms *= 2;
  }
}

extern "C" int put_unit_config(const char *unit_id);

static int provision(void *arg) { return put_unit_config(static_cast<const char *>(arg)); }

int provision_on_boot(const char *unit) { return retry(provision, const_cast<char *>(unit), 0, 1000); }
