#include "retryprobe/http.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <cctype>
#include <sys/socket.h>

namespace retryprobe {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

static std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string HttpRequestView::header(const std::string &name) const {
  auto it = headers.find(name);
  return it == headers.end() ? "" : it->second;
}

std::string HttpResult::header(const std::string &name) const {
  auto it = headers.find(name);
  return it == headers.end() ? "" : it->second;
}

std::string kind_for_status(int status) {
  if (status >= 200 && status < 300)
    return "ok";
  if (status >= 500)
    return "server-error";
  if (status >= 400)
    return "client-error";
  return "ok";
}

struct TcpServer::Impl {
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
};

TcpServer::TcpServer(Connection serve)
    : serve_(std::move(serve)), impl_(std::make_unique<Impl>()) {}

TcpServer::~TcpServer() { stop(); }

void TcpServer::start(const std::string &address, unsigned short port) {
  boost::system::error_code ec;
  auto addr = net::ip::make_address(address, ec);
  if (ec)
    throw PreconditionError("cannot listen on '" + address +
                            "': not an IP address");
  tcp::endpoint ep(addr, port);
  impl_->acceptor.open(ep.protocol(), ec);
  if (!ec && port != 0)
    // A restarted serve on a fixed port should not wait out TIME_WAIT.
    impl_->acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec)
    impl_->acceptor.bind(ep, ec);
  if (!ec)
    impl_->acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    throw PreconditionError("cannot bind " + address + ":" +
                            std::to_string(port) + ": " + ec.message());
  port_ = impl_->acceptor.local_endpoint().port();
  {
    // Two idle workers up front keep a thread start off the path of the
    // first requests (two concurrent duplicates race).
    std::lock_guard<std::mutex> lock(mu_);
    for (int i = 0; i < 2; ++i) {
      ++idle_;
      workers_.emplace_back([this] { worker_loop(); });
    }
  }
  acceptor_thread_ = std::thread([this] { accept_loop(); });
}

void TcpServer::accept_loop() {
  for (;;) {
    boost::system::error_code ec;
    tcp::socket sock(impl_->ioc);
    impl_->acceptor.accept(sock, ec);
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) {
      if (!ec)
        sock.close(ec);
      return;
    }
    if (ec)
      continue; // e.g. ECONNABORTED: the peer gave up before accept
    int fd = sock.release(ec);
    live_fds_.insert(fd);
    pending_.push_back(fd);
    // Every queued connection needs a free worker now: a handler that
    // blocks (the racy window) must not serialise the requests behind it.
    if (static_cast<int>(pending_.size()) > idle_) {
      ++idle_; // counted before it runs, so a burst starts one per request
      workers_.emplace_back([this] { worker_loop(); });
    }
    work_cv_.notify_one();
  }
}

void TcpServer::worker_loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    if (pending_.empty())
      return; // stopping
    int fd = pending_.front();
    pending_.pop_front();
    --idle_;
    lock.unlock();
    serve_(fd);
    lock.lock();
    ++idle_;
  }
}

bool TcpServer::stopping() {
  std::lock_guard<std::mutex> lock(mu_);
  return stopping_;
}

bool TcpServer::wait_or_stop(std::chrono::milliseconds d) {
  std::unique_lock<std::mutex> lock(mu_);
  return cv_.wait_for(lock, d, [this] { return stopping_; });
}

void TcpServer::watch(int fd) {
  std::lock_guard<std::mutex> lock(mu_);
  live_fds_.insert(fd);
  if (stopping_)
    ::shutdown(fd, SHUT_RDWR); // added after stop() swept the others
}

void TcpServer::forget(int fd) {
  std::lock_guard<std::mutex> lock(mu_);
  live_fds_.erase(fd);
}

void TcpServer::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    bool started = acceptor_thread_.joinable() && !stopping_;
    stopping_ = true;
    if (!started)
      return;
    // shutdown() on a listening socket wakes a blocked accept() on Linux;
    // on live connections it wakes blocked reads. Queued connections are
    // still served (quickly: their peers see the shutdown).
    ::shutdown(impl_->acceptor.native_handle(), SHUT_RDWR);
    for (int fd : live_fds_)
      ::shutdown(fd, SHUT_RDWR);
  }
  cv_.notify_all();
  work_cv_.notify_all();
  acceptor_thread_.join();
  for (auto &w : workers_) // no new workers once the acceptor has exited
    w.join();
  workers_.clear();
  boost::system::error_code ec;
  impl_->acceptor.close(ec);
}

HttpServer::HttpServer(Handler handler)
    : handler_(std::move(handler)), tcp_([this](int fd) { serve(fd); }) {}

HttpServer::~HttpServer() { stop(); }

void HttpServer::start(const std::string &address, unsigned short port) {
  tcp_.start(address, port);
}

void HttpServer::stop() { tcp_.stop(); }

void HttpServer::serve(int fd) {
  // One io_context per connection: every read and write is asynchronous
  // under a deadline, so a silent or slow client cannot hold a worker.
  net::io_context ioc;
  beast::tcp_stream stream(tcp::socket(ioc, tcp::v4(), fd));
  boost::system::error_code ec;
  auto finish = [&] {
    tcp_.forget(fd); // before close, so stop() never touches a reused fd
    stream.socket().close(ec);
  };
  auto run = [&](std::chrono::milliseconds timeout, auto start) {
    boost::system::error_code result;
    stream.expires_after(timeout);
    start([&](boost::system::error_code e, std::size_t) { result = e; });
    ioc.restart();
    ioc.run();
    return result;
  };

  beast::flat_buffer buf;
  for (bool first = true;; first = false) {
    http::request_parser<http::string_body> parser;
    parser.body_limit(body_limit_);
    // Idle on a kept-alive connection until the header arrives, then the
    // read timeout for the rest.
    ec = run(first ? read_timeout_ : idle_timeout_, [&](auto handler) {
      http::async_read_header(stream, buf, parser, handler);
    });
    if (!ec && !parser.is_done())
      ec = run(read_timeout_, [&](auto handler) {
        http::async_read(stream, buf, parser, handler);
      });
    if (ec) {
      // A clean close between requests is not an error.
      if (!(ec == http::error::end_of_stream && buf.size() == 0 &&
            !parser.got_some()) &&
          !(ec == beast::error::timeout && !first && !parser.got_some()))
        ++bad_requests_;
      if (ec == http::error::body_limit) {
        http::response<http::string_body> res{http::status::payload_too_large,
                                              11};
        res.set(http::field::server, "retry-probe");
        res.keep_alive(false);
        res.body() = "{\"error\":\"request body too large\"}";
        res.prepare_payload();
        run(read_timeout_,
            [&](auto handler) { http::async_write(stream, res, handler); });
      } else if (ec != http::error::end_of_stream &&
                 ec != beast::error::timeout && parser.got_some()) {
        http::response<http::string_body> res{http::status::bad_request, 11};
        res.set(http::field::server, "retry-probe");
        res.keep_alive(false);
        res.body() = "{\"error\":\"malformed HTTP request\"}";
        res.prepare_payload();
        run(read_timeout_,
            [&](auto handler) { http::async_write(stream, res, handler); });
      }
      return finish();
    }
    http::request<http::string_body> req = parser.release();

    HttpRequestView view;
    view.method = std::string(req.method_string());
    view.target = std::string(req.target());
    view.body = req.body();
    for (const auto &f : req)
      view.headers[lower(std::string(f.name_string()))] =
          std::string(f.value());

    HttpReply reply;
    try {
      reply = handler_(view);
    } catch (const std::exception &) {
      reply = HttpReply{};
      reply.status = 500; // e.g. the ledger could not be written
      reply.body = "{\"error\":\"internal\"}";
    }

    if (reply.action == HttpReply::Action::drop) {
      // The commit happened; the client gets neither reply nor status.
      ::shutdown(fd, SHUT_RDWR);
      return finish();
    }
    if (reply.action == HttpReply::Action::delay &&
        tcp_.wait_or_stop(reply.delay))
      return finish();

    bool keep = req.keep_alive() && !tcp_.stopping();
    http::response<http::string_body> res{
        static_cast<http::status>(reply.status), req.version()};
    res.set(http::field::server, "retry-probe");
    res.set(http::field::content_type, "application/json");
    for (const auto &h : reply.headers)
      res.set(h.first, h.second);
    res.keep_alive(keep);
    res.body() = reply.body;
    res.prepare_payload();
    // EPIPE after a client timeout is expected.
    ec = run(read_timeout_,
             [&](auto handler) { http::async_write(stream, res, handler); });
    if (ec || !keep) {
      stream.socket().shutdown(tcp::socket::shutdown_send, ec);
      return finish();
    }
  }
}

HttpResult
http_call(const Endpoint &ep, const std::string &method,
          const std::string &target, const std::string &body,
          const std::vector<std::pair<std::string, std::string>> &headers,
          std::chrono::milliseconds timeout) {
  HttpResult out;
  boost::system::error_code ec;
  auto addr = net::ip::make_address(ep.host, ec);
  if (ec) {
    out.kind = "transport";
    out.error = "bad address " + ep.host;
    return out;
  }
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  http::request<http::string_body> req{http::string_to_verb(method), target,
                                       11};
  req.set(http::field::host, ep.host + ":" + std::to_string(ep.port));
  req.set(http::field::content_type, "application/json");
  req.keep_alive(false);
  for (const auto &h : headers)
    req.set(h.first, h.second);
  req.body() = body;
  req.prepare_payload();
  http::response<http::string_body> res;
  beast::flat_buffer buf;

  auto fail = [&](const char *what, boost::system::error_code e) {
    out.kind = e == beast::error::timeout ? "transport-timeout" : "transport";
    out.error = std::string(what) + ": " + e.message();
  };
  // The deadline covers connect, write and read together.
  stream.expires_after(timeout);
  stream.async_connect(
      tcp::endpoint(addr, ep.port), [&](boost::system::error_code e) {
        if (e)
          return fail("connect", e);
        http::async_write(
            stream, req, [&](boost::system::error_code e, std::size_t) {
              if (e)
                return fail("write", e);
              out.sent = true;
              http::async_read(
                  stream, buf, res,
                  [&](boost::system::error_code e, std::size_t) {
                    if (e)
                      return fail("read", e);
                    out.status = res.result_int();
                    out.kind = kind_for_status(out.status);
                    out.body = res.body();
                    for (const auto &f : res)
                      out.headers[lower(std::string(f.name_string()))] =
                          std::string(f.value());
                  });
            });
      });
  ioc.run();
  // Abortive close: the client never sits in TIME_WAIT, so a no-backoff
  // outage run cannot exhaust ephemeral ports.
  stream.socket().set_option(net::socket_base::linger(true, 0), ec);
  stream.socket().close(ec);
  return out;
}

} // namespace retryprobe
