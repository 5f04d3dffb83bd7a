// corpus: origin written
// corpus: expect retry-missing-budget
// A helper by behaviour with a default argument of 50 attempts; the call
// site uses the default.
#include <chrono>
#include <random>
#include <thread>

typedef bool (*Operation)(void *ctx);

static bool run_with_retries(Operation op, void *ctx, int max_attempts = 50) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    if (op(ctx))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 25L << (attempt < 7 ? attempt : 7))(rng)));
  }
  return false;
}

// The object store SDK (declared only).
struct ObjectStore;
extern "C" int objstore_delete(ObjectStore *s, const char *key);

struct DeleteJob {
  ObjectStore *store;
  const char *key;
};

static bool delete_once(void *p) {
  DeleteJob *job = static_cast<DeleteJob *>(p);
  return objstore_delete(job->store, job->key) == 0;
}

bool delete_blob(ObjectStore *store, const char *key) {
  DeleteJob job{store, key};
  return run_with_retries(delete_once, &job);
}
