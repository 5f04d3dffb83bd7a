// Client for the payments service's charge API (REST, JSON), built on
// cpp-httplib:
//
//   POST /charges            {"intent": "...", "amount": 1234}
//                            Idempotency-Key: <key>   (optional)
//   GET  /charges?intent=ID  {"intent": "...", "count": N, "charges": [...]}
//
// The same API as the charge service in charge_service.cpp, and as
// `retry-probe serve`, so the client can be pointed at either.
#pragma once

#include <httplib.h>

#include <optional>
#include <string>

namespace shop {

// Charges `amount_cents` for the payment intent `intent` (an order's payment,
// a gift card top-up, a tip). Each returns the receipt, or nothing when the
// charge failed or its outcome could not be learned.

// Card-on-file payments at checkout.
std::optional<std::string> charge(httplib::Client &cli,
                                  const std::string &intent, long amount_cents);

// One-click "buy now" payments.
std::optional<std::string> charge_express(httplib::Client &cli,
                                          const std::string &intent,
                                          long amount_cents);

// Tips added after delivery.
std::optional<std::string>
charge_tip(httplib::Client &cli, const std::string &intent, long amount_cents);

// Gift card top-ups: no key, but the outcome is looked up before a retry.
std::optional<std::string> charge_checked(httplib::Client &cli,
                                          const std::string &intent,
                                          long amount_cents);

} // namespace shop
