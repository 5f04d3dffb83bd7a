// corpus: origin written
// corpus: expect retry-missing-backoff
// A helper by behaviour over a function pointer, with a constant 250 ms wait.
#include <chrono>
#include <thread>

using Step = int (*)(const char *);

static int retry_step(Step step, const char *arg, int attempts) {
  int rc = -1;
  for (int i = 0; i < attempts; ++i) {
    rc = step(arg);
    if (rc == 0)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  return rc;
}

extern "C" int dns_put_record(const char *fqdn);

int refresh_dns(const char *fqdn) { return retry_step(dns_put_record, fqdn, 3); }
