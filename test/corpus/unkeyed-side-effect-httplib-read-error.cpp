// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// The loop inspects the transport error: a Read error (request sent, reply
// lost) loops back; a Connection error gives up.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

int submit_vote(httplib::Client &cli, const std::string &ballot_json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/ballots", ballot_json, "application/json");
    if (res)
      return res->status;
    if (res.error() != httplib::Error::Read)
      return -1;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return -1;
}
