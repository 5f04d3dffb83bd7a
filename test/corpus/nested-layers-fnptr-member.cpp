// corpus: origin written
// corpus: fixme-fn retry-nested-layers FIXME: a call through a function-pointer member assigned a same-file retrying function in the constructor is not followed to that function
// The fetcher holds its transport as a function-pointer member, assigned a
// same-TU function that retries; the fetcher retries the member call.
#include <chrono>
#include <random>
#include <thread>

extern "C" int tile_get(int z, int x, int y, char *out, int n);

static std::minstd_rand rng(std::random_device{}());

static void nap(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

static int tile_get_retrying(int z, int x, int y, char *out, int n) {
  for (int i = 0; i < 3; ++i) {
    if (tile_get(z, x, y, out, n) == 0)
      return 0;
    nap(100L << i);
  }
  return -1;
}

class TileFetcher {
public:
  TileFetcher() : get_(&tile_get_retrying) {}

  bool fetch(int z, int x, int y, char *out, int n) {
    for (int round = 0; round < 3; ++round) {
      if (get_(z, x, y, out, n) == 0)
        return true;
      nap(1000L << round);
    }
    return false;
  }

private:
  int (*get_)(int, int, int, char *, int);
};
