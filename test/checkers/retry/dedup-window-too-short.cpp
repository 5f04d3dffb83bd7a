// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- -- -I %S/Inputs/Headers

#include <chrono>
#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <string>

using namespace std::chrono_literals;

struct Receipt {
  long amount;
};

// --- record lifetimes shorter than MinimumWindow (24 h): bad ----------------

constexpr auto kIdempotencyKeyTtl = std::chrono::minutes(10);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: idempotency records expire after 10 min ('kIdempotencyKeyTtl'), shorter than the 24 h minimum window (MinimumWindow): a client that retries or replays the request later finds no record and it executes again [retry-dedup-window-too-short]

constexpr int kDedupWindowSeconds = 300;
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: idempotency records expire after 5 min ('kDedupWindowSeconds'), shorter than the 24 h minimum window

const auto replay_ttl = 15min;
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: idempotency records expire after 15 min ('replay_ttl')

class IdempotencyCache {
public:
  void put(const std::string &key, const Receipt &r, std::chrono::seconds ttl);
};

void store_ttl_bad(IdempotencyCache &cache, const std::string &key) {
  cache.put(key, Receipt{1}, std::chrono::seconds(30));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: idempotency records expire after 30 s (the TTL), shorter than the 24 h minimum window
}

void store_named_constant_bad(IdempotencyCache &cache, const std::string &key) {
  cache.put(key, Receipt{1}, kIdempotencyKeyTtl);
}

void redis_expiry_bad(redisContext *c, const char *key) {
  redisCommand(c, "SET idem:%s 1 NX EX 600", key);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: idempotency records expire after 10 min (the Redis expiry)
}

void sqlite_purge_bad(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM idempotency_keys WHERE created_at < datetime('now', '-30 minutes')", nullptr, nullptr, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: idempotency records expire after 30 min (the purge of 'idempotency_keys')
}

void postgres_purge_bad(PGconn *c) {
  PQexec(c, "DELETE FROM processed_requests WHERE created_at < now() - interval '6 hours'");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: idempotency records expire after 6 h (the purge of 'processed_requests')
}

// --- long enough, or not idempotency records: silent -------------------------

constexpr auto kIdempotencyRetention = std::chrono::hours(48);
constexpr auto kDedupTtl = 24h;
constexpr auto kSessionTtl = std::chrono::minutes(10);
constexpr int kIdempotencyKeyMaxLength = 255;

class ProfileCache {
public:
  void put(const std::string &user, const Receipt &r, std::chrono::seconds ttl);
};

void not_a_dedup_store_ok(ProfileCache &profiles, const std::string &user) {
  profiles.put(user, Receipt{1}, std::chrono::seconds(30));
}

void long_enough_ok(IdempotencyCache &cache, const std::string &key, redisContext *c,
                    sqlite3 *db) {
  cache.put(key, Receipt{1}, std::chrono::hours(36));
  redisCommand(c, "SET idem:%s 1 NX EX 172800", key.c_str());
  redisCommand(c, "SET session:%s 1 EX 60", key.c_str());
  sqlite3_exec(db, "DELETE FROM idempotency_keys WHERE created_at < datetime('now', '-3 days')", nullptr, nullptr, nullptr);
}

void configured_ttl_ok(IdempotencyCache &cache, const std::string &key, std::chrono::seconds ttl) {
  cache.put(key, Receipt{1}, ttl);
}

// --- known gaps -----------------------------------------------------------------

// Retentions in configuration: a JSON literal, a configuration struct's
// default, a macro (the corpus cases dedup-window-too-short-json-config,
// -config-struct-ms, -c-define-goto).
const char *kConfigJson = R"({"idempotency_ttl_seconds": 60, "timeout_ms": 5})";
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: idempotency records expire after 1 min ('idempotency_ttl_seconds'), shorter than the 24 h minimum window
const char *kConfigJsonText = R"({"dedup_window": "15min", "session_ttl_s": 5})";
// CHECK-MESSAGES: :[[@LINE-1]]:31: warning: idempotency records expire after 15 min ('dedup_window'), shorter than the 24 h minimum window
const char *kConfigJsonLong_ok = R"({"idempotency_key_retention_hours": 48})";
const char *kNotJson_ok = "idempotency_ttl_seconds: 60";

struct RelayOptions {
  long dedup_window_ms = 1500;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: idempotency records expire after {{.*}} ('dedup_window_ms'), shorter than the 24 h minimum window
  long cache_ttl_ms = 1500;
  int key_retention_days = 7;
  int max_attempts = 4;
};

#define DEDUP_TTL_SECONDS 30
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: idempotency records expire after 30 s ('DEDUP_TTL_SECONDS'), shorter than the 24 h minimum window
#define SESSION_TTL_SECONDS 30
#define IDEMPOTENCY_KEY_TTL_HOURS (48)

// A lifetime of keys is a TTL source; a key of an API or a session is not.
constexpr auto kKeyRetention = std::chrono::seconds(1);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: idempotency records expire after 1 s ('kKeyRetention'), shorter than the 24 h minimum window
constexpr auto kApiKeyExpiry = std::chrono::seconds(1);
constexpr auto session_key_ttl = std::chrono::seconds(1);
