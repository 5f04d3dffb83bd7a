// corpus: origin github:VEkh/hottspot-taobot sandbox/src/alpaca/client/place_order.cpp Alpaca::Client::place_order
// corpus: real-headers
// corpus: expect retry-unkeyed-side-effect retry-missing-budget retry-missing-backoff
// corpus: negative retry-non-retryable-status retry-per-attempt-idempotency-key retry-content-derived-idempotency-key
// Also CurlClient::request_with_retry (lib/curl_client/request_with_retry.cpp,
// here Inputs/hottspot-call-with-retry.h) and fetch_quote.cpp, which wraps a
// GET in the same helper. The order POST is
// handed as a lambda to a helper whose by-value overload forwards to a
// by-pointer overload; that one calls the lambda, asks a predicate whether to
// go again (an empty body: a timeout or a dropped connection; or a rate-limit
// message) and recurses after a fixed half-second sleep while
// retry < maxRetries, which defaults to INFINITY. The body carries no client
// order id: a lost reply places a second order, without end and without jitter.
#include <curl/curl.h>
#include <math.h>
#include <regex>
#include <string>
#include <unistd.h>

class HttpCall {
public:
  struct reply_t {
    std::string body;
    long code = 0;
  } reply;

  static size_t collect(char *data, size_t size, size_t n, void *self) {
    static_cast<HttpCall *>(self)->reply.body.append(data, size * n);
    return size * n;
  }

  void post(const std::string &url, const std::string &payload) {
    CURL *h = curl_easy_init();
    curl_easy_setopt(h, CURLOPT_URL, url.c_str());
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, payload.c_str());
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &HttpCall::collect);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, this);
    curl_easy_perform(h);
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &reply.code);
    curl_easy_cleanup(h);
  }

  template <typename MakeCall, typename GoAgain>
  static HttpCall call_with_retry(MakeCall make, GoAgain go_again,
                              double max_tries = INFINITY, int tried = 0);

  template <typename MakeCall, typename GoAgain>
  static HttpCall call_with_retry(MakeCall make, GoAgain *go_again,
                              double max_tries = INFINITY, int tried = 0);

  template <typename MakeCall, typename GoAgain>
  static HttpCall call_with_retry(MakeCall *make, GoAgain *go_again,
                              double max_tries = INFINITY, int tried = 0);
};

// The helper lives in its own file, as in the repository.
#include "Inputs/hottspot-call-with-retry.h"

static bool worth_another_go(const HttpCall &call) {
  if (call.reply.body.empty())
    return true;
  return std::regex_search(call.reply.body, std::regex("too many requests"));
}

struct Order {
  std::string symbol;
  std::string side;
  int quantity = 0;
};

HttpCall submit_order(const std::string &base, const Order &order) {
  const std::string url = base + "/v2/orders";
  const std::string payload = "{\"symbol\":\"" + order.symbol + "\",\"side\":\"" +
                              order.side + "\",\"qty\":" +
                              std::to_string(order.quantity) + "}";
  return HttpCall::call_with_retry(
      [&]() -> HttpCall {
        HttpCall call;
        call.post(url, payload);
        return call;
      },
      worth_another_go);
}
