// corpus: origin written
// corpus: expect retry-nested-layers
// A retry loop calls a function-pointer retry helper with 4 attempts each
// time round: 3 x 4 requests.
#include <chrono>
#include <random>
#include <thread>

typedef int (*op_fn)(void *);

static std::minstd_rand rng(std::random_device{}());

static void nap(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

static int with_retries(op_fn op, void *arg, int attempts) {
  int rc = -1;
  for (int i = 0; i < attempts && rc != 0; ++i) {
    rc = op(arg);
    if (rc != 0)
      nap(100L << i);
  }
  return rc;
}

extern "C" int blob_get(const char *key, char *out, int n);

struct GetArgs {
  const char *key;
  char *out;
  int n;
};

static int get_once(void *p) {
  GetArgs *a = static_cast<GetArgs *>(p);
  return blob_get(a->key, a->out, a->n);
}

int read_manifest(char *out, int n) {
  GetArgs args{"manifest.json", out, n};
  for (int round = 0; round < 3; ++round) {
    if (with_retries(get_once, &args, 4) == 0)
      return 0;
    nap(2000);
  }
  return -1;
}
