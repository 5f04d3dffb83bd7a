// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A cpp-httplib charge endpoint: look-up and record of the key in a global
// map with no lock, and the ledger write (durable) in between.
#include <httplib.h>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

static std::unordered_map<std::string, std::string> g_idempotent_replies;
static sqlite3 *g_db;

void install(httplib::Server &svr) {
  svr.Post("/charges", [](const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    auto it = g_idempotent_replies.find(key);
    if (it != g_idempotent_replies.end()) {
      res.set_content(it->second, "application/json");
      return;
    }
    sqlite3_exec(g_db, "INSERT INTO ledger(amount) VALUES (1000)", nullptr,
                 nullptr, nullptr);
    const std::string reply = "{\"status\":\"charged\"}";
    g_idempotent_replies.emplace(key, reply);
    res.set_content(reply, "application/json");
  });
}
