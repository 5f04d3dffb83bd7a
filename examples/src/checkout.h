// Checkout steps that combine the orders service and the card gateway.
#pragma once

#include "order.h"
#include "payment_gateway.h"

#include <optional>
#include <string>

namespace shop {

// Places a hold on the customer's card for the order's total. Returns the
// gateway's authorization id.
std::optional<std::string> place_hold(PaymentGateway &gateway,
                                      const Order &order,
                                      const std::string &card_token);

} // namespace shop
