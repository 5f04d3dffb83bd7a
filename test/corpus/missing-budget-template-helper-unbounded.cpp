// corpus: origin written
// corpus: expect retry-missing-budget
// A template retry helper (named for what it is not) that calls the
// operation until it returns true; jittered, but never gives up.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

template <class Op> void keep_trying(Op op) {
  std::minstd_rand rng(std::random_device{}());
  long cap = 100;
  while (!op()) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
    if (cap < 10000)
      cap *= 2;
  }
}

void register_instance(httplib::Client &registry, const std::string &self) {
  keep_trying([&] {
    auto res = registry.Put("/instances/" + self, httplib::Headers{}, "{}",
                            "application/json");
    // Any HTTP reply is final (logged by the caller's middleware); only a
    // transport failure is tried again.
    return static_cast<bool>(res);
  });
}
