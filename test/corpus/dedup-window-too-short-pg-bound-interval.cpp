// corpus: origin written
// corpus: fixme-fn retry-dedup-window-too-short FIXME: a purge window bound as a parameter ($1::interval from a named constant "15 minutes") is not read
// The purge binds its window as an interval parameter from a named constant
// (kIdempotencyRetention = "15 minutes"); the capture retry that relies on
// the records runs 6 attempts with waits up to 10 minutes.
#include <chrono>
#include <libpq-fe.h>
#include <random>
#include <string>
#include <thread>

static const char *kIdempotencyRetention = "15 minutes";

extern "C" int psp_capture_payment(const char *payment_id, const char *idempotency_key);

void purge(PGconn *pg) {
  const char *params[1] = {kIdempotencyRetention};
  PQclear(PQexecParams(pg,
                       "DELETE FROM idempotency_keys WHERE created_at < now() - $1::interval",
                       1, nullptr, params, nullptr, nullptr, 0));
}

bool capture(PGconn *pg, const std::string &payment_id) {
  const char *params[1] = {payment_id.c_str()};
  PGresult *ins = PQexecParams(pg,
                               "INSERT INTO idempotency_keys(key, created_at) VALUES($1, now()) "
                               "ON CONFLICT DO NOTHING",
                               1, nullptr, params, nullptr, nullptr, 0);
  bool first = PQcmdTuples(ins)[0] == '1';
  PQclear(ins);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 6; ++attempt) {
    if (psp_capture_payment(payment_id.c_str(), payment_id.c_str()) == 0)
      return true;
    long cap = 60000L << attempt;
    long hi = cap < 600000 ? cap : 600000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
