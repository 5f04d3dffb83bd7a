// corpus: origin written
// corpus: expect retry-nested-layers
// The outer loop calls a virtual transport; the only overrider in the TU
// retries the send itself.
#include <chrono>
#include <random>
#include <string>
#include <thread>

extern "C" int sock_write_all(int fd, const char *buf, unsigned long n);

static std::minstd_rand rng(std::random_device{}());

static void nap(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
}

class Transport {
public:
  virtual ~Transport() = default;
  virtual bool deliver(const std::string &frame) = 0;
};

class TcpTransport : public Transport {
public:
  explicit TcpTransport(int fd) : fd_(fd) {}
  bool deliver(const std::string &frame) override {
    for (int i = 0; i < 3; ++i) {
      if (sock_write_all(fd_, frame.data(), frame.size()) == 0)
        return true;
      nap(i);
    }
    return false;
  }

private:
  int fd_;
};

bool push_telemetry(Transport &t, const std::string &frame) {
  for (int i = 0; i < 4; ++i) {
    if (t.deliver(frame))
      return true;
    nap(i + 2);
  }
  return false;
}
