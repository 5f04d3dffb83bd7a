// corpus: origin written
// corpus: expect retry-missing-backoff
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
