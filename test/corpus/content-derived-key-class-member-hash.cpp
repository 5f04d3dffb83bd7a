// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// A client class computes the key from the serialized request in a member
// function.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string blake2b_hex(const std::string &);

struct TransferReq {
  std::string from_iban;
  std::string to_iban;
  long cents;
  std::string serialize() const;
};

class TransferClient {
  httplib::Client &http_;

  std::string key_for(const TransferReq &r) const {
    return "tr_" + blake2b_hex(r.serialize());
  }

public:
  explicit TransferClient(httplib::Client &h) : http_(h) {}

  bool send(const TransferReq &r) {
    const std::string body = r.serialize();
    httplib::Headers h = {{"Idempotency-Key", key_for(r)}};
    for (int i = 0; i < 3; ++i) {
      if (auto res = http_.Post("/transfers", h, body, "application/json"))
        return res->status == 201;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << i) + rand() % 100));
    }
    return false;
  }
};
