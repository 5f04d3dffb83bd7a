// End-to-end: real loopback sockets, real ledgers.
#include "retryprobe/scenarios.h"
#include "retryprobe/service.h"

#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>

#include <filesystem>
#include <fstream>
#include <set>

using namespace retryprobe;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string &name) {
  fs::path p = fs::temp_directory_path() /
               ("retryprobe-sc-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}
std::map<std::string, Reading> by_name(const std::vector<Reading> &rs) {
  std::map<std::string, Reading> m;
  for (const auto &r : rs)
    m[r.scenario] = r;
  return m;
}
} // namespace

TEST(Scenarios, RegistryHasTheTenCoreScenarios) {
  std::set<std::string> core, all;
  for (const auto &s : list_scenarios()) {
    all.insert(s.name);
    if (s.core)
      core.insert(s.name);
  }
  EXPECT_EQ(core,
            (std::set<std::string>{
                "pre_fail_naive", "post_drop_naive", "post_drop_key_atomic",
                "post_drop_key_per_attempt", "content_hash_two_orders",
                "race_racy", "race_atomic", "at_most_once",
                "ttl_shorter_than_backoff", "restart_store_lost"}));
  for (const char *n :
       {"post_timeout_naive", "post_timeout_key_atomic",
        "restart_store_durable", "layered_amplification", "layered_single",
        "query_before_retry", "client_error_retry", "client_error_final",
        "unbounded_outage", "budgeted_outage", "retry_after_ignored",
        "retry_after_honored", "wave_fixed_no_jitter", "wave_fixed_full_jitter",
        "wave_exponential_no_jitter", "wave_exponential_full_jitter",
        "replay_intent_only", "replay_intent_and_fact", "fork_new_run_id"})
    EXPECT_TRUE(all.count(n)) << n;
  EXPECT_EQ(all.size(), 29u);
  EXPECT_EQ(to_string(find_scenario("race_racy")->claim), "20/20/10/10/0");
  EXPECT_FALSE(find_scenario("nope"));
}

TEST(Scenarios, UnknownNameIsAnErrorNotACrash) {
  Reading r = run_scenario("nope", {});
  EXPECT_EQ(r.error_kind, "unknown");
  EXPECT_FALSE(r.matches);
}

TEST(Scenarios, CoreReadingsMatchTheIssueTable) {
  std::vector<std::string> names;
  for (const auto &s : list_scenarios())
    if (s.core)
      names.push_back(s.name);
  auto m = by_name(run_scenarios(names, {}));
  auto expect = [&](const char *n, const char *numbers) {
    const Reading &r = m.at(n);
    EXPECT_EQ(r.error, "") << n;
    EXPECT_EQ(to_string(r.measured), numbers) << n;
    EXPECT_TRUE(r.matches) << n;
  };
  expect("pre_fail_naive", "6/3/3/0/0");
  expect("post_drop_naive", "6/6/3/3/0");
  expect("post_drop_key_atomic", "6/3/3/0/0");
  expect("post_drop_key_per_attempt", "6/6/3/3/0");
  expect("content_hash_two_orders", "2/1/1/0/1");
  expect("race_racy", "20/20/10/10/0");
  expect("race_atomic", "20/10/10/0/0");
  expect("at_most_once", "3/0/0/0/3");
  expect("ttl_shorter_than_backoff", "6/6/3/3/0");
  expect("restart_store_lost", "2/2/1/1/0");

  // The attempt log tells why: attempt 1 lost its reply, attempt 2 was a
  // replay of the committed charge.
  const auto &a = m.at("post_drop_key_atomic").attempts;
  ASSERT_EQ(a.size(), 6u);
  EXPECT_EQ(a[0].intent, "ord-001");
  EXPECT_EQ(a[0].attempt, 1);
  EXPECT_EQ(a[0].kind, "transport");
  EXPECT_EQ(a[0].status, 0);
  EXPECT_EQ(a[1].attempt, 2);
  EXPECT_EQ(a[1].status, 200);
  EXPECT_TRUE(a[1].replay);
  const auto &pre = m.at("pre_fail_naive").attempts;
  EXPECT_EQ(pre[0].status, 503);
  EXPECT_EQ(pre[0].kind, "server-error");
  EXPECT_EQ(pre[1].status, 201);
  EXPECT_FALSE(pre[1].replay);
  // Per-attempt keys: the ledger shows two different keys for one intent.
  const auto &lines = m.at("post_drop_key_per_attempt").ledger_lines;
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_NE(lines[0], lines[1]);
  EXPECT_NE(lines[0].find("\"intent\":\"ord-001\""), std::string::npos);
}

TEST(Scenarios, DerivedReadings) {
  auto m = by_name(run_scenarios(
      {"post_timeout_naive", "post_timeout_key_atomic", "restart_store_durable",
       "layered_amplification", "layered_single", "query_before_retry",
       "client_error_retry", "client_error_final", "unbounded_outage",
       "budgeted_outage", "retry_after_ignored", "retry_after_honored"},
      {}));
  auto numbers = [&](const char *n) {
    EXPECT_EQ(m.at(n).error, "") << n;
    EXPECT_TRUE(m.at(n).matches) << n;
    return to_string(m.at(n).measured);
  };
  EXPECT_EQ(numbers("post_timeout_naive"), "6/6/3/3/0");
  EXPECT_EQ(numbers("post_timeout_key_atomic"), "6/3/3/0/0");
  EXPECT_EQ(numbers("restart_store_durable"), "2/1/1/0/0");
  EXPECT_EQ(numbers("layered_amplification"), "27/0/0/0/1");
  EXPECT_EQ(numbers("layered_single"), "3/0/0/0/1");
  EXPECT_EQ(numbers("query_before_retry"), "3/3/3/0/0");
  EXPECT_EQ(numbers("client_error_retry"), "9/0/0/0/3");
  EXPECT_EQ(numbers("client_error_final"), "3/0/0/0/3");
  EXPECT_EQ(numbers("budgeted_outage"), "5/0/0/0/1");
  EXPECT_EQ(numbers("retry_after_ignored"), "3/0/0/0/1");
  EXPECT_EQ(numbers("retry_after_honored"), "2/1/1/0/0");
  const Reading &u = m.at("unbounded_outage");
  EXPECT_TRUE(u.matches);
  EXPECT_GE(u.measured.requests, 2 * m.at("budgeted_outage").measured.requests);
  // The look-up happened instead of a second POST.
  int gets = 0;
  for (const auto &a : m.at("query_before_retry").attempts)
    gets += a.method == "GET" && a.status == 200;
  EXPECT_EQ(gets, 3);
  // Honoring Retry-After: 1 means the second request came >= 1 s later
  // (a slow machine only adds to that); ignoring it, every attempt met the
  // throttle (not a wall time, which would measure the machine).
  EXPECT_GE(m.at("retry_after_honored").seconds, 1.0);
  for (const auto &a : m.at("retry_after_ignored").attempts)
    EXPECT_EQ(a.status, 429) << "#" << a.attempt;
  // The retry after a timeout waits for the commit, not for a time: the
  // first attempt timed out, the second was charged again (naive) or
  // replayed (key).
  for (const char *n : {"post_timeout_naive", "post_timeout_key_atomic"}) {
    const auto &a = m.at(n).attempts;
    ASSERT_EQ(a.size(), 6u) << n;
    EXPECT_EQ(a[0].kind, "transport-timeout") << n;
    EXPECT_EQ(a[1].attempt, 2) << n;
    EXPECT_EQ(a[1].status, std::string(n) == "post_timeout_naive" ? 201 : 200)
        << n;
  }
}

TEST(Scenarios, ReplayReadings) {
  auto m = by_name(run_scenarios(
      {"replay_intent_only", "replay_intent_and_fact", "fork_new_run_id"}, {}));
  for (const auto &[name, r] : m) {
    EXPECT_EQ(r.error, "") << name;
    EXPECT_TRUE(r.matches) << name;
  }
  EXPECT_EQ(to_string(m.at("replay_intent_only").measured), "6/6/3/3/0");
  EXPECT_EQ(to_string(m.at("replay_intent_and_fact").measured), "4/3/3/0/0");
  EXPECT_EQ(to_string(m.at("fork_new_run_id").measured), "7/6/6/0/0");

  // Intent only: the replay (execution 2) sends every charge again, and the
  // atomic store charges each because the call id, hence the key, is new.
  const auto &only = m.at("replay_intent_only").attempts;
  ASSERT_EQ(only.size(), 6u);
  for (const auto &a : only)
    EXPECT_FALSE(a.replay) << a.intent << " #" << a.attempt;
  EXPECT_EQ(only[4].intent, "run-1/ord-003");
  EXPECT_EQ(only[4].status, 0);
  // Intent and fact: two actions skipped (no request at all), the in-flight
  // one re-sent with its persisted key and answered as a replay.
  const auto &fact = m.at("replay_intent_and_fact").attempts;
  ASSERT_EQ(fact.size(), 4u);
  EXPECT_EQ(fact[3].intent, "run-1/ord-003");
  EXPECT_EQ(fact[3].attempt, 2);
  EXPECT_EQ(fact[3].status, 200);
  EXPECT_TRUE(fact[3].replay);
  // The fork's charges are new (201, distinct keys), the replay's is not.
  const auto &fork = m.at("fork_new_run_id");
  std::set<std::string> keys;
  for (const auto &l : fork.ledger_lines)
    keys.insert(nlohmann::json::parse(l).at("key").get<std::string>());
  EXPECT_EQ(keys.size(), 6u);
  int forked = 0;
  for (const auto &a : fork.attempts)
    forked += a.intent.rfind("run-2/", 0) == 0 && a.status == 201;
  EXPECT_EQ(forked, 3);
}

TEST(Scenarios, RepeatedRunsAreIdentical) {
  std::vector<std::string> names = {"race_racy", "post_drop_key_per_attempt",
                                    "budgeted_outage", "unbounded_outage"};
  auto first = run_scenarios(names, {});
  for (int i = 0; i < 2; ++i) {
    auto again = run_scenarios(names, {});
    for (std::size_t k = 0; k < names.size(); ++k)
      EXPECT_EQ(canonical_json(again[k]), canonical_json(first[k])) << names[k];
  }
}

TEST(Scenarios, WorkDirKeepsTheLedger) {
  fs::path dir = scratch("workdir");
  RunOptions opts;
  opts.work_dir = dir.string();
  Reading r = run_scenario("post_drop_naive", opts);
  ASSERT_TRUE(r.matches) << r.error;
  std::ifstream in(dir / "post_drop_naive" / "ledger.jsonl");
  int lines = 0;
  for (std::string l; std::getline(in, l);)
    ++lines;
  EXPECT_EQ(lines, 6);
  // Running again starts from an empty ledger, not an appended one.
  EXPECT_EQ(to_string(run_scenario("post_drop_naive", opts).measured),
            "6/6/3/3/0");
  fs::remove_all(dir);
}

TEST(Scenarios, UnwritableLedgerDirIsAPrecondition) {
  fs::path dir = scratch("blocked");
  std::ofstream(dir / "file") << "x";
  RunOptions opts;
  opts.work_dir = (dir / "file").string(); // a file, not a directory
  Reading r = run_scenario("at_most_once", opts);
  EXPECT_EQ(r.error_kind, "precondition");
  EXPECT_FALSE(r.matches);
  EXPECT_NE(r.error.find("not writable"), std::string::npos) << r.error;
  fs::remove_all(dir);
}

TEST(Service, GetAnswersFromTheLedger) {
  fs::path dir = scratch("service");
  FaultPlan plan(FaultSpec{});
  std::atomic<int> requests{0};
  ChargeService svc(StoreConfig{}, dir.string(), plan, requests);
  svc.start();
  StopToken stop;
  ClientPolicy p;
  p.attempts = 1;
  RetryingClient client(
      p, [&] { return svc.endpoint(); }, stop);
  std::vector<AttemptLog> log;
  ChargeOutcome o = client.charge("ord-9", 700, log);
  EXPECT_TRUE(o.ok);
  EXPECT_EQ(o.receipt, "rcpt-ord-9-1");
  // Committed before the reply, so no waiting either way.
  EXPECT_TRUE(svc.wait_for_charge("ord-9", 0ms));
  EXPECT_FALSE(svc.wait_for_charge("ord-10", 0ms));
  HttpResult g =
      http_call(svc.endpoint(), "GET", "/charges?intent=ord-9", "", {}, 1000ms);
  EXPECT_EQ(g.status, 200);
  auto j = nlohmann::json::parse(g.body);
  EXPECT_EQ(j["count"], 1);
  EXPECT_EQ(j["charges"][0]["amount"], 700);
  EXPECT_EQ(
      http_call(svc.endpoint(), "POST", "/charges", "{bad", {}, 1000ms).status,
      400);
  EXPECT_EQ(requests.load(), 2);
  svc.stop();
  fs::remove_all(dir);
}

TEST(Service, StopIsBoundedWithAnIdleConnectionOpen) {
  HttpServer server([](const HttpRequestView &) { return HttpReply{}; });
  server.start();
  ASSERT_NE(server.port(), 0);
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket idle(ioc);
  idle.connect({boost::asio::ip::make_address("127.0.0.1"), server.port()});
  std::this_thread::sleep_for(20ms); // accepted, now blocked reading
  auto t0 = std::chrono::steady_clock::now();
  server.stop();
  // Unbounded, stop would wait out the 10 s read timeout; half of it is a
  // bound no slow machine reaches.
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
}

TEST(Client, TimeoutIsBoundedAndReported) {
  HttpServer server([](const HttpRequestView &) {
    HttpReply r;
    r.action = HttpReply::Action::delay;
    r.delay = 60s; // held until stop(): the timeout always comes first
    return r;
  });
  server.start();
  Endpoint ep;
  ep.port = server.port();
  auto t0 = std::chrono::steady_clock::now();
  HttpResult r = http_call(ep, "POST", "/charges", "{}", {}, 100ms);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 30s);
  EXPECT_EQ(r.kind, "transport-timeout");
  EXPECT_TRUE(r.sent);
  server.stop();
}

TEST(Client, RefusedConnectionIsSafeTransport) {
  unsigned short port;
  {
    HttpServer s([](const HttpRequestView &) { return HttpReply{}; });
    s.start();
    port = s.port();
  } // closed: nothing listens there now
  Endpoint ep;
  ep.port = port;
  HttpResult r = http_call(ep, "POST", "/charges", "{}", {}, 500ms);
  EXPECT_EQ(r.kind, "transport");
  EXPECT_FALSE(r.sent);
}
