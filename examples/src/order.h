// Order model shared by the orders-service and payment-gateway clients.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace shop {

struct LineItem {
  std::string sku;
  int quantity = 0;
  long unit_price_cents = 0;
};

struct Order {
  std::string id; // assigned by the storefront when the cart is checked out
  std::string customer_id;
  std::string currency = "EUR";
  std::vector<LineItem> items;

  long total_cents() const;
};

std::string json_escape(const std::string &text);

// {"order_id": ..., "customer_id": ..., "currency": ..., "items": [...]}
std::string to_json(const Order &order);

// Minimal extraction of a top-level string field from a JSON object; enough
// for the flat responses the orders service and the gateway return.
std::optional<std::string> json_string_field(const std::string &body,
                                             const std::string &field);

// The same for a top-level integer field.
std::optional<long> json_long_field(const std::string &body,
                                    const std::string &field);

} // namespace shop
