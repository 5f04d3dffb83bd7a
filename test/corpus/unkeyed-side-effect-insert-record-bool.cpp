// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// An audit sink's InsertRecord (a remote call declared in a header) is
// retried while it returns false.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

class AuditSink {
public:
  bool InsertRecord(const std::string &actor, const std::string &action);
};

void audit(AuditSink &sink, const std::string &actor, const std::string &action) {
  int attempt = 0;
  bool ok = sink.InsertRecord(actor, action);
  while (!ok && attempt < 2) {
    ++attempt;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
    ok = sink.InsertRecord(actor, action);
  }
}
