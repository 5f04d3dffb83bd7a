// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// The POST sits in a same-file wrapper that returns a bool; the loop
// retries the wrapper.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

// False when no response arrived; the status otherwise goes to *status.
static bool post_shipment(httplib::Client &cli, const std::string &json,
                          int *status) {
  auto res = cli.Post("/shipments", json, "application/json");
  if (!res)
    return false;
  *status = res->status;
  return true;
}

bool ship(httplib::Client &cli, const std::string &json) {
  int attempt = 0;
  int status = 0;
  while (!post_shipment(cli, json, &status)) {
    if (++attempt == 3)
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((250 << attempt) + rand() % 250));
  }
  return status == 201;
}
