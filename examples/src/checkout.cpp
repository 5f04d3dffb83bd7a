#include "checkout.h"

#include "backoff.h"

#include <iostream>
#include <thread>

namespace shop {

std::optional<std::string> place_hold(PaymentGateway &gateway,
                                      const Order &order,
                                      const std::string &card_token) {
  // Added after a gateway incident. authorize_card (payment_gateway.cpp)
  // already makes up to 3 attempts, so an outage costs 3 x 3 = 9 requests
  // per hold instead of 3.
  for (int attempt = 0; attempt < 3; ++attempt) { // BUG: retry-nested-layers
    if (auto id = gateway.authorize_card(order, card_token)) {
      return id;
    }
    std::cerr << "checkout: hold for " << order.id << " failed, attempt "
              << attempt + 1 << "\n";
    std::this_thread::sleep_for(backoff_delay(attempt));
  }
  return std::nullopt;
}

} // namespace shop
