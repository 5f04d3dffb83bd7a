// "My client charges exactly once when the reply to the first attempt is
// lost", as a test: the client under test is a few lines of POSIX sockets
// that retry a POST once, with or without an Idempotency-Key.
#include <retryprobe/gtest.h>
#include <retryprobe/retryprobe.h>

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace {

// One POST on a fresh connection; the HTTP status, 0 without a reply.
int post(unsigned short port, const std::string &body, const std::string &key) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    close(fd);
    return 0;
  }
  std::string req = "POST /charges HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Content-Type: application/json\r\nConnection: close\r\n"
                    "Content-Length: " +
                    std::to_string(body.size()) + "\r\n";
  if (!key.empty())
    req += "Idempotency-Key: " + key + "\r\n";
  req += "\r\n" + body;
  send(fd, req.data(), req.size(), 0);
  std::string reply;
  char buf[4096];
  for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;)
    reply.append(buf, static_cast<std::size_t>(n));
  close(fd);
  return reply.rfind("HTTP/1.1 ", 0) == 0 ? std::stoi(reply.substr(9, 3)) : 0;
}

// The client under test: retries once when it gets no 2xx.
void charge(unsigned short port, const std::string &intent,
            const std::string &key) {
  std::string body = "{\"intent\":\"" + intent + "\",\"amount\":100}";
  for (int attempt = 0; attempt < 2; ++attempt)
    if (post(port, body, key) / 100 == 2)
      return;
}

TEST(Consumer, LostReplyWithoutKeyChargesTwice) {
  retryprobe::TestService svc("naive", {"post_commit_drop@1"});
  charge(svc.port(), "ord-1", "");
  EXPECT_DUPLICATES(svc.reading({"ord-1"}), 1);
}

TEST(Consumer, LostReplyWithStableKeyChargesOnce) {
  retryprobe::TestService svc("key-atomic", {"post_commit_drop@1"});
  charge(svc.port(), "ord-1", "ord-1-charge");
  EXPECT_EXACTLY_ONCE(svc.reading({"ord-1"}));
}

TEST(Consumer, VersionAndErrors) {
  EXPECT_STREQ(retryprobe::version(), RETRYPROBE_VERSION_STRING);
  EXPECT_THROW(retryprobe::TestService("no-such-store"),
               retryprobe::ServiceError);
}

} // namespace
