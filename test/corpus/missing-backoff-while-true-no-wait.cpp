// corpus: origin written
// corpus: fixme-fn retry-missing-backoff FIXME: a loop, recursion or catch-and-retry around a declared-only call (extern "C" function, member or virtual function with no body in the file) is not a retry site: only known library operations make retry sites (retry sites by structure)
// corpus: fixme-fn retry-missing-budget FIXME: a loop, recursion or catch-and-retry around a declared-only call (extern "C" function, member or virtual function with no body in the file) is not a retry site: only known library operations make retry sites (retry sites by structure)
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
