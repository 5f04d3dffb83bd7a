// corpus: origin written
// corpus: fixme-fn retry-nested-layers FIXME: a loop, recursion or catch-and-retry around a declared-only call (extern "C" function, member or virtual function with no body in the file) is not a retry site: only known library operations make retry sites (retry sites by structure)
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
