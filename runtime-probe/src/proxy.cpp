#include "retryprobe/proxy.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <cerrno>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <sys/socket.h>

namespace retryprobe {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using json = nlohmann::json;

Endpoint resolve_upstream(const std::string &host_port) {
  std::string where = "--upstream '" + host_port + "'";
  std::string host, port;
  if (!host_port.empty() && host_port[0] == '[') {
    auto close = host_port.find("]:");
    if (close == std::string::npos)
      throw std::invalid_argument(where + ": expected [ADDRESS]:PORT");
    host = host_port.substr(1, close - 1);
    port = host_port.substr(close + 2);
  } else {
    auto colon = host_port.rfind(':');
    if (colon == std::string::npos || colon == 0 ||
        host_port.find(':') != colon)
      throw std::invalid_argument(where + ": expected HOST:PORT");
    host = host_port.substr(0, colon);
    port = host_port.substr(colon + 1);
  }
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(port) < 1 || std::stoi(port) > 65535)
    throw std::invalid_argument(where + ": '" + port + "' is not a TCP port");
  net::io_context ioc;
  tcp::resolver resolver(ioc);
  boost::system::error_code ec;
  auto results = resolver.resolve(host, port, ec);
  if (ec || results.empty())
    throw PreconditionError(where + ": cannot resolve '" + host +
                            "': " + ec.message());
  Endpoint ep;
  ep.host = results.begin()->endpoint().address().to_string();
  ep.port = static_cast<unsigned short>(std::stoi(port));
  return ep;
}

FaultProxy::FaultProxy(ProxyOptions options, FaultPlan &faults,
                       JsonlLedger &ledger)
    : options_(std::move(options)), faults_(faults), ledger_(ledger),
      tcp_([this](int fd) { serve(fd); }) {}

FaultProxy::~FaultProxy() { stop(); }

void FaultProxy::start() {
  tcp_.start(options_.address, options_.port);
  if (!options_.fsync_before_reply)
    syncer_ = std::thread([this] { sync_loop(); });
}

void FaultProxy::stop() {
  tcp_.stop(); // no record is written after this
  if (syncer_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(sync_mu_);
      stop_sync_ = true;
    }
    sync_cv_.notify_one();
    syncer_.join(); // after a last fsync of what is pending
  }
}

ProxyCounts FaultProxy::counts() const {
  ProxyCounts c;
  c.requests = static_cast<int>(seq_.load());
  c.forwarded = forwarded_.load();
  c.bad_requests = bad_requests_.load();
  c.unrecorded = unrecorded_.load();
  return c;
}

namespace {

// Runs one asynchronous operation to completion on its own io_context; the
// stream's deadline (set by the caller) bounds it.
template <class Start>
boost::system::error_code run(net::io_context &ioc, Start start) {
  boost::system::error_code result;
  start([&](boost::system::error_code e, auto &&...) { result = e; });
  ioc.restart();
  ioc.run();
  return result;
}

bool safe_method(http::verb v) {
  return v == http::verb::get || v == http::verb::head ||
         v == http::verb::options || v == http::verb::trace;
}

http::response<http::string_body> own_reply(unsigned version, int status,
                                            const std::string &body) {
  http::response<http::string_body> res{static_cast<http::status>(status),
                                        version};
  res.set(http::field::server, "retry-probe");
  res.set(http::field::content_type, "application/json");
  res.body() = body;
  res.prepare_payload();
  return res;
}

// The intent a request belongs to, and the body fields it carries.
struct Intent {
  std::string intent;
  json fields = json::object();
};

Intent intent_of(const std::string &key, const std::string &body,
                 const std::string &body_digest,
                 const std::vector<std::string> &names) {
  Intent out;
  json parsed;
  // Only a JSON object can carry fields; a large upload is not parsed.
  auto first = body.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && body[first] == '{' &&
      body.size() <= (1u << 20))
    parsed = json::parse(body, nullptr, /*allow_exceptions=*/false);
  std::string from_field;
  for (const auto &name : names) {
    json value; // null: absent, or not a string or number
    if (parsed.is_object()) {
      auto f = parsed.find(name);
      if (f != parsed.end() && f->is_string())
        value = f->get<std::string>();
      else if (f != parsed.end() && f->is_number())
        value = f->dump();
    }
    if (from_field.empty() && value.is_string())
      from_field = value.get<std::string>();
    out.fields[name] = value;
  }
  out.intent = !key.empty()          ? key
               : !from_field.empty() ? from_field
                                     : "body:" + body_digest;
  return out;
}

} // namespace

void FaultProxy::serve(int fd) {
  net::io_context ioc;
  bool v6 = options_.address.find(':') != std::string::npos;
  beast::tcp_stream client(tcp::socket(ioc, v6 ? tcp::v6() : tcp::v4(), fd));
  boost::system::error_code ec;
  // A reply's header and body may leave in two writes: no Nagle delay.
  client.socket().set_option(tcp::no_delay(true), ec);
  std::optional<beast::tcp_stream> up; // kept alive across requests
  int up_fd = -1;
  beast::flat_buffer buf, up_buf;
  auto close_upstream = [&] {
    up_buf.clear(); // bytes of that connection only
    if (!up)
      return;
    tcp_.forget(up_fd);
    up->socket().close(ec);
    up.reset();
    up_fd = -1;
  };
  auto finish = [&] {
    close_upstream();
    tcp_.forget(fd); // before close, so stop() never touches a reused fd
    client.socket().close(ec);
  };
  auto send = [&](auto &msg) {
    client.expires_after(options_.read_timeout);
    return run(ioc,
               [&](auto handler) { http::async_write(client, msg, handler); });
  };

  for (bool first = true;; first = false) {
    http::request_parser<http::string_body> parser;
    parser.body_limit(options_.body_limit);
    client.expires_after(first ? options_.read_timeout
                               : 3 * options_.read_timeout);
    ec = run(ioc, [&](auto handler) {
      http::async_read_header(client, buf, parser, handler);
    });
    if (!ec && !parser.is_done()) {
      // The body is read here and sent on whole, so the proxy answers
      // 100-continue itself instead of making the client wait it out.
      const auto &h = parser.get();
      if (beast::iequals(h[http::field::expect], "100-continue")) {
        static const char kContinue[] = "HTTP/1.1 100 Continue\r\n\r\n";
        client.expires_after(options_.read_timeout);
        ec = run(ioc, [&](auto handler) {
          net::async_write(client, net::buffer(kContinue, sizeof kContinue - 1),
                           handler);
        });
      }
      client.expires_after(options_.read_timeout);
      if (!ec)
        ec = run(ioc, [&](auto handler) {
          http::async_read(client, buf, parser, handler);
        });
    }
    if (ec) {
      if (parser.got_some() || buf.size() > 0)
        ++bad_requests_;
      if (ec == http::error::body_limit) {
        auto res = own_reply(11, 413, "{\"error\":\"request body too large\"}");
        res.keep_alive(false);
        send(res);
      } else if (ec != http::error::end_of_stream &&
                 ec != beast::error::timeout && parser.got_some()) {
        auto res = own_reply(11, 400, "{\"error\":\"malformed HTTP request\"}");
        res.keep_alive(false);
        send(res);
      }
      return finish();
    }
    http::request<http::string_body> req = parser.release();
    req.erase(http::field::expect); // answered above

    std::string key(req["Idempotency-Key"]);
    json rec = request_record(++seq_, std::string(req.method_string()),
                              std::string(req.target()), key, req.body());
    Intent in =
        intent_of(key, req.body(), rec["body_digest"].get<std::string>(),
                  options_.intent_fields);
    rec["source"] = "proxy";
    rec["intent"] = in.intent;
    rec["body_fields"] = in.fields;

    FaultPlan::Decision d;
    if (!safe_method(req.method()))
      d = faults_.next(in.intent);
    bool refuse = ledger_failed_.load();
    rec["fault"] = refuse ? "ledger_unavailable" : fault_name(d.kind);

    std::optional<http::response<http::string_body>> own;
    http::response<http::string_body> res;
    int upstream_status = 0;
    bool replayed = false, forwarded = false, upstream_keep = false;
    std::string upstream_error;
    long upstream_us = 0;
    if (refuse) {
      own = own_reply(req.version(), 503,
                      "{\"error\":\"ledger unavailable; nothing forwarded\"}");
    } else if (d.kind == FaultKind::pre_commit) {
      own = own_reply(req.version(), 503,
                      "{\"error\":\"unavailable; nothing forwarded\"}");
    } else if (d.kind == FaultKind::outage || d.kind == FaultKind::throttle) {
      bool throttle = d.kind == FaultKind::throttle;
      own = own_reply(req.version(), throttle ? 429 : 503,
                      throttle ? "{\"error\":\"too many requests\"}"
                               : "{\"error\":\"unavailable; nothing "
                                 "forwarded\"}");
      own->set(http::field::retry_after, std::to_string(d.retry_after_s));
    } else if (d.kind == FaultKind::client_error) {
      own = own_reply(req.version(), 422,
                      "{\"error\":\"unprocessable: card rejected\"}");
    } else {
      // Forward. A kept-alive upstream connection is reused unless the
      // upstream closed it meanwhile; the request is never re-sent.
      auto t0 = std::chrono::steady_clock::now();
      char probe = 0;
      if (up && !(::recv(up_fd, &probe, 1, MSG_PEEK | MSG_DONTWAIT) < 0 &&
                  (errno == EAGAIN || errno == EWOULDBLOCK)))
        close_upstream(); // closed, reset or stray bytes: not reusable
      const char *step = "connect";
      ec = {};
      if (!up) {
        up.emplace(ioc);
        up->expires_after(options_.upstream_timeout);
        ec = run(ioc, [&](auto handler) {
          up->async_connect(
              tcp::endpoint(net::ip::make_address(options_.upstream.host),
                            options_.upstream.port),
              handler);
        });
        if (!ec) {
          up_fd = up->socket().native_handle();
          tcp_.watch(up_fd);
          up->socket().set_option(tcp::no_delay(true), ec);
          ec = {};
        }
      } else {
        up->expires_after(options_.upstream_timeout);
      }
      if (!ec) {
        step = "write";
        forwarded = true;
        ++forwarded_;
        ec = run(ioc,
                 [&](auto handler) { http::async_write(*up, req, handler); });
      }
      if (!ec) {
        step = "read";
        for (;;) {
          http::response_parser<http::string_body> rp;
          rp.body_limit(options_.body_limit);
          if (req.method() == http::verb::head)
            rp.skip(true);
          ec = run(ioc, [&](auto handler) {
            http::async_read(*up, up_buf, rp, handler);
          });
          if (ec)
            break;
          res = rp.release();
          // An interim reply (1xx other than 101) precedes the real one.
          if (res.result_int() < 100 || res.result_int() >= 200 ||
              res.result_int() == 101)
            break;
        }
      }
      upstream_us = std::chrono::duration_cast<std::chrono::microseconds>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
      if (ec) {
        upstream_error = std::string(step) + ": " + ec.message();
        own = own_reply(req.version(), ec == beast::error::timeout ? 504 : 502,
                        "{\"error\":\"upstream failed\"}");
        close_upstream();
      } else {
        upstream_status = res.result_int();
        replayed = beast::iequals(res["Idempotent-Replayed"], "true");
        upstream_keep = res.keep_alive() && !res.need_eof();
        if (!upstream_keep)
          close_upstream();
      }
    }

    bool drop = d.kind == FaultKind::post_commit_drop && !refuse;
    auto &reply = own ? *own : res;
    rec["forwarded"] = forwarded;
    rec["upstream_status"] = upstream_status;
    rec["upstream_replayed"] = replayed;
    rec["upstream_error"] = upstream_error;
    rec["upstream_us"] = upstream_us;
    rec["status"] = drop ? 0 : reply.result_int();
    if (d.kind == FaultKind::post_commit_slow && !refuse)
      rec["delay_ms"] = d.delay.count();
    // The record is written before the reply leaves and, by default, made
    // durable first, as serve's are.
    record(rec.dump(), options_.fsync_before_reply);

    if (drop) {
      // The upstream did the work; the client gets neither reply nor
      // status.
      ::shutdown(fd, SHUT_RDWR);
      return finish();
    }
    if (d.kind == FaultKind::post_commit_slow && !refuse &&
        tcp_.wait_or_stop(d.delay))
      return finish();
    bool keep = req.keep_alive() && (own || upstream_keep) &&
                reply.keep_alive() && !tcp_.stopping();
    if (own)
      own->keep_alive(keep);
    ec = send(reply);
    if (ec || !keep) {
      client.socket().shutdown(tcp::socket::shutdown_send, ec);
      return finish();
    }
  }
}

void FaultProxy::record(const std::string &rec, bool sync) {
  try {
    ledger_.append_record(rec, sync);
    ledger_failed_ = false;
    if (!sync) {
      std::lock_guard<std::mutex> lock(sync_mu_);
      dirty_ = true;
      sync_cv_.notify_one();
    }
  } catch (const std::exception &e) {
    ++unrecorded_;
    if (!ledger_failed_.exchange(true))
      std::fprintf(stderr,
                   "retry-probe proxy: %s; answering 503 without "
                   "forwarding until a record can be written\n",
                   e.what());
  }
}

// --fsync after-reply: one thread fsyncs whatever was written since its
// last fsync, so a worker never waits for the disk and concurrent records
// share one fsync.
void FaultProxy::sync_loop() {
  std::unique_lock<std::mutex> lock(sync_mu_);
  for (;;) {
    sync_cv_.wait(lock, [this] { return dirty_ || stop_sync_; });
    if (!dirty_)
      return; // stopping, and everything written is durable
    dirty_ = false;
    lock.unlock();
    try {
      ledger_.sync();
    } catch (const std::exception &e) {
      if (!ledger_failed_.exchange(true))
        std::fprintf(stderr,
                     "retry-probe proxy: %s; answering 503 without "
                     "forwarding until a record can be written\n",
                     e.what());
    }
    lock.lock();
  }
}

} // namespace retryprobe
