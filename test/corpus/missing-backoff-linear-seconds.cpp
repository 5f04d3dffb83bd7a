// corpus: origin written
// corpus: fixme-fn retry-missing-backoff FIXME: a loop, recursion or catch-and-retry around a declared-only call (extern "C" function, member or virtual function with no body in the file) is not a retry site: only known library operations make retry sites (retry sites by structure)
// Waits of 1 s, 2 s, 3 s: growing, but the same for every client.
#include <chrono>
#include <string>
#include <thread>

class TileServer {
public:
  virtual ~TileServer();
  virtual bool render(const std::string &tile) = 0; // remote render farm
};

bool render_tile(TileServer &srv, const std::string &tile) {
  for (int attempt = 1; attempt <= 3; ++attempt) {
    if (srv.render(tile))
      return true;
    std::this_thread::sleep_for(std::chrono::seconds(attempt));
  }
  return false;
}
