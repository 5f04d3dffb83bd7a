// Client for the orders service (REST, JSON), built on cpp-httplib.
#pragma once

#include "order.h"

#include <httplib.h>

#include <chrono>
#include <optional>
#include <string>

namespace shop {

// An HTTP client with the timeouts we use in production.
httplib::Client make_http_client(const std::string &base_url);

// POST /v1/orders. Returns the order state reported by the service.
std::optional<std::string>
submit_order(httplib::Client &cli, const Order &order, int max_attempts = 3);

// POST /v1/orders/{id}/confirm: locks prices and reserves stock.
bool confirm_order(httplib::Client &cli, const Order &order,
                   int max_attempts = 3);

// POST /v1/orders/{id}/pay: one-step payment (express checkout). Returns the
// payment id.
std::optional<std::string> pay_order(httplib::Client &cli, const Order &order,
                                     const std::string &payment_method,
                                     int max_attempts = 3);

// POST /v1/payments/authorizations. Returns the payment id.
std::optional<std::string> authorize_payment(httplib::Client &cli,
                                             const Order &order,
                                             const std::string &payment_method,
                                             int max_attempts = 3);

// POST /v1/payments/{payment_id}/capture.
bool capture_payment(httplib::Client &cli, const Order &order,
                     const std::string &payment_id, int max_attempts = 3);

// POST /v1/orders/{id}/refunds.
bool refund_order(httplib::Client &cli, const Order &order, long amount_cents,
                  const std::string &reason);

// POST /v1/orders/{id}/cancel.
bool cancel_order(httplib::Client &cli, const Order &order,
                  const std::string &reason);

// POST /v1/orders/{id}/notes. Best effort, never retried.
bool add_order_note(httplib::Client &cli, const Order &order,
                    const std::string &note);

// GET /v1/catalog/prices: the current price list (JSON). Waits out outages
// of the orders service.
std::optional<std::string> fetch_price_list(httplib::Client &cli);

// DELETE /v1/orders/{id}/reservation: gives the reserved stock back.
bool release_reservation(httplib::Client &cli, const Order &order);

// Polls GET /v1/orders/{id} until the order reaches `wanted` (or a terminal
// state, or the timeout). Returns the last state seen.
std::optional<std::string> wait_for_status(httplib::Client &cli,
                                           const std::string &order_id,
                                           const std::string &wanted,
                                           std::chrono::seconds timeout);

} // namespace shop
