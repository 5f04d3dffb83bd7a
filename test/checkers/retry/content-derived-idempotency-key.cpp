// RUN: %check_retrylint %s retry-content-derived-idempotency-key %t -- -- -I %S/Inputs/Headers

#include <httplib.h>
#include <string>
#include <unordered_set>
#include <uuid/uuid.h>

struct Order {
  std::string id;
  std::string order_id;
  long amount;
  std::string currency;
  std::string customer_id;
  std::string memo;
};

std::string sha256_hex(const std::string &data);
std::string make_key(const Order &o);
unsigned long fnv1a(const std::string &s);

struct ChargeRequest {
  std::string idempotency_key;
  long amount;
  void set_idempotency_key(const std::string &k);
};

// A record with nothing that identifies a request: its fields are its
// content (the corpus case content-derived-key-address); one with an id
// (`msgid`, one word) is not judged by its other fields.
struct Delivery {
  std::string street;
  std::string slot;
};
struct Queued {
  int msgid;
  std::string slot;
};

// --- content only: bad -------------------------------------------------------

void amount_and_currency_bad(httplib::Client &cli, const Order &o) {
  std::string key = std::to_string(o.amount) + o.currency;
  cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: idempotency key is derived only from payload content ('amount', 'currency') and identifies no intent: two different orders with equal content get the same key, so the second is dropped as a duplicate [retry-content-derived-idempotency-key]
  // CHECK-NOTES: :[[@LINE-3]]:36: note: 'amount' is payload content, not an identity of the intent
  // CHECK-NOTES: :[[@LINE-4]]:48: note: 'currency' is payload content, not an identity of the intent
}

void body_hash_bad(httplib::Client &cli, const std::string &body) {
  httplib::Headers h;
  h.emplace("Idempotency-Key", sha256_hex(body));
  // CHECK-NOTES: :[[@LINE-1]]:32: warning: idempotency key is derived only from payload content (a hash of 'body') and identifies no intent
  // CHECK-NOTES: :[[@LINE-2]]:43: note: 'body' is payload content, not an identity of the intent
  cli.Post("/charges", h, body, "application/json");
}

void customer_and_amount_bad(httplib::Client &cli, const Order &o) {
  // A customer id does not identify the order: one customer, many orders.
  std::string line = "Idempotency-Key: " + o.customer_id + ":" + std::to_string(o.amount);
  // CHECK-NOTES: :[[@LINE-1]]:44: warning: idempotency key is derived only from payload content ('amount') and identifies no intent
  // CHECK-NOTES: :[[@LINE-2]]:81: note: 'amount' is payload content, not an identity of the intent
  cli.Post("/charges", {{"X-Raw", line}}, "{}", "application/json");
}

void setter_bad(ChargeRequest &req, const std::string &payload) {
  req.set_idempotency_key(std::to_string(fnv1a(payload)));
  // CHECK-NOTES: :[[@LINE-1]]:27: warning: idempotency key is derived only from payload content (a hash of 'payload')
  // CHECK-NOTES: :[[@LINE-2]]:48: note: 'payload' is payload content, not an identity of the intent
}

std::string content_key(const Order &o) {
  return std::to_string(o.amount) + "-" + o.currency;
}

void helper_bad(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", content_key(o)}}, "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: idempotency key is derived only from payload content ('amount', 'currency')
  // CHECK-NOTES: :[[@LINE-6]]:25: note: 'amount' is payload content, not an identity of the intent
  // CHECK-NOTES: :[[@LINE-7]]:43: note: 'currency' is payload content, not an identity of the intent
}

// The serving side: a de-dup store keyed by a hash of the request body.
class Service {
  std::unordered_set<std::string> seen_;

public:
  void handle_bad(const httplib::Request &req, httplib::Response &res) {
    if (!seen_.insert(sha256_hex(req.body)).second) {
      // CHECK-NOTES: :[[@LINE-1]]:23: warning: idempotency key is derived only from payload content (a hash of 'body')
      // CHECK-NOTES: :[[@LINE-2]]:34: note: 'body' is payload content, not an identity of the intent
      res.status = 200;
      return;
    }
    res.status = 201;
  }
};

// --- identity in the key, or unknown pieces: silent ----------------------------

void order_id_ok(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", "order-" + o.id}}, "{}", "application/json");
}

void order_id_and_amount_ok(httplib::Client &cli, const Order &o) {
  std::string key = o.order_id + ":" + std::to_string(o.amount);
  cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json");
}

void hashed_intent_ok(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", sha256_hex(o.id + std::to_string(o.amount))}},
           "{}", "application/json");
}

void intent_param_ok(ChargeRequest &req, const std::string &intent_id, long amount) {
  req.set_idempotency_key(intent_id + std::to_string(amount));
}

void customer_only_bad(httplib::Client &cli, const Order &o) {
  // A customer id is no intent identity: one customer places many orders,
  // and each after the first gets the first one's key.
  cli.Post("/charges", {{"Idempotency-Key", o.customer_id}}, "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: idempotency key is derived only from who asks ('customer_id') and identifies no intent: the same party's next request gets the same key, so it is dropped as a duplicate
}

void customer_and_order_ok(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", o.customer_id + ":" + o.order_id}},
           "{}", "application/json");
}

// Personal data is content: the same person signs up again next year.
struct Signup {
  std::string email;
  std::string phone;
  std::string street;
  std::string postcode;
  std::string signup_id;
};

void email_phone_bad(httplib::Client &cli, const Signup &s) {
  const std::string key = sha256_hex(s.email + "|" + s.phone);
  cli.Post("/trials", {{"Idempotency-Key", key}}, "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:44: warning: idempotency key is derived only from payload content (a hash of 'email', 'phone')
  // CHECK-NOTES: :[[@LINE-3]]:38: note: 'email' is payload content, not an identity of the intent
  // CHECK-NOTES: :[[@LINE-4]]:54: note: 'phone' is payload content, not an identity of the intent
}

void address_bad(httplib::Client &cli, const Signup &s) {
  cli.Post("/deliveries", {{"Idempotency-Key", s.street + "," + s.postcode}},
  // CHECK-NOTES: :[[@LINE-1]]:48: warning: idempotency key is derived only from payload content ('street', 'postcode')
  // CHECK-NOTES: :[[@LINE-2]]:65: note: 'postcode' is payload content, not an identity of the intent
           "{}", "application/json");
}

void email_with_signup_id_ok(httplib::Client &cli, const Signup &s) {
  cli.Post("/trials", {{"Idempotency-Key", s.signup_id + ":" + s.email}}, "{}",
           "application/json");
}

void opaque_helper_ok(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", make_key(o)}}, "{}", "application/json");
}

void random_key_ok(httplib::Client &cli) {
  uuid_t u;
  uuid_generate_random(u);
  char key[37];
  uuid_unparse_lower(u, key);
  cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json");
}

void key_field_ok(ChargeRequest &req, const ChargeRequest &incoming) {
  req.idempotency_key = incoming.idempotency_key;
}

class ServiceOk {
  std::unordered_set<std::string> seen_;

public:
  void header_key_ok(const httplib::Request &req) {
    seen_.insert(req.get_header_value("Idempotency-Key"));
  }
};

// --- known gaps -----------------------------------------------------------------

// FIXME: an opaque function of the whole order may hash only its content.
std::string hash_order(const Order &o);
void whole_object_hash_FN(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", hash_order(o)}}, "{}", "application/json");
}

// FIXME: a free-text field that happens to carry the invoice number reads as
// content.
void memo_carries_invoice_FP(httplib::Client &cli, const Order &o) {
  cli.Post("/charges", {{"Idempotency-Key", o.memo}}, "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: idempotency key is derived only from payload content ('memo')
}

// An entity made for one purchase names the intent by its id; what it holds
// is still content.
struct Cart {
  std::string id;
  std::string items;
  long total;
};

void cart_id_ok(httplib::Client &cli, const Cart &cart) {
  cli.Post("/checkout", {{"Idempotency-Key", "cart/" + cart.id}}, "{}",
           "application/json");
}

void cart_id_with_items_ok(httplib::Client &cli, const Cart &cart,
                           const std::string &basket_key) {
  cli.Post("/checkout", {{"Idempotency-Key", sha256_hex(cart.id + cart.items)}},
           "{}", "application/json");
  cli.Post("/checkout", {{"Idempotency-Key", basket_key}}, "{}",
           "application/json");
}

void cart_items_bad(httplib::Client &cli, const Cart &cart) {
  cli.Post("/checkout", {{"Idempotency-Key", sha256_hex(cart.items)}}, "{}",
  // CHECK-NOTES: :[[@LINE-1]]:46: warning: idempotency key is derived only from payload content (a hash of 'items')
  // CHECK-NOTES: :[[@LINE-2]]:57: note: 'items' is payload content, not an identity of the intent
           "application/json");
}

// A serialized object is made of its fields.
struct TransferReq {
  std::string from_iban;
  long cents;
  std::string serialize() const;
};
struct RefundReq {
  std::string refund_id;
  long cents;
  std::string serialize() const;
};

void serialized_fields_bad(httplib::Client &cli, const TransferReq &r) {
  cli.Post("/transfers", {{"Idempotency-Key", sha256_hex(r.serialize())}},
  // CHECK-NOTES: :[[@LINE-1]]:47: warning: idempotency key is derived only from payload content (a hash of 'cents')
  // CHECK-NOTES: :[[@LINE-2]]:58: note: 'cents' is payload content, not an identity of the intent
           "{}", "application/json");
}

void serialized_with_refund_id_ok(httplib::Client &cli, const RefundReq &r) {
  cli.Post("/refunds", {{"Idempotency-Key", sha256_hex(r.serialize())}}, "{}",
           "application/json");
}

// Where a request goes is the same for every order: the body decides.
void path_and_body_bad(httplib::Client &cli, const std::string &path,
                       const std::string &body) {
  cli.Post(path, {{"Idempotency-Key", sha256_hex(path + body)}}, body,
  // CHECK-NOTES: :[[@LINE-1]]:39: warning: idempotency key is derived only from payload content (a hash of 'body')
  // CHECK-NOTES: :[[@LINE-2]]:57: note: 'body' is payload content, not an identity of the intent
           "application/json");
}

void record_without_identity_bad(httplib::Client &cli, const Delivery &d) {
  cli.Post("/bookings", {{"Idempotency-Key", sha256_hex(d.street + d.slot)}}, "{}", "application/json");
  // CHECK-NOTES: :[[@LINE-1]]:46: warning: idempotency key is derived only from payload content (a hash of 'street', 'slot')
  // CHECK-NOTES: :[[@LINE-2]]:57: note: 'street' is payload content, not an identity of the intent
  // CHECK-NOTES: :[[@LINE-3]]:68: note: 'slot' is payload content, not an identity of the intent
}

void record_with_one_word_id_ok(httplib::Client &cli, const Queued &q) {
  cli.Post("/bookings", {{"Idempotency-Key", std::to_string(q.msgid) + q.slot}}, "{}", "application/json");
}
