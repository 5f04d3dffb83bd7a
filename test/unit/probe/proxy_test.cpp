// The fault proxy in-process, in front of an HttpServer: what it forwards,
// what each fault does to the reply, and what it records. The same code the
// lit tests drive through `retry-probe proxy`, here so that the sanitizer
// builds (which run only these unit tests) cover it.
#include "retryprobe/proxy.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>
#include <unistd.h>

using namespace retryprobe;
using namespace std::chrono_literals;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

class ProxyTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("retryprobe-proxy-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    upstream_ = std::make_unique<HttpServer>([this](const HttpRequestView &r) {
      ++received_;
      last_body_ = r.body;
      HttpReply reply;
      reply.status = 201;
      reply.body = "{\"ok\":true}";
      if (r.header("idempotency-key") == "seen")
        reply.headers.emplace_back("Idempotent-Replayed", "true");
      return reply;
    });
    upstream_->start();
  }
  void TearDown() override {
    if (proxy_)
      proxy_->stop();
    upstream_->stop();
    fs::remove_all(dir_);
  }
  // Starts the proxy with `faults` in front of `upstream_port`.
  Endpoint start_proxy(std::vector<FaultSpec> faults,
                       unsigned short upstream_port = 0,
                       bool fsync_before_reply = true) {
    plan_ = std::make_unique<FaultPlan>(std::move(faults));
    ledger_ = std::make_unique<JsonlLedger>((dir_ / "proxy.jsonl").string());
    ProxyOptions o;
    o.upstream.port = upstream_port ? upstream_port : upstream_->port();
    o.read_timeout = 2000ms;
    o.upstream_timeout = 2000ms;
    o.fsync_before_reply = fsync_before_reply;
    proxy_ = std::make_unique<FaultProxy>(o, *plan_, *ledger_);
    proxy_->start();
    Endpoint ep;
    ep.port = proxy_->port();
    return ep;
  }
  std::vector<json> records() {
    std::vector<json> out;
    for (const auto &l :
         read_ledger((dir_ / "proxy.jsonl").string()).request_lines)
      out.push_back(json::parse(l));
    return out;
  }
  static FaultSpec fault(FaultKind k) {
    FaultSpec f;
    f.kind = k;
    return f;
  }

  fs::path dir_;
  std::unique_ptr<HttpServer> upstream_;
  std::unique_ptr<FaultPlan> plan_;
  std::unique_ptr<JsonlLedger> ledger_;
  std::unique_ptr<FaultProxy> proxy_;
  std::atomic<int> received_{0};
  std::string last_body_;
};

} // namespace

TEST_F(ProxyTest, ForwardsAndRecords) {
  Endpoint ep = start_proxy({});
  std::string body = "{\"intent\":\"ord-1\",\"amount\":5}";
  HttpResult r = http_call(ep, "POST", "/charges", body, {}, 2000ms);
  EXPECT_EQ(r.status, 201);
  EXPECT_EQ(r.body, "{\"ok\":true}");
  EXPECT_EQ(received_.load(), 1);
  EXPECT_EQ(last_body_, body);
  auto recs = records();
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0]["source"], "proxy");
  EXPECT_EQ(recs[0]["intent"], "ord-1");
  EXPECT_EQ(recs[0]["body_fields"]["intent"], "ord-1");
  EXPECT_EQ(recs[0]["upstream_status"], 201);
  EXPECT_EQ(recs[0]["status"], 201);
  EXPECT_EQ(recs[0]["forwarded"], true);
  EXPECT_EQ(recs[0]["fault"], "none");
  EXPECT_EQ(proxy_->counts().forwarded, 1);
}

TEST_F(ProxyTest, PostCommitDropForwardsThenCutsTheReply) {
  Endpoint ep = start_proxy({fault(FaultKind::post_commit_drop)});
  HttpResult first =
      http_call(ep, "POST", "/c", "{\"intent\":\"a\"}", {}, 2000ms);
  EXPECT_EQ(first.status, 0);
  EXPECT_TRUE(first.sent);
  HttpResult second =
      http_call(ep, "POST", "/c", "{\"intent\":\"a\"}", {}, 2000ms);
  EXPECT_EQ(second.status, 201);
  EXPECT_EQ(received_.load(), 2); // the dropped one reached the upstream
  auto recs = records();
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0]["fault"], "post_commit_drop");
  EXPECT_EQ(recs[0]["upstream_status"], 201);
  EXPECT_EQ(recs[0]["status"], 0);
}

TEST_F(ProxyTest, PreCommitAndThrottleNeverForward) {
  FaultSpec throttle = fault(FaultKind::throttle);
  throttle.window = 5000ms;
  Endpoint ep = start_proxy({fault(FaultKind::pre_commit), throttle});
  HttpResult pre = http_call(ep, "POST", "/c", "{}", {}, 2000ms);
  EXPECT_EQ(pre.status, 503);
  HttpResult limited = http_call(ep, "POST", "/c", "{}", {}, 2000ms);
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.header("retry-after"), "5");
  // Safe methods are never faulted.
  EXPECT_EQ(http_call(ep, "GET", "/c", "", {}, 2000ms).status, 201);
  EXPECT_EQ(received_.load(), 1);
  EXPECT_EQ(proxy_->counts().requests, 3);
}

TEST_F(ProxyTest, ReplayedRepliesAreMarked) {
  Endpoint ep = start_proxy({});
  http_call(ep, "POST", "/c", "{}", {{"Idempotency-Key", "seen"}}, 2000ms);
  auto recs = records();
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0]["intent"], "seen");
  EXPECT_EQ(recs[0]["upstream_replayed"], true);
}

TEST_F(ProxyTest, UpstreamDownIs502AndRecorded) {
  unsigned short dead;
  {
    HttpServer s([](const HttpRequestView &) { return HttpReply{}; });
    s.start();
    dead = s.port();
  } // nothing listens there now
  Endpoint ep = start_proxy({}, dead);
  HttpResult r = http_call(ep, "POST", "/c", "{}", {}, 2000ms);
  EXPECT_EQ(r.status, 502);
  auto recs = records();
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0]["upstream_status"], 0);
  EXPECT_EQ(recs[0]["forwarded"], false);
  EXPECT_NE(recs[0]["upstream_error"].get<std::string>().find("connect"),
            std::string::npos);
}

TEST_F(ProxyTest, FsyncAfterReplyStillRecordsEveryRequest) {
  Endpoint ep = start_proxy({fault(FaultKind::post_commit_drop)}, 0, false);
  EXPECT_EQ(http_call(ep, "POST", "/c", "{}", {}, 2000ms).status, 0);
  EXPECT_EQ(http_call(ep, "POST", "/c", "{}", {}, 2000ms).status, 201);
  auto recs = records();
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0]["status"], 0);
  EXPECT_EQ(recs[1]["status"], 201);
}

TEST_F(ProxyTest, ReconnectsWhenTheUpstreamClosedAKeptAliveConnection) {
  upstream_->set_timeouts(2000ms, 100ms); // closes idle connections fast
  Endpoint ep = start_proxy({});
  namespace http = boost::beast::http;
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket s(ioc);
  s.connect({boost::asio::ip::make_address("127.0.0.1"), ep.port});
  boost::beast::flat_buffer buf;
  for (int i = 0; i < 2; ++i) {
    http::request<http::string_body> req{http::verb::post, "/c", 11};
    req.set(http::field::host, "x");
    req.body() = "{}";
    req.prepare_payload();
    http::write(s, req);
    http::response<http::string_body> res;
    http::read(s, buf, res);
    EXPECT_EQ(res.result_int(), 201) << "request " << i + 1;
    std::this_thread::sleep_for(300ms); // the upstream drops its idle side
  }
  EXPECT_EQ(received_.load(), 2);
  auto recs = records();
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[1]["upstream_error"], "");
}

TEST_F(ProxyTest, StopIsBoundedWithAnIdleConnectionOpen) {
  Endpoint ep = start_proxy({});
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket idle(ioc);
  idle.connect({boost::asio::ip::make_address("127.0.0.1"), ep.port});
  std::this_thread::sleep_for(20ms);
  auto t0 = std::chrono::steady_clock::now();
  proxy_->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s);
}

TEST(ResolveUpstream, AcceptsHostPortAndRejectsTheRest) {
  Endpoint ep = resolve_upstream("127.0.0.1:8080");
  EXPECT_EQ(ep.host, "127.0.0.1");
  EXPECT_EQ(ep.port, 8080);
  EXPECT_EQ(resolve_upstream("[::1]:9").host, "::1");
  EXPECT_THROW(resolve_upstream("127.0.0.1"), std::invalid_argument);
  EXPECT_THROW(resolve_upstream("127.0.0.1:0"), std::invalid_argument);
  EXPECT_THROW(resolve_upstream("127.0.0.1:http"), std::invalid_argument);
  EXPECT_THROW(resolve_upstream("::1:80"), std::invalid_argument);
}
