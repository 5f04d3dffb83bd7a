// corpus: origin written
// corpus: expect retry-missing-backoff
// catch (...) around a remote read, retried at once. The try block turns no
// status into an exception, so no status is retried.
#include <string>

class Connection {
public:
  std::string roundtrip(const std::string &request); // throws on I/O errors
};

std::string execute(Connection &conn, const std::string &request) {
  for (int attempt = 1;; ++attempt) {
    try {
      return conn.roundtrip(request);
    } catch (...) {
      if (attempt >= 3)
        throw;
    }
  }
}
