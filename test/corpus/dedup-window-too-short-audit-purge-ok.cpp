// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// A 5-minute purge of an audit/metrics table (not a de-dup record) next to
// a long retry; the de-dup records are purged after 30 days.
#include <chrono>
#include <libpq-fe.h>
#include <random>
#include <string>
#include <thread>

extern "C" int broker_publish(const char *topic, const char *body, const char *dedup_id);

void housekeeping(PGconn *pg) {
  PQclear(PQexec(pg, "DELETE FROM relay_metrics WHERE sampled_at < now() - interval '5 minutes'"));
  PQclear(PQexec(pg, "DELETE FROM idempotency_records WHERE created_at < now() - interval '30 days'"));
}

bool relay_outbox_row(PGconn *pg, const std::string &message_id, const std::string &body) {
  const char *params[1] = {message_id.c_str()};
  PGresult *claimed = PQexecParams(pg,
                                   "INSERT INTO idempotency_records(key) VALUES($1) "
                                   "ON CONFLICT DO NOTHING",
                                   1, nullptr, params, nullptr, nullptr, 0);
  bool first = PQcmdTuples(claimed)[0] == '1';
  PQclear(claimed);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (broker_publish("orders", body.c_str(), message_id.c_str()) == 0)
      return true;
    long cap = 20000L << attempt;
    long hi = cap < 300000 ? cap : 300000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
