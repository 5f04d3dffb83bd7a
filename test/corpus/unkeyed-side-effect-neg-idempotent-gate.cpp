// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// A generic sender retries an ambiguous failure only when the request is
// idempotent (GET/PUT/DELETE) or carries a key; a bare POST is sent once.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Call {
  std::string method;
  std::string path;
  std::string body;
  std::string idempotency_key;
};

static bool retry_safe(const Call &c) {
  return c.method == "GET" || c.method == "PUT" || c.method == "DELETE" ||
         !c.idempotency_key.empty();
}

httplib::Result send(httplib::Client &cli, const Call &c) {
  httplib::Headers h;
  if (!c.idempotency_key.empty())
    h.emplace("Idempotency-Key", c.idempotency_key);
  const int attempts = retry_safe(c) ? 3 : 1;
  httplib::Result r;
  for (int i = 0; i < attempts; ++i) {
    if (c.method == "POST")
      r = cli.Post(c.path, h, c.body, "application/json");
    else if (c.method == "PUT")
      r = cli.Put(c.path, h, c.body, "application/json");
    else if (c.method == "DELETE")
      r = cli.Delete(c.path, h);
    else
      r = cli.Get(c.path, h);
    if (r)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  return r;
}
