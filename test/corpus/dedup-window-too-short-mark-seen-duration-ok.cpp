// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// A de-dup store method takes the record lifetime as a chrono duration
// (48 hours); the import job that relies on it retries each batch 6 times
// with waits of up to 20 s.
#include <chrono>
#include <random>
#include <string>
#include <thread>

class DedupStore { // backed by the shared cache
public:
  bool mark_seen(const std::string &key, std::chrono::seconds expire_after);
};

extern "C" int warehouse_put_batch(const char *batch_id, const char *rows, const char *dedup_id);

bool import_batch(DedupStore &dedup, const std::string &batch_id, const std::string &rows) {
  if (!dedup.mark_seen(batch_id, std::chrono::hours(48)))
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 6; ++attempt) {
    if (warehouse_put_batch(batch_id.c_str(), rows.c_str(), batch_id.c_str()) == 0)
      return true;
    long cap = 5000L << attempt;
    long hi = cap < 20000 ? cap : 20000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
