// corpus: origin written
// corpus: negative retry-nested-layers
// A retry loop with an inner loop over the rows of a batch: the inner loop
// is iteration, not a second retry layer.
#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <vector>

extern "C" int ch_batch_add_row(void *batch, const char *row);
extern "C" void *ch_new_batch(const char *table);
extern "C" int ch_put_batch(void *batch); // remote insert, atomic per batch

bool flush_rows(const std::vector<std::string> &rows) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    void *batch = ch_new_batch("events");
    for (const std::string &r : rows)
      ch_batch_add_row(batch, r.c_str());
    if (ch_put_batch(batch) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 250L << attempt)(rng)));
  }
  return false;
}
