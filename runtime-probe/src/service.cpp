#include "retryprobe/service.h"

#include "retryprobe/intent_key.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>

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
  if (kind == FaultKind::outage && capacity > 0)
    return s + " " + std::to_string(window.count()) + "ms, then " +
           std::to_string(capacity) + " per " +
           std::to_string(capacity_window.count()) + "ms";
  if (kind == FaultKind::throttle || kind == FaultKind::outage)
    return s + " " + std::to_string(window.count()) + "ms";
  if (on_request > 0)
    return s + "@request:" + std::to_string(on_request);
  return s + (on_arrival == 0 ? "@every" : "@" + std::to_string(on_arrival));
}

FaultPlan::FaultPlan(std::vector<FaultSpec> specs) : specs_(std::move(specs)) {
  if (specs_.empty())
    specs_.push_back(FaultSpec{});
}

std::string FaultPlan::describe() const {
  std::string out;
  for (const auto &f : specs_)
    out += (out.empty() ? "" : "; ") + f.describe();
  return out;
}

FaultPlan::Decision FaultPlan::next(const std::string &intent) {
  std::lock_guard<std::mutex> lock(mu_);
  int arrival = ++arrivals_[intent];
  int request = ++requests_;
  auto now = now_ ? now_() : std::chrono::steady_clock::now();
  // The window opens with the first request the service sees.
  if (!window_start_)
    window_start_ = now;
  for (const FaultSpec &spec : specs_) {
    Decision d;
    switch (spec.kind) {
    case FaultKind::none:
      continue;
    case FaultKind::throttle:
    case FaultKind::outage: {
      auto left = *window_start_ + spec.window - now;
      if (left > std::chrono::steady_clock::duration::zero()) {
        d.kind = spec.kind;
        auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(left).count();
        d.retry_after_s = static_cast<int>((ms + 999) / 1000);
        return d;
      }
      if (spec.kind == FaultKind::outage && spec.capacity > 0 &&
          spec.capacity_window.count() > 0) {
        long long slot = (now - *window_start_) / spec.capacity_window;
        if (++slot_counts_[slot] > spec.capacity) {
          d.kind = spec.kind; // shed: 503, nothing charged
          return d;
        }
      }
      continue;
    }
    default:
      if (spec.on_request > 0
              ? spec.on_request == request
              : spec.on_arrival == 0 || spec.on_arrival == arrival) {
        d.kind = spec.kind;
        d.delay = spec.slow_reply;
        return d;
      }
    }
  }
  return Decision{};
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
  if (open_) {
    server_->set_timeouts(open_->read_timeout, 3 * open_->read_timeout);
    server_->start(open_->address, open_->port);
  } else
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

bool ChargeService::wait_for_charge(const std::string &intent,
                                    std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(charged_mu_);
  return charged_cv_.wait_for(lock, timeout,
                              [&] { return charged_.count(intent) > 0; });
}

HttpReply ChargeService::handle(const HttpRequestView &req) {
  std::string path = req.target.substr(0, req.target.find('?'));
  if (open_) {
    RequestNote note;
    HttpReply r;
    if (req.method == "POST")
      r = post_charge(req, &note);
    else if (path != "/charges")
      r = json_reply(404, {{"error", "not found"}});
    else if (req.method == "GET")
      r = get_charges(req);
    else
      r = json_reply(405, {{"error", "method not allowed"}});
    log_request(req, r, note);
    return r;
  }
  if (path != "/charges")
    return json_reply(404, {{"error", "not found"}});
  if (req.method == "POST")
    return post_charge(req, nullptr);
  if (req.method == "GET")
    return get_charges(req);
  return json_reply(405, {{"error", "method not allowed"}});
}

HttpReply ChargeService::post_charge(const HttpRequestView &req,
                                     RequestNote *note) {
  ++requests_;
  auto body = json::parse(req.body, nullptr, false);
  if (open_) {
    ChargeRequest cr;
    cr.key = req.header("idempotency-key");
    auto f = body.is_object() ? body.find(open_->intent_field) : body.end();
    if (body.is_object() && f != body.end() && f->is_string())
      cr.intent = f->get<std::string>();
    else if (body.is_object() && f != body.end() && f->is_number())
      cr.intent = f->dump();
    else
      cr.intent =
          "body:" + sha256_hex(req.target.substr(0, req.target.find('?')) +
                               "\n" + req.body)
                        .substr(0, 16);
    if (body.is_object() && body.contains("amount") &&
        body["amount"].is_number_integer())
      cr.amount = body["amount"].get<long>();
    return commit_with_faults(cr, note);
  }
  if (!body.is_object() || !body.contains("intent") ||
      !body["intent"].is_string() || !body.contains("amount") ||
      !body["amount"].is_number_integer())
    return json_reply(400, {{"error", "expected {intent, amount}"}});
  ChargeRequest cr{body["intent"].get<std::string>(),
                   body["amount"].get<long>(), req.header("idempotency-key")};
  return commit_with_faults(cr, note);
}

HttpReply ChargeService::commit_with_faults(const ChargeRequest &cr,
                                            RequestNote *note) {
  FaultPlan::Decision d = faults_.next(cr.intent);
  if (note) {
    note->intent = cr.intent;
    note->fault = fault_name(d.kind);
  }
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

  CommitResult c;
  try {
    c = backend_->charge(cr);
  } catch (const std::exception &e) {
    // E.g. a full disk: the charge is not committed and the ledger keeps
    // only whole lines; the client gets a 500, serve says why once per
    // failure on stderr.
    if (open_)
      std::fprintf(stderr, "retry-probe serve: %s\n", e.what());
    if (note)
      note->ledger_failed = true;
    return json_reply(500, {{"error", "ledger write failed"}});
  }
  HttpReply r = json_reply(c.replay ? 200 : 201, {{"receipt", c.entry.receipt},
                                                  {"intent", c.entry.intent},
                                                  {"replay", c.replay}});
  if (note) {
    note->charged = !c.replay;
    note->replay = c.replay;
  }
  if (!c.replay) {
    {
      std::lock_guard<std::mutex> lock(charged_mu_);
      charged_.insert(c.entry.intent);
    }
    charged_cv_.notify_all();
  }
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

// One line per request, written before the reply leaves (so a client that
// saw a reply finds its record): what arrived, which fault the plan chose,
// whether it charged, and the status the client got (0: the reply was
// dropped after the commit).
void ChargeService::log_request(const HttpRequestView &req,
                                const HttpReply &reply,
                                const RequestNote &note) {
  json rec = request_record(++request_seq_, req.method, req.target,
                            req.header("idempotency-key"), req.body);
  rec["intent"] = note.intent;
  rec["fault"] = note.fault;
  rec["charged"] = note.charged;
  rec["replay"] = note.replay;
  rec["status"] = reply.action == HttpReply::Action::drop ? 0 : reply.status;
  if (reply.action == HttpReply::Action::delay)
    rec["delay_ms"] = reply.delay.count();
  if (note.ledger_failed)
    return; // the ledger refused this request's charge; said already
  try {
    backend_->log_request(rec.dump());
  } catch (const std::exception &e) {
    // The reply is decided already; a request record is not worth failing
    // it over, but the gap must not be silent (said once, not per request).
    if (!record_error_told_.exchange(true))
      std::fprintf(stderr,
                   "retry-probe serve: request records not written: %s\n",
                   e.what());
  }
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
    RetryingClient client(policy_, [this] { return upstream_; }, stop_);
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
