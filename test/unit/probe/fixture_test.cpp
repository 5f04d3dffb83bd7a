// The public test fixture (retryprobe/fixture.h) and its GoogleTest helper
// (retryprobe/gtest.h), used as a user's test suite would: only the public
// headers, plus a tiny client made of the probe's http_call.
#include "retryprobe/fixture.h"
#include "retryprobe/gtest.h"

#include "retryprobe/http.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

using namespace retryprobe;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// The client under test: POSTs a charge, retrying once on any failure.
void charge_twice_on_failure(const TestService &svc, const std::string &intent,
                             const std::string &key = "") {
  Endpoint ep;
  ep.port = svc.port();
  std::vector<std::pair<std::string, std::string>> headers;
  if (!key.empty())
    headers.emplace_back("Idempotency-Key", key);
  std::string body = "{\"intent\":\"" + intent + "\",\"amount\":100}";
  for (int attempt = 0; attempt < 2; ++attempt)
    if (http_call(ep, "POST", "/charges", body, headers, 10s).status / 100 == 2)
      return;
}

} // namespace

TEST(Fixture, LostReplyWithoutKeyChargesTwice) {
  TestService svc("naive", {"post_commit_drop@1"});
  EXPECT_EQ(svc.url(), "http://127.0.0.1:" + std::to_string(svc.port()));
  charge_twice_on_failure(svc, "ord-1");
  LedgerReading r = svc.reading({"ord-1"});
  EXPECT_EQ(r.summary(),
            "2/2/1/1/0 (requests/committed/distinct/duplicates/lost) "
            "duplicates");
  ASSERT_EQ(r.intents.size(), 1u);
  EXPECT_EQ(r.intents[0].requests, 2);
  EXPECT_EQ(r.intents[0].charges, 2);
  EXPECT_DUPLICATES(r, 1);
  EXPECT_NONE_LOST(r);
  EXPECT_REQUESTS(r, 2);
}

TEST(Fixture, StableKeyOnAnAtomicStoreChargesOnce) {
  TestService svc("key-atomic", {"post_commit_drop@1"});
  charge_twice_on_failure(svc, "ord-1", "ord-1-charge");
  EXPECT_EXACTLY_ONCE(svc.reading({"ord-1"}));
  EXPECT_REQUESTS(svc.reading({"ord-1"}), 2);
}

TEST(Fixture, AssertionsPrintTheReading) {
  TestService svc("naive", {"post_commit_drop@1"});
  charge_twice_on_failure(svc, "ord-1");
  LedgerReading r = svc.reading({"ord-1", "ord-2"});
  EXPECT_NONFATAL_FAILURE(EXPECT_EXACTLY_ONCE(r),
                          "intent ord-1: 2 request(s), 2 charged");
  EXPECT_NONFATAL_FAILURE(EXPECT_EXACTLY_ONCE(r),
                          "intent ord-2: 0 request(s), 0 charged");
  EXPECT_NONFATAL_FAILURE(EXPECT_NO_DUPLICATES(r), "Expected no duplicate");
  EXPECT_NONFATAL_FAILURE(EXPECT_DUPLICATES(r, 0), "2/2/1/1/1");
  EXPECT_LOST(r, 1);
  // Without the intents lost is not measured, and exactly-once says so.
  LedgerReading any = svc.reading();
  EXPECT_FALSE(any.lost_measured);
  EXPECT_NONFATAL_FAILURE(EXPECT_EXACTLY_ONCE(any), "pass the intents");
}

TEST(Fixture, RestartKeepsThePortAndForgetsInMemoryKeys) {
  TestService svc("key-atomic");
  unsigned short port = svc.port();
  charge_twice_on_failure(svc, "ord-1", "k1");
  svc.restart();
  EXPECT_EQ(svc.port(), port);
  charge_twice_on_failure(svc, "ord-1", "k1");
  EXPECT_DUPLICATES(svc.reading({"ord-1"}), 1);

  TestService durable("durable");
  charge_twice_on_failure(durable, "ord-1", "k1");
  durable.restart();
  charge_twice_on_failure(durable, "ord-1", "k1");
  EXPECT_EXACTLY_ONCE(durable.reading({"ord-1"}));
}

TEST(Fixture, BadSpecsAreOneLineErrors) {
  try {
    TestService svc("key-nope");
    FAIL() << "started with an unknown store";
  } catch (const ServiceError &e) {
    EXPECT_NE(std::string(e.what()).find("unknown store 'key-nope'"),
              std::string::npos)
        << e.what();
  }
  try {
    TestService svc("naive", {"post_commit_drop@x"});
    FAIL() << "started with a malformed fault";
  } catch (const ServiceError &e) {
    EXPECT_NE(std::string(e.what()).find("post_commit_drop@x"),
              std::string::npos)
        << e.what();
  }
}

TEST(Fixture, PortInUseAndUnwritableLedgerFailFast) {
  TestService first;
  ServiceOptions o;
  o.port = first.port();
  auto t0 = std::chrono::steady_clock::now();
  try {
    TestService second(o);
    FAIL() << "two services on one port";
  } catch (const ServiceError &e) {
    EXPECT_NE(std::string(e.what()).find("cannot bind 127.0.0.1:" +
                                         std::to_string(first.port())),
              std::string::npos)
        << e.what();
  }
  ServiceOptions bad;
  bad.ledger = "/proc/no-such-dir/ledger.jsonl";
  try {
    TestService svc(bad);
    FAIL() << "started with an unwritable ledger";
  } catch (const ServiceError &e) {
    EXPECT_NE(std::string(e.what()).find("/proc/no-such-dir/ledger.jsonl"),
              std::string::npos)
        << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
}

TEST(Fixture, TemporaryLedgerGoesAwayAGivenOneStays) {
  std::string tmp;
  {
    TestService svc;
    tmp = svc.ledger_path();
    charge_twice_on_failure(svc, "ord-1");
    EXPECT_TRUE(fs::exists(tmp));
  }
  EXPECT_FALSE(fs::exists(fs::path(tmp).parent_path()));

  fs::path dir = fs::temp_directory_path() / "retryprobe-fixture-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  ServiceOptions o;
  o.ledger = (dir / "mine.jsonl").string();
  {
    TestService svc(o);
    charge_twice_on_failure(svc, "ord-1");
    svc.stop();
    EXPECT_EQ(svc.reading({"ord-1"}).committed, 1); // still readable
  }
  std::ifstream in(o.ledger);
  std::string first;
  std::getline(in, first);
  EXPECT_NE(first.find("\"intent\":\"ord-1\""), std::string::npos) << first;
  fs::remove_all(dir);
}

// Stopping cuts a reply still being held and an idle connection; bounded.
TEST(Fixture, StopIsBoundedWithRequestsInFlight) {
  auto svc = std::make_unique<TestService>(
      "naive", std::vector<std::string>{"post_commit_slow@1,delay=60s"});
  std::thread client([&] {
    Endpoint ep;
    ep.port = svc->port();
    http_call(ep, "POST", "/charges", "{\"intent\":\"a\",\"amount\":1}", {},
              30s);
  });
  // The charge commits before the held reply; then stop.
  for (int i = 0; i < 500 && svc->reading().committed == 0; ++i)
    std::this_thread::sleep_for(10ms);
  auto t0 = std::chrono::steady_clock::now();
  svc.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
  client.join();
}

TEST(Fixture, VersionIsTheHeaders) {
  EXPECT_STREQ(version(), RETRYPROBE_VERSION_STRING);
}
