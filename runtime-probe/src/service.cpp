#include "retryprobe/service.h"

#include <nlohmann/json.hpp>

#include <cctype>

namespace retryprobe {

using json = nlohmann::json;

const char *fault_name(FaultKind k) {
  switch (k) {
  case FaultKind::none:
    return "none";
  case FaultKind::pre_commit:
    return "pre_commit";
  case FaultKind::post_commit_drop:
    return "post_commit_drop";
  case FaultKind::post_commit_slow:
    return "post_commit_slow";
  case FaultKind::client_error:
    return "client_error";
  case FaultKind::throttle:
    return "throttle";
  case FaultKind::outage:
    return "outage";
  }
  return "?";
}

std::string FaultSpec::describe() const {
  std::string s = fault_name(kind);
  if (kind == FaultKind::none)
    return s;
  if (kind == FaultKind::throttle || kind == FaultKind::outage)
    return s + " " + std::to_string(window.count()) + "ms";
  return s + (on_arrival == 0 ? "@every" : "@" + std::to_string(on_arrival));
}

FaultPlan::Decision FaultPlan::next(const std::string &intent) {
  std::lock_guard<std::mutex> lock(mu_);
  int arrival = ++arrivals_[intent];
  Decision d;
  auto now = std::chrono::steady_clock::now();
  switch (spec_.kind) {
  case FaultKind::throttle:
  case FaultKind::outage: {
    // The window opens with the first request the service sees.
    if (!window_start_)
      window_start_ = now;
    auto left = *window_start_ + spec_.window - now;
    if (left > std::chrono::steady_clock::duration::zero()) {
      d.kind = spec_.kind;
      auto secs =
          std::chrono::duration_cast<std::chrono::milliseconds>(left).count();
      d.retry_after_s = static_cast<int>((secs + 999) / 1000);
    }
    return d;
  }
  default:
    if (spec_.on_arrival == 0 || spec_.on_arrival == arrival) {
      d.kind = spec_.kind;
      d.delay = spec_.slow_reply;
    }
    return d;
  }
}

static std::string url_decode(const std::string &s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(s[i + 1]) &&
        std::isxdigit(s[i + 2])) {
      out.push_back(
          static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(s[i] == '+' ? ' ' : s[i]);
    }
  }
  return out;
}

static HttpReply json_reply(int status, const json &body) {
  HttpReply r;
  r.status = status;
  r.body = body.dump();
  return r;
}

ChargeService::ChargeService(StoreConfig cfg, std::string dir,
                             FaultPlan &faults, std::atomic<int> &requests)
    : cfg_(cfg), dir_(std::move(dir)), faults_(faults), requests_(requests) {}

void ChargeService::start() {
  try {
    backend_ = make_backend(cfg_, dir_);
  } catch (const std::exception &e) {
    throw PreconditionError(std::string("ledger directory not writable: ") +
                            e.what());
  }
  server_ = std::make_unique<HttpServer>(
      [this](const HttpRequestView &r) { return handle(r); });
  server_->start();
}

void ChargeService::stop() {
  if (server_)
    server_->stop();
}

void ChargeService::restart() {
  stop();
  server_.reset();
  backend_.reset(); // in-memory key records die with the process
  start();
}

Endpoint ChargeService::endpoint() const {
  Endpoint ep;
  ep.port = server_ ? server_->port() : 0;
  return ep;
}

LedgerRead ChargeService::read_ledger() { return backend_->read_all(); }

HttpReply ChargeService::handle(const HttpRequestView &req) {
  std::string path = req.target.substr(0, req.target.find('?'));
  if (path != "/charges")
    return json_reply(404, {{"error", "not found"}});
  if (req.method == "POST")
    return post_charge(req);
  if (req.method == "GET")
    return get_charges(req);
  return json_reply(405, {{"error", "method not allowed"}});
}

HttpReply ChargeService::post_charge(const HttpRequestView &req) {
  ++requests_;
  auto body = json::parse(req.body, nullptr, false);
  if (!body.is_object() || !body.contains("intent") ||
      !body["intent"].is_string() || !body.contains("amount") ||
      !body["amount"].is_number_integer())
    return json_reply(400, {{"error", "expected {intent, amount}"}});
  ChargeRequest cr{body["intent"].get<std::string>(),
                   body["amount"].get<long>(), req.header("idempotency-key")};

  FaultPlan::Decision d = faults_.next(cr.intent);
  switch (d.kind) {
  case FaultKind::pre_commit:
  case FaultKind::outage:
    return json_reply(503, {{"error", "unavailable; nothing was charged"}});
  case FaultKind::client_error:
    return json_reply(422, {{"error", "unprocessable: card rejected"}});
  case FaultKind::throttle: {
    HttpReply r = json_reply(429, {{"error", "too many requests"}});
    r.headers.emplace_back("Retry-After", std::to_string(d.retry_after_s));
    return r;
  }
  default:
    break;
  }

  CommitResult c = backend_->charge(cr);
  HttpReply r = json_reply(c.replay ? 200 : 201, {{"receipt", c.entry.receipt},
                                                  {"intent", c.entry.intent},
                                                  {"replay", c.replay}});
  if (c.replay)
    r.headers.emplace_back("Idempotent-Replayed", "true");
  if (d.kind == FaultKind::post_commit_drop)
    r.action = HttpReply::Action::drop;
  if (d.kind == FaultKind::post_commit_slow) {
    r.action = HttpReply::Action::delay;
    r.delay = d.delay;
  }
  return r;
}

HttpReply ChargeService::get_charges(const HttpRequestView &req) {
  std::string intent;
  auto q = req.target.find('?');
  if (q != std::string::npos) {
    std::string query = req.target.substr(q + 1);
    std::size_t pos = 0;
    while (pos <= query.size()) {
      std::size_t amp = query.find('&', pos);
      std::string kv = query.substr(
          pos, amp == std::string::npos ? std::string::npos : amp - pos);
      if (kv.rfind("intent=", 0) == 0)
        intent = url_decode(kv.substr(7));
      if (amp == std::string::npos)
        break;
      pos = amp + 1;
    }
  }
  if (intent.empty())
    return json_reply(400, {{"error", "intent query parameter required"}});
  json charges = json::array();
  for (const auto &e : backend_->entries_for(intent))
    charges.push_back({{"receipt", e.receipt}, {"amount", e.amount}});
  return json_reply(
      200,
      {{"intent", intent}, {"count", charges.size()}, {"charges", charges}});
}

RelayService::RelayService(std::string name, ClientPolicy policy,
                           Endpoint upstream, StopToken &stop)
    : name_(std::move(name)), policy_(policy), upstream_(upstream),
      stop_(stop) {}

void RelayService::start() {
  server_ = std::make_unique<HttpServer>([this](const HttpRequestView &req) {
    ++received_;
    auto body = json::parse(req.body, nullptr, false);
    std::string intent =
        body.is_object() ? body.value("intent", std::string()) : "";
    RetryingClient client(
        policy_, [this] { return upstream_; }, stop_);
    std::vector<AttemptLog> ignored;
    ChargeOutcome outcome;
    HttpResult last =
        client.post_with_retries(intent, req.body, ignored, outcome);
    HttpReply r;
    // A transport failure upstream becomes a gateway error here.
    r.status = last.status != 0 ? last.status : 502;
    r.body = last.body.empty() ? "{\"error\":\"upstream failed\"}" : last.body;
    return r;
  });
  server_->start();
}

void RelayService::stop() {
  if (server_)
    server_->stop();
}

Endpoint RelayService::endpoint() const {
  Endpoint ep;
  ep.port = server_ ? server_->port() : 0;
  return ep;
}

} // namespace retryprobe
