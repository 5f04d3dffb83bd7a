// corpus: origin written
// corpus: negative retry-missing-budget
// do/while with a cap that comes from configuration (a variable cap).
#include <chrono>
#include <random>
#include <thread>

extern "C" int replica_fetch_row(const char *table, long id, char *out, int n);

struct MirrorConfig {
  int max_attempts;
  long max_backoff_ms;
};

bool mirror_row(const MirrorConfig &cfg, long id, char *buf, int n) {
  std::minstd_rand rng(std::random_device{}());
  int rc;
  int attempt = 0;
  do {
    rc = replica_fetch_row("accounts", id, buf, n);
    if (rc != 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, cfg.max_backoff_ms)(rng)));
  } while (rc != 0 && ++attempt < cfg.max_attempts);
  return rc == 0;
}
