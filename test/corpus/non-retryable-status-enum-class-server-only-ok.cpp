// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The same wrapper; the loop retries only ServerError and Transport and
// honours Retry-After.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

enum class Outcome { Ok, ClientError, ServerError, Transport };

static Outcome post_status(httplib::Client &cli, const std::string &device_id,
                           const std::string &json, long &retry_after_ms) {
  auto res = cli.Put("/devices/" + device_id + "/status", httplib::Headers{}, json,
                     "application/json");
  if (!res)
    return Outcome::Transport;
  std::string v = res->get_header_value("Retry-After");
  retry_after_ms = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    retry_after_ms = retry_after_ms * 10 + (*p - '0');
  retry_after_ms *= 1000;
  if (res->status < 300)
    return Outcome::Ok;
  return res->status < 500 ? Outcome::ClientError : Outcome::ServerError;
}

bool report_status(httplib::Client &cli, const std::string &device_id, const std::string &json) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    long hint = 0;
    Outcome o = post_status(cli, device_id, json, hint);
    if (o == Outcome::Ok)
      return true;
    if (o == Outcome::ClientError)
      return false;
    long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(hint > ms ? hint : ms));
  }
  return false;
}
