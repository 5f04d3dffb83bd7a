// corpus: origin github:VEkh/hottspot-taobot sandbox/src/alpaca/client/place_order.cpp Alpaca::Client::place_order
// corpus: real-headers
// corpus: flags -std=c++20
// corpus: expect retry-missing-budget retry-missing-backoff
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-non-retryable-status retry-per-attempt-idempotency-key retry-content-derived-idempotency-key
// Also CurlClient::CurlClient, CurlClient::set_method and CurlClient::request
// (lib/curl_client/). The order is sent through a client object: its
// constructor configures the curl handle from a props struct (the method
// among them), and request() performs the transfer. The retry helper is the
// recursive one of hottspot-place-order-recursive-helper.cpp.
#include <curl/curl.h>
#include <math.h>
#include <string>

class Client {
public:
  enum class method_t { GET, POST, PUT };
  struct props_t {
    std::string body;
    method_t method = method_t::GET;
    std::string url;
  };
  struct reply_t {
    std::string body;
  } reply;

  explicit Client(props_t p) : props(p) {
    curl = curl_easy_init();
    curl_easy_setopt(curl, CURLOPT_URL, props.url.c_str());
    set_method();
  }
  void request() {
    curl_easy_perform(curl);
    curl_easy_cleanup(curl);
  }

  template <typename MakeCall, typename GoAgain>
  static Client call_with_retry(MakeCall make, GoAgain go_again,
                                double max_tries = INFINITY, int tried = 0);
  template <typename MakeCall, typename GoAgain>
  static Client call_with_retry(MakeCall *make, GoAgain *go_again,
                                double max_tries = INFINITY, int tried = 0);

private:
  void set_method() {
    switch (props.method) {
    case method_t::GET:
      curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
      break;
    case method_t::POST:
      curl_easy_setopt(curl, CURLOPT_POST, 1L);
      curl_easy_setopt(curl, CURLOPT_POSTFIELDS, props.body.c_str());
      break;
    case method_t::PUT:
      curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PUT");
      break;
    }
  }
  props_t props;
  CURL *curl = nullptr;
};

#include "Inputs/hottspot-client-call-with-retry.h"

static bool empty_reply(const Client &c) { return c.reply.body.empty(); }

Client place_order(const std::string &base, const std::string &order_json) {
  return Client::call_with_retry(
      [&]() -> Client {
        Client c({.body = order_json,
                  .method = Client::method_t::POST,
                  .url = base + "/v2/orders"});
        c.request();
        return c;
      },
      empty_reply);
}
