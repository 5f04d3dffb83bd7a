// corpus: origin written
// corpus: fixme-fn retry-missing-budget FIXME: a loop, recursion or catch-and-retry around a declared-only call (extern "C" function, member or virtual function with no body in the file) is not a retry site: only known library operations make retry sites (retry sites by structure)
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
