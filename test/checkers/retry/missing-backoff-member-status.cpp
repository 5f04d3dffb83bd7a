// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// Outcomes travel through a member as through a local (docs/rules.md,
// outcomes travel): a loop that stores the call's result in a member of
// its object (`iRes = getaddrinfo(...)`) and leaves unless the member
// holds a temporary failure goes back because the call failed. Hints
// cleared with memset and set again each round are the same request.

#include <errno.h>
#include <string.h>
#include <netdb.h>
#include <unistd.h>

class DnsJob {
public:
  void run();
  void runCounted();

  void drain();

private:
  int iRes = 0;
  const char *host = nullptr;
  struct addrinfo *result = nullptr;
};

// znc's CDNSJob::runThread, reduced: the resolver again on EAGAIN, six
// tries, a constant wait.
void DnsJob::run() {
  int iCount = 0;
  while (true) {
    struct addrinfo hints;
    memset(&hints, 0, sizeof(hints)); // the same each round: a reset
    hints.ai_flags = 0x20;
    iRes = getaddrinfo(host, nullptr, &hints, &result);
    if (EAGAIN != iRes)
      break;
    iCount++;
    if (iCount > 5) {
      iRes = ETIMEDOUT;
      break;
    }
    sleep(5); // wait 5 seconds before next try
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
}

// The same through this->, counted in the condition.
void DnsJob::runCounted() {
  for (int tries = 0; tries < 6; ++tries) {
    this->iRes = getaddrinfo(host, nullptr, nullptr, &this->result);
    if (this->iRes == 0)
      return;
    sleep(2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
}

int read_frame(const char *peer, int *frame); // 0 while frames come
void handle(int frame);

// Near-miss: a read loop that keeps its status in a member leaves on the
// first failure: it reads a stream, it does not retry.
void DnsJob::drain() {
  int frame = 0;
  while (true) {
    iRes = read_frame(host, &frame);
    if (iRes != 0)
      break;
    handle(frame);
  }
}
