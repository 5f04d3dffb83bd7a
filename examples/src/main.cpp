// order-client: command-line front end for the storefront's order and payment
// flows.
//
//   order-client [--orders URL] [--payments URL] [--gateway URL] COMMAND ...
//
// Orders service (orders, refunds, catalog):
//   order-client checkout ORDER_ID SKU QTY UNIT_PRICE_CENTS PAYMENT_METHOD
//   order-client express  ORDER_ID SKU QTY UNIT_PRICE_CENTS PAYMENT_METHOD
//   order-client cancel   ORDER_ID [REASON]
//   order-client refund   ORDER_ID AMOUNT_CENTS [REASON]
//   order-client release  ORDER_ID
//   order-client prices
// Card gateway:
//   order-client card     ORDER_ID SKU QTY UNIT_PRICE_CENTS CARD_TOKEN
//   order-client hold     ORDER_ID SKU QTY UNIT_PRICE_CENTS CARD_TOKEN
// Payments service (charge-service, or `retry-probe serve`):
//   order-client charge         INTENT AMOUNT_CENTS   keyed by the intent
//   order-client charge-express INTENT AMOUNT_CENTS   new key on every attempt
//   order-client tip            INTENT AMOUNT_CENTS   no key
//   order-client gift-card      INTENT AMOUNT_CENTS   no key, look-up first
//
// A URL is http://HOST:PORT or just HOST:PORT. Defaults come from the
// environment: ORDERS_URL (http://localhost:8080), GATEWAY_URL
// (http://localhost:8081), PAYMENTS_URL (http://localhost:8082); also
// GATEWAY_API_KEY and CUSTOMER_ID.

#include "charges.h"
#include "checkout.h"
#include "order.h"
#include "order_client.h"
#include "payment_gateway.h"

#include <curl/curl.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

using namespace std::chrono_literals;

struct CurlGlobal {
  CurlGlobal() { curl_global_init(CURL_GLOBAL_DEFAULT); }
  ~CurlGlobal() { curl_global_cleanup(); }
  CurlGlobal(const CurlGlobal &) = delete;
  CurlGlobal &operator=(const CurlGlobal &) = delete;
};

std::string env_or(const char *name, const char *fallback) {
  const char *value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

int usage() {
  std::cerr
      << "usage: order-client [--orders URL] [--payments URL] [--gateway URL] "
         "COMMAND ...\n"
         "  checkout ORDER_ID SKU QTY UNIT_PRICE_CENTS PAYMENT_METHOD\n"
         "  express  ORDER_ID SKU QTY UNIT_PRICE_CENTS PAYMENT_METHOD\n"
         "  card     ORDER_ID SKU QTY UNIT_PRICE_CENTS CARD_TOKEN\n"
         "  hold     ORDER_ID SKU QTY UNIT_PRICE_CENTS CARD_TOKEN\n"
         "  cancel   ORDER_ID [REASON]\n"
         "  refund   ORDER_ID AMOUNT_CENTS [REASON]\n"
         "  release  ORDER_ID\n"
         "  prices\n"
         "  charge | charge-express | tip | gift-card  INTENT AMOUNT_CENTS\n";
  return 2;
}

// "HOST:PORT" or a full URL.
std::string as_url(const std::string &where) {
  return where.find("://") == std::string::npos ? "http://" + where : where;
}

struct Endpoints {
  std::string orders = env_or("ORDERS_URL", "http://localhost:8080");
  std::string gateway = env_or("GATEWAY_URL", "http://localhost:8081");
  std::string payments = env_or("PAYMENTS_URL", "http://localhost:8082");
};

shop::Order order_from_args(const std::vector<std::string> &args) {
  shop::Order order;
  order.id = args.at(1);
  order.customer_id = env_or("CUSTOMER_ID", "guest");
  order.items.push_back(
      shop::LineItem{args.at(2), std::stoi(args.at(3)), std::stol(args.at(4))});
  return order;
}

// Creates the order and waits until the service has priced it.
bool open_order(httplib::Client &orders, const shop::Order &order) {
  const auto state = shop::submit_order(orders, order);
  if (!state) {
    std::cerr << "could not submit order " << order.id << "\n";
    return false;
  }
  const auto ready =
      shop::wait_for_status(orders, order.id, "pending_payment", 30s);
  if (ready != "pending_payment") {
    std::cerr << "order " << order.id << " is " << ready.value_or("unknown")
              << ", expected pending_payment\n";
    return false;
  }
  return true;
}

int print_receipt(const std::optional<std::string> &receipt) {
  if (!receipt) {
    return 1;
  }
  std::cout << *receipt << "\n";
  return 0;
}

int run(const Endpoints &at, const std::vector<std::string> &args) {
  const std::string &command = args.at(0);
  using Charge = std::optional<std::string> (*)(httplib::Client &,
                                                const std::string &, long);
  const std::map<std::string, Charge> charges = {
      {"charge", shop::charge},
      {"charge-express", shop::charge_express},
      {"tip", shop::charge_tip},
      {"gift-card", shop::charge_checked},
  };
  if (auto it = charges.find(command); it != charges.end()) {
    if (args.size() != 3) {
      return usage();
    }
    httplib::Client payments = shop::make_http_client(as_url(at.payments));
    return print_receipt(it->second(payments, args[1], std::stol(args[2])));
  }

  httplib::Client orders = shop::make_http_client(as_url(at.orders));
  if (command == "prices" && args.size() == 1) {
    const auto prices = shop::fetch_price_list(orders);
    return print_receipt(prices);
  }
  if (command == "release" && args.size() == 2) {
    shop::Order order;
    order.id = args[1];
    return shop::release_reservation(orders, order) ? 0 : 1;
  }

  if (command == "cancel" && args.size() >= 2) {
    shop::Order order;
    order.id = args[1];
    const std::string reason = args.size() > 2 ? args[2] : "customer request";
    return shop::cancel_order(orders, order, reason) ? 0 : 1;
  }
  if (command == "refund" && args.size() >= 3) {
    shop::Order order;
    order.id = args[1];
    const std::string reason = args.size() > 3 ? args[3] : "customer request";
    return shop::refund_order(orders, order, std::stol(args[2]), reason) ? 0
                                                                         : 1;
  }
  if (args.size() != 6) {
    return usage();
  }

  const shop::Order order = order_from_args(args);
  const std::string &payment = args[5];

  if (command == "checkout") {
    if (!open_order(orders, order) || !shop::confirm_order(orders, order)) {
      return 1;
    }
    const auto payment_id = shop::authorize_payment(orders, order, payment);
    if (!payment_id || !shop::capture_payment(orders, order, *payment_id)) {
      shop::add_order_note(orders, order, "payment failed at checkout");
      return 1;
    }
    std::cout << order.id << " paid, payment " << *payment_id << "\n";
    return 0;
  }
  if (command == "express") {
    if (!open_order(orders, order)) {
      return 1;
    }
    const auto payment_id = shop::pay_order(orders, order, payment);
    if (!payment_id) {
      return 1;
    }
    std::cout << order.id << " paid, payment " << *payment_id << "\n";
    return 0;
  }
  if (command == "card" || command == "hold") {
    if (!open_order(orders, order)) {
      return 1;
    }
    shop::PaymentGateway gateway(as_url(at.gateway),
                                 env_or("GATEWAY_API_KEY", ""));
    const auto id = command == "card"
                        ? gateway.charge_card(order, payment)
                        : shop::place_hold(gateway, order, payment);
    if (!id) {
      shop::add_order_note(orders, order, "card declined or gateway down");
      return 1;
    }
    shop::add_order_note(orders, order, "gateway reference " + *id);
    std::cout << order.id << " gateway reference " << *id << "\n";
    return 0;
  }
  return usage();
}

} // namespace

int main(int argc, char **argv) {
  Endpoints at;
  std::vector<std::string> args(argv + 1, argv + argc);
  while (args.size() >= 2 && args[0].rfind("--", 0) == 0) {
    if (args[0] == "--orders") {
      at.orders = args[1];
    } else if (args[0] == "--payments") {
      at.payments = args[1];
    } else if (args[0] == "--gateway") {
      at.gateway = args[1];
    } else {
      return usage();
    }
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) {
    return usage();
  }
  CurlGlobal curl;
  try {
    return run(at, args);
  } catch (const std::exception &e) {
    std::cerr << "order-client: " << e.what() << "\n";
    return 1;
  }
}
