// corpus: origin written
// corpus: expect retry-missing-backoff
// corpus: expect retry-missing-budget
// The issue-12 shape: put into a remote store, catch, continue: no cap and
// no wait.
#include <string>

struct IoError {};

class KvClient {
public:
  void put(const std::string &k, const std::string &v); // throws IoError
};

void store_cursor(KvClient &store, const std::string &k, const std::string &v) {
  while (true) {
    try {
      store.put(k, v);
      break;
    } catch (const IoError &) {
      continue;
    }
  }
}
