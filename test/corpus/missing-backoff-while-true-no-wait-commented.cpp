// corpus: origin written
// corpus: expect retry-missing-backoff
// corpus: expect retry-missing-budget
// The issue-12 shape with its intent written down: a comment next to the
// loop says it goes again, so it is a retry with no cap and no wait.
#include <string>

struct IoError {};

class KvClient {
public:
  void put(const std::string &k, const std::string &v); // throws IoError
};

void store_cursor(KvClient &store, const std::string &k, const std::string &v) {
  // on an I/O error, retry until the store takes the cursor
  while (true) {
    try {
      store.put(k, v);
      break;
    } catch (const IoError &) {
      continue;
    }
  }
}
