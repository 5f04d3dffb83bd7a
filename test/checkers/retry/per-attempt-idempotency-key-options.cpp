// RUN: %check_retrylint %s retry-per-attempt-idempotency-key %t -- \
// RUN:   --config="{CheckOptions: {retry-per-attempt-idempotency-key.KeyHeaders: 'X-Charge-Token', \
// RUN:     retry-per-attempt-idempotency-key.KeySinks: 'charge_token', \
// RUN:     retry-per-attempt-idempotency-key.PerAttemptSources: 'acme::make_nonce', \
// RUN:     retry-per-attempt-idempotency-key.PerAttemptNames: 'nonce_id', \
// RUN:     retry-per-attempt-idempotency-key.Operations: 'acme::send_payment', \
// RUN:     retry-per-attempt-idempotency-key.RetryHelpers: '^again$'}}" \
// RUN:   -- -I %S/Inputs/Headers
// Global options (no check prefix) are honored too.
// RUN: %check_retrylint -check-suffix=GLOBAL %s retry-per-attempt-idempotency-key %t -- \
// RUN:   --config="{CheckOptions: {PerAttemptSources: 'acme::make_nonce', Operations: 'acme::send_payment'}}" \
// RUN:   -- -I %S/Inputs/Headers

#include <httplib.h>
#include <string>

namespace acme {
std::string make_nonce();
struct Payment {
  long amount;
  std::string charge_token;
};
bool send_payment(const Payment &p, const std::string &idempotency_key);
} // namespace acme

template <class F> bool again(F &&f) { return f() || f(); }

void custom_source_and_operation_bad() {
  for (int attempt = 0; attempt < 3; ++attempt) {
    acme::Payment p{100, "t"};
    if (acme::send_payment(p, acme::make_nonce()))
      // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: idempotency key changes on every attempt: it is derived from a per-attempt value from 'acme::make_nonce'
      // CHECK-MESSAGES-GLOBAL: :[[@LINE-2]]:31: warning: idempotency key changes on every attempt: it is derived from a per-attempt value from 'acme::make_nonce'
      return;
  }
}

void custom_field_sink_bad() {
  for (int attempt = 0; attempt < 3; ++attempt) {
    acme::Payment p;
    p.charge_token = acme::make_nonce();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: idempotency key changes on every attempt
    if (acme::send_payment(p, "order-1"))
      return;
  }
}

void custom_header_and_name_bad(httplib::Client &cli, const std::string &nonce_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Post("/charges", {{"X-Charge-Token", nonce_id}}, "{}", "application/json"))
      // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: idempotency key changes on every attempt: it is derived from the per-call identifier 'nonce_id'
      return;
  }
}

void custom_helper_bad() {
  again([] { return acme::send_payment(acme::Payment{}, acme::make_nonce()); });
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: idempotency key changes on every attempt
}

void default_sources_still_apply_ok(httplib::Client &cli) {
  // A stable key through the configured header stays silent.
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"X-Charge-Token", std::string("order-1")}}, "{}",
                 "application/json"))
      return;
}
