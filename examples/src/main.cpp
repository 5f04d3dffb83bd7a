// order-client: command-line front end for the storefront's order and payment
// flows.
//
//   order-client checkout ORDER_ID SKU QTY UNIT_PRICE_CENTS PAYMENT_METHOD
//   order-client express  ORDER_ID SKU QTY UNIT_PRICE_CENTS PAYMENT_METHOD
//   order-client card     ORDER_ID SKU QTY UNIT_PRICE_CENTS CARD_TOKEN
//   order-client hold     ORDER_ID SKU QTY UNIT_PRICE_CENTS CARD_TOKEN
//   order-client cancel   ORDER_ID [REASON]
//   order-client refund   ORDER_ID AMOUNT_CENTS [REASON]
//
// Environment: ORDERS_URL (default http://localhost:8080), GATEWAY_URL
// (default http://localhost:8081), GATEWAY_API_KEY, CUSTOMER_ID.

#include "order.h"
#include "order_client.h"
#include "payment_gateway.h"

#include <curl/curl.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
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
  std::cerr << "usage:\n"
               "  order-client checkout ORDER_ID SKU QTY UNIT_PRICE_CENTS "
               "PAYMENT_METHOD\n"
               "  order-client express  ORDER_ID SKU QTY UNIT_PRICE_CENTS "
               "PAYMENT_METHOD\n"
               "  order-client card     ORDER_ID SKU QTY UNIT_PRICE_CENTS "
               "CARD_TOKEN\n"
               "  order-client hold     ORDER_ID SKU QTY UNIT_PRICE_CENTS "
               "CARD_TOKEN\n"
               "  order-client cancel   ORDER_ID [REASON]\n"
               "  order-client refund   ORDER_ID AMOUNT_CENTS [REASON]\n";
  return 2;
}

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

int run(const std::vector<std::string> &args) {
  const std::string &command = args.at(0);
  httplib::Client orders =
      shop::make_orders_client(env_or("ORDERS_URL", "http://localhost:8080"));

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
    shop::PaymentGateway gateway(env_or("GATEWAY_URL", "http://localhost:8081"),
                                 env_or("GATEWAY_API_KEY", ""));
    const auto id = command == "card" ? gateway.charge_card(order, payment)
                                      : gateway.authorize_card(order, payment);
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
  if (argc < 2) {
    return usage();
  }
  CurlGlobal curl;
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception &e) {
    std::cerr << "order-client: " << e.what() << "\n";
    return 1;
  }
}
