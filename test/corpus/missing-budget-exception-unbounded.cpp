// corpus: origin written
// corpus: expect retry-missing-budget
// The issue-12 shape: put into a remote store, catch the error, try again,
// with a jittered wait but no limit.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct StoreError {
  int code;
};

class RemoteStore {
public:
  void put(const std::string &k, const std::string &v); // throws StoreError
};

void save_setting(RemoteStore &store, const std::string &k, const std::string &v) {
  std::minstd_rand rng(std::random_device{}());
  while (true) {
    try {
      store.put(k, v);
      break;
    } catch (const StoreError &) {
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(100, 1000)(rng)));
      continue;
    }
  }
}
