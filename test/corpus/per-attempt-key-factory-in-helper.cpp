// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: fixme-fn retry-per-attempt-idempotency-key FIXME: a key-factory callable passed into a retrying helper and called on every attempt there
// The retrying helper takes a key factory and calls it on every attempt;
// the caller's factory returns a random UUID.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

template <class KeyFn>
httplib::Result post_with_retries(httplib::Client &cli, const std::string &path,
                                  const std::string &body, KeyFn make_key) {
  httplib::Result res;
  for (int i = 0; i < 3; ++i) {
    httplib::Headers h = {{"Idempotency-Key", make_key()}};
    res = cli.Post(path, h, body, "application/json");
    if (res)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << i) + rand() % 200));
  }
  return res;
}

bool open_ticket(httplib::Client &cli, const std::string &ticket_json) {
  boost::uuids::random_generator gen;
  auto res = post_with_retries(cli, "/tickets", ticket_json,
                               [&] { return boost::uuids::to_string(gen()); });
  return res && res->status == 201;
}
