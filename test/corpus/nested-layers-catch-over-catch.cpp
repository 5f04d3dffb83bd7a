// corpus: origin written
// corpus: expect retry-nested-layers
// An outer catch-and-retry around a helper that catches and retries the same
// remote call.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct ConnError {};

class SearchIndex {
public:
  std::string query(const std::string &q); // remote; throws ConnError
};

static std::minstd_rand rng(std::random_device{}());

static void pause_ms(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

static std::string query_retrying(SearchIndex &idx, const std::string &q) {
  for (int i = 1;; ++i) {
    try {
      return idx.query(q);
    } catch (const ConnError &) {
      if (i == 3)
        throw;
      pause_ms(100L << i);
    }
  }
}

std::string search_page(SearchIndex &idx, const std::string &q) {
  for (int i = 1;; ++i) {
    try {
      return query_retrying(idx, q);
    } catch (const ConnError &) {
      if (i == 2)
        return std::string();
      pause_ms(2000);
    }
  }
}
