// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// Look-up under one mutex, record under another: neither covers both.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

std::mutex g_read_mu;
std::mutex g_write_mu;
std::unordered_map<std::string, std::string> g_handled;
sqlite3 *g_db;

void on_transfer(const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("X-Idempotency-Key");
  {
    std::lock_guard<std::mutex> g(g_read_mu);
    if (g_handled.contains(key)) {
      res.set_content(g_handled.at(key), "application/json");
      return;
    }
  }
  sqlite3_exec(g_db, "INSERT INTO transfers(cents) VALUES (2500)", nullptr,
               nullptr, nullptr);
  std::lock_guard<std::mutex> g(g_write_mu);
  g_handled.emplace(key, "{\"ok\":true}");
  res.status = 201;
}
