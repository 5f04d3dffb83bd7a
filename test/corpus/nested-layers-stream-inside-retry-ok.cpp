// corpus: origin written
// corpus: negative retry-nested-layers
// The retry loop re-opens a download; the function it calls reads the
// stream in a loop until EOF (reading a stream is not a retry).
#include <chrono>
#include <random>
#include <string>
#include <thread>

extern "C" int dl_open(const char *url);
extern "C" long dl_read(int h, char *buf, unsigned long n);
extern "C" void dl_close(int h);

static bool read_all(int h, std::string &out) {
  char buf[8192];
  for (;;) {
    long n = dl_read(h, buf, sizeof buf);
    if (n == 0)
      return true;
    if (n < 0)
      return false;
    out.append(std::string(buf, static_cast<unsigned long>(n)));
  }
}

bool download(const char *url, std::string &out) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    int h = dl_open(url);
    if (h >= 0) {
      out = std::string();
      bool done = read_all(h, out);
      dl_close(h);
      if (done)
        return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 300L << attempt)(rng)));
  }
  return false;
}
