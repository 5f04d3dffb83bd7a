// RUN: %check_retrylint %s retry-content-derived-idempotency-key %t -- \
// RUN:   --config="{CheckOptions: {retry-content-derived-idempotency-key.IntentIdNames: 'booking_ref;shipment', \
// RUN:     retry-content-derived-idempotency-key.ContentNames: 'weight', \
// RUN:     retry-content-derived-idempotency-key.PartyNames: 'warehouse'}}" \
// RUN:   -- -I %S/Inputs/Headers

#include <httplib.h>
#include <string>

struct Parcel {
  std::string booking_ref;
  std::string shipment_no;
  std::string warehouse_id;
  long weight;
};

void configured_content_bad(httplib::Client &cli, const Parcel &p) {
  cli.Post("/labels", {{"Idempotency-Key", p.warehouse_id + std::to_string(p.weight)}}, "{}", "application/json");
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: idempotency key is derived only from payload content ('weight')
}

void configured_business_key_ok(httplib::Client &cli, const Parcel &p) {
  cli.Post("/labels", {{"Idempotency-Key", p.booking_ref + std::to_string(p.weight)}}, "{}", "application/json");
}

void configured_intent_word_ok(httplib::Client &cli, const Parcel &p) {
  cli.Post("/labels", {{"Idempotency-Key", p.shipment_no + std::to_string(p.weight)}}, "{}", "application/json");
}
