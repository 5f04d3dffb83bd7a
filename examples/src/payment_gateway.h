// Card-payment gateway client (REST, JSON) built on libcurl.
#pragma once

#include "order.h"

#include <curl/curl.h>

#include <optional>
#include <string>

namespace shop {

class PaymentGateway {
public:
  // base_url such as "https://gateway.example.com"; api_key is sent as a
  // bearer token. curl_global_init() must have been called.
  PaymentGateway(std::string base_url, const std::string &api_key);
  ~PaymentGateway();

  PaymentGateway(const PaymentGateway &) = delete;
  PaymentGateway &operator=(const PaymentGateway &) = delete;

  // POST /v2/charges: authorize and capture in one call. Returns the
  // gateway's charge id.
  std::optional<std::string> charge_card(const Order &order,
                                         const std::string &card_token);

  // POST /v2/authorizations: place a hold; captured later by the orders
  // service. Returns the gateway's authorization id.
  std::optional<std::string> authorize_card(const Order &order,
                                            const std::string &card_token);

private:
  CURL *curl_;
  std::string base_url_;
  std::string auth_header_;
};

} // namespace shop
