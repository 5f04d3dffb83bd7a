// RUN: %check_retrylint -std=c11 %s retry-unkeyed-side-effect %t
//
// Side effects need a business verb (docs/rules.md): a transport verb
// alone or with a transport noun (`send`, `send_request`, `SendBytes`,
// `send_data`) says nothing about what the receiver does, so re-sending
// it is not reported; the same verb with a business noun (`send_payment`,
// `SendEmail`) is a side effect.

struct conn;
int send(struct conn *c, const char *body);
int send_request(struct conn *c, const char *body);
int SendBytes(struct conn *c, const char *body);
int send_data(struct conn *c, const char *body);
int send_payment(struct conn *c, const char *body);
int SendEmail(struct conn *c, const char *body);
unsigned int sleep(unsigned int seconds);


void transport_ok(struct conn *c, const char *body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (send(c, body) == 0)
      break;
    sleep(1u << attempt);
  }
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (send_request(c, body) == 0)
      break;
    sleep(1u << attempt);
  }
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (SendBytes(c, body) == 0)
      break;
    sleep(1u << attempt);
  }
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (send_data(c, body) == 0)
      break;
    sleep(1u << attempt);
  }
}

void business_bad(struct conn *c, const char *body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (send_payment(c, body) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'send_payment' is re-sent after an ambiguous failure without an idempotency key
      break;
    sleep(1u << attempt);
  }
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (SendEmail(c, body) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'SendEmail' is re-sent after an ambiguous failure without an idempotency key
      break;
    sleep(1u << attempt);
  }
}
