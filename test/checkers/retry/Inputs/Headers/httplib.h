// Fake cpp-httplib <httplib.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#include <map>
#include <string>
namespace httplib {
typedef std::multimap<std::string, std::string> Headers;
struct Response {
  int status;
  std::string body;
  std::string get_header_value(const std::string &key) const;
  void set_content(const std::string &s, const std::string &content_type);
};
enum class Error { Success = 0, Connection, Read, Write };
class Result {
public:
  explicit operator bool() const;
  const Response &operator*() const;
  const Response *operator->() const;
  Error error() const;
};
class Client {
public:
  explicit Client(const std::string &host);
  Result Get(const std::string &path);
  Result Get(const std::string &path, const Headers &headers);
  Result Post(const std::string &path, const Headers &headers,
              const std::string &body, const std::string &content_type);
  Result Post(const std::string &path, const std::string &body,
              const std::string &content_type);
  Result Put(const std::string &path, const Headers &headers,
             const std::string &body, const std::string &content_type);
  Result Patch(const std::string &path, const std::string &body,
               const std::string &content_type);
  Result Delete(const std::string &path, const Headers &headers);
  void set_default_headers(Headers headers);
};
// Server side.
struct Request {
  std::string method;
  std::string path;
  std::string body;
  Headers headers;
  bool has_header(const std::string &key) const;
  std::string get_header_value(const std::string &key) const;
};
class Server {
public:
  template <class F> Server &Post(const std::string &pattern, F handler) {
    return *this;
  }
  template <class F> Server &Get(const std::string &pattern, F handler) {
    return *this;
  }
  bool listen(const std::string &host, int port);
};
} // namespace httplib
