// corpus: origin written
// corpus: expect retry-nested-layers
// A recursive retry around a function with its own retry loop.
#include <chrono>
#include <random>
#include <thread>

extern "C" int vault_read(const char *path, char *out, int n);

static std::minstd_rand rng(std::random_device{}());

static void jitter(long cap_ms) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap_ms)(rng)));
}

static bool read_secret_once_retrying(const char *path, char *out, int n) {
  for (int i = 0; i < 3; ++i) {
    if (vault_read(path, out, n) == 0)
      return true;
    jitter(100L << i);
  }
  return false;
}

bool load_secret(const char *path, char *out, int n, int tries_left) {
  if (read_secret_once_retrying(path, out, n))
    return true;
  if (tries_left <= 1)
    return false;
  jitter(1000);
  return load_secret(path, out, n, tries_left - 1);
}

bool boot_secrets(char *buf, int n) { return load_secret("db/password", buf, n, 3); }
