// corpus: origin written
// corpus: negative retry-missing-budget retry-missing-backoff
// Reading a stream until EOF: a loop around a remote call that stops on
// error, not a retry.
#include <string>

extern "C" long sock_read(int fd, char *buf, unsigned long n);

std::string read_body(int fd) {
  std::string body;
  char buf[4096];
  for (;;) {
    long n = sock_read(fd, buf, sizeof buf);
    if (n <= 0)
      break;
    body.append(std::string(buf, static_cast<unsigned long>(n)));
  }
  return body;
}
