// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-missing-budget
// The issue-12 shape: put into a remote store, catch, continue: no cap and
// no wait. Nothing in or next to the loop says it means to go again (no
// counter of rounds, no name, message or comment, a wait that never grows):
// by the rule on evidence (docs/rules.md) a call the model does not know,
// repeated until it works, is work and stays silent. The twin with a
// comment that says so is missing-backoff-while-true-no-wait-commented.cpp.
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
