// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A random key on a request that is sent once; failures go back to the
// caller, nothing here retries.
#include <boost/uuid/uuid.hpp>
#include <httplib.h>
#include <string>

int create_payment(httplib::Client &cli, const std::string &body) {
  boost::uuids::random_generator gen;
  httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen())}};
  auto res = cli.Post("/payments", h, body, "application/json");
  if (!res)
    return -1;
  return res->status;
}
