// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// MySQL purge of processed webhook ids after 6 hours; the delivery loop
// that relies on them re-sends with waits growing to 2 hours, 6 attempts.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct MYSQL;
extern "C" int mysql_query(MYSQL *db, const char *sql);
extern "C" int webhook_post(const char *url, const char *body, const char *idempotency_key);

void purge_processed(MYSQL *db) {
  mysql_query(db, "DELETE FROM processed_webhooks WHERE received_at < NOW() - INTERVAL 6 HOUR");
}

bool deliver(const std::string &url, const std::string &event_id, const std::string &body) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 6; ++attempt) {
    if (webhook_post(url.c_str(), body.c_str(), event_id.c_str()) == 0)
      return true;
    long cap = 300000L << attempt; // 5 min, 10 min, ... up to 2 h
    long hi = cap < 7200000 ? cap : 7200000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
