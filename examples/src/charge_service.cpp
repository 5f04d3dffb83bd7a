#include "charge_service.h"

#include "order.h"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace shop {
namespace {

using Clock = std::chrono::steady_clock;

// Charge replay records are dropped after ten minutes to keep memory bounded.
// Clients retry a lost reply for hours (after a crash, a deploy, an outage).
// clang-format off
constexpr auto kIdempotencyKeyTtl = std::chrono::minutes(10); // BUG: retry-dedup-window-too-short
// clang-format on

void reply(httplib::Response &res, int status, const std::string &receipt,
           const std::string &intent, bool replay) {
  res.status = status;
  if (replay) {
    res.set_header("Idempotent-Replayed", "true");
  }
  res.set_content("{\"receipt\":\"" + json_escape(receipt) +
                      "\",\"intent\":\"" + json_escape(intent) +
                      "\",\"replay\":" + (replay ? "true" : "false") + "}",
                  "application/json");
}

void bad_request(httplib::Response &res, const char *what) {
  res.status = 400;
  res.set_content(std::string("{\"error\":\"") + what + "\"}",
                  "application/json");
}

class ChargeService {
public:
  explicit ChargeService(std::string ledger_path);

  bool ready() const { return ledger_.good(); }

  void post_charge(const httplib::Request &req, httplib::Response &res);
  void post_refund(const httplib::Request &req, httplib::Response &res);
  void get_charges(const httplib::Request &req, httplib::Response &res);
  void purge_expired_keys();

private:
  struct Replay {
    std::string receipt;
    Clock::time_point recorded;
  };

  std::string append_charge(const std::string &intent, long amount_cents);
  std::string append_refund(const std::string &key, const std::string &charge,
                            long amount_cents);

  std::mutex mu_;
  // Idempotency-Key -> the charge made with it, for replays.
  // clang-format off
  std::unordered_map<std::string, Replay> processed_; // BUG: retry-volatile-idempotency-store
  // clang-format on
  // Idempotency-Key -> refund receipt. The keys are also in the ledger, and
  // the map is rebuilt from it on start.
  std::unordered_map<std::string, std::string> refunds_;

  std::mutex ledger_mu_;
  std::string ledger_path_;
  std::ofstream ledger_;
  long next_receipt_ = 1;
};

ChargeService::ChargeService(std::string ledger_path)
    : ledger_path_(std::move(ledger_path)) {
  std::ifstream in(ledger_path_);
  for (std::string line; std::getline(in, line);) {
    ++next_receipt_;
    const auto key = json_string_field(line, "refund_key");
    const auto receipt = json_string_field(line, "receipt");
    if (key && receipt) {
      refunds_.emplace(*key, *receipt);
    }
  }
  ledger_.open(ledger_path_, std::ios::app);
}

std::string ChargeService::append_charge(const std::string &intent,
                                         long amount_cents) {
  std::lock_guard<std::mutex> lock(ledger_mu_);
  const std::string receipt = "ch_" + std::to_string(next_receipt_++);
  ledger_ << "{\"type\":\"charge\",\"receipt\":\"" << receipt
          << "\",\"intent\":\"" << json_escape(intent)
          << "\",\"amount\":" << amount_cents << "}" << std::endl;
  return receipt;
}

std::string ChargeService::append_refund(const std::string &key,
                                         const std::string &charge,
                                         long amount_cents) {
  std::lock_guard<std::mutex> lock(ledger_mu_);
  const std::string receipt = "re_" + std::to_string(next_receipt_++);
  ledger_ << "{\"type\":\"refund\",\"receipt\":\"" << receipt
          << "\",\"charge\":\"" << json_escape(charge)
          << "\",\"amount\":" << amount_cents << ",\"refund_key\":\""
          << json_escape(key) << "\"}" << std::endl;
  return receipt;
}

void ChargeService::post_charge(const httplib::Request &req,
                                httplib::Response &res) {
  const auto intent = json_string_field(req.body, "intent");
  const auto amount = json_long_field(req.body, "amount");
  if (!intent || !amount || *amount <= 0) {
    return bad_request(res, "expected {intent, amount}");
  }
  const std::string key = req.get_header_value("Idempotency-Key");
  if (!key.empty()) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = processed_.find(key); // BUG: retry-check-then-act-dedup
    if (it != processed_.end()) {
      return reply(res, 200, it->second.receipt, *intent, true);
    }
  }
  // A retry that arrives while this charge is being written also passes the
  // look-up above.
  const std::string receipt = append_charge(*intent, *amount);
  if (!key.empty()) {
    std::lock_guard<std::mutex> lock(mu_);
    processed_.emplace(key, Replay{receipt, Clock::now()});
  }
  reply(res, 201, receipt, *intent, false);
}

void ChargeService::post_refund(const httplib::Request &req,
                                httplib::Response &res) {
  const auto charge = json_string_field(req.body, "charge");
  const auto amount = json_long_field(req.body, "amount");
  const std::string key = req.get_header_value("Idempotency-Key");
  if (!charge || !amount || *amount <= 0 || key.empty()) {
    return bad_request(res, "expected {charge, amount} and an Idempotency-Key");
  }
  // Claim the key and write the refund in one critical section: a concurrent
  // duplicate waits, then finds the claim.
  std::lock_guard<std::mutex> lock(mu_);
  auto [it, claimed] = refunds_.try_emplace(key);
  if (!claimed) {
    return reply(res, 200, it->second, *charge, true);
  }
  it->second = append_refund(key, *charge, *amount);
  reply(res, 201, it->second, *charge, false);
}

void ChargeService::get_charges(const httplib::Request &req,
                                httplib::Response &res) {
  const std::string intent = req.get_param_value("intent");
  if (intent.empty()) {
    return bad_request(res, "intent query parameter required");
  }
  std::string charges;
  int count = 0;
  std::lock_guard<std::mutex> lock(ledger_mu_);
  std::ifstream in(ledger_path_);
  for (std::string line; std::getline(in, line);) {
    if (json_string_field(line, "type") == "charge" &&
        json_string_field(line, "intent") == intent) {
      charges += (count++ ? "," : "") + line;
    }
  }
  res.set_content("{\"intent\":\"" + json_escape(intent) + "\",\"count\":" +
                      std::to_string(count) + ",\"charges\":[" + charges + "]}",
                  "application/json");
}

void ChargeService::purge_expired_keys() {
  const Clock::time_point cutoff = Clock::now() - kIdempotencyKeyTtl;
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = processed_.begin(); it != processed_.end();) {
    if (it->second.recorded < cutoff) {
      it = processed_.erase(it);
    } else {
      ++it;
    }
  }
}

} // namespace

int serve_charges(const std::string &host, int port,
                  const std::string &ledger_path) {
  ChargeService service(ledger_path);
  if (!service.ready()) {
    std::cerr << "charge-service: cannot open ledger " << ledger_path << "\n";
    return 1;
  }
  httplib::Server svr;
  svr.Post("/charges",
           [&](const httplib::Request &req, httplib::Response &res) {
             service.post_charge(req, res);
           });
  svr.Get("/charges", [&](const httplib::Request &req, httplib::Response &res) {
    service.get_charges(req, res);
  });
  svr.Post("/refunds",
           [&](const httplib::Request &req, httplib::Response &res) {
             service.post_refund(req, res);
           });

  const int bound = port == 0 ? svr.bind_to_any_port(host)
                              : (svr.bind_to_port(host, port) ? port : -1);
  if (bound < 0) {
    std::cerr << "charge-service: cannot listen on " << host << ":" << port
              << "\n";
    return 1;
  }
  std::cout << "listening on " << host << ":" << bound << std::endl;

  std::mutex purge_mu;
  std::condition_variable purge_cv;
  bool stopping = false;
  std::thread purger([&] {
    std::unique_lock<std::mutex> lock(purge_mu);
    while (!purge_cv.wait_for(lock, std::chrono::seconds(30),
                              [&] { return stopping; })) {
      service.purge_expired_keys();
    }
  });
  const bool ok = svr.listen_after_bind();
  {
    std::lock_guard<std::mutex> lock(purge_mu);
    stopping = true;
  }
  purge_cv.notify_one();
  purger.join();
  return ok ? 0 : 1;
}

} // namespace shop
