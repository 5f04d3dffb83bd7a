#include "retryprobe/stores.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>
#include <vector>

using namespace retryprobe;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {
class StoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = (fs::temp_directory_path() /
           ("retryprobe-store-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name()))
              .string();
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  std::unique_ptr<ChargeBackend> open(Policy p,
                                      std::chrono::milliseconds window = 30ms,
                                      std::chrono::milliseconds ttl = 100ms) {
    StoreConfig c;
    c.policy = p;
    c.racy_window = window;
    c.ttl = ttl;
    return make_backend(c, dir);
  }
  // Two threads released together, same key.
  static std::pair<CommitResult, CommitResult>
  concurrently(ChargeBackend &b, const ChargeRequest &req) {
    CommitResult r1, r2;
    std::thread t1([&] { r1 = b.charge(req); });
    std::thread t2([&] { r2 = b.charge(req); });
    t1.join();
    t2.join();
    return {r1, r2};
  }
  std::string dir;
};
ChargeRequest req(const std::string &intent, const std::string &key,
                  long amount = 1000) {
  return {intent, amount, key};
}
} // namespace

TEST_F(StoreTest, NaiveCommitsEveryRequest) {
  auto b = open(Policy::naive);
  b->charge(req("a", "k"));
  CommitResult second = b->charge(req("a", "k"));
  EXPECT_FALSE(second.replay);
  EXPECT_EQ(second.entry.receipt, "rcpt-a-2");
  EXPECT_EQ(b->read_all().entries.size(), 2u);
}

TEST_F(StoreTest, AtomicReplaysOriginalReceipt) {
  auto b = open(Policy::key_atomic);
  CommitResult first = b->charge(req("a", "k"));
  CommitResult again = b->charge(req("a", "k"));
  EXPECT_FALSE(first.replay);
  EXPECT_TRUE(again.replay);
  EXPECT_EQ(again.entry.receipt, first.entry.receipt);
  EXPECT_FALSE(b->charge(req("a", "other")).replay);
  EXPECT_FALSE(b->charge(req("a", "")).replay); // no key, no de-dup
  EXPECT_EQ(b->read_all().entries.size(), 3u);
  EXPECT_EQ(b->entries_for("a").size(), 3u);
}

TEST_F(StoreTest, AtomicAdmitsOneOfTwoConcurrentDuplicates) {
  auto b = open(Policy::key_atomic);
  auto [r1, r2] = concurrently(*b, req("a", "k"));
  EXPECT_NE(r1.replay, r2.replay);
  EXPECT_EQ(r1.entry.receipt, r2.entry.receipt);
  EXPECT_EQ(b->read_all().entries.size(), 1u);
}

// The barrier, not the scheduler, decides: the window is only a fallback,
// so it is far longer than any thread start.
TEST_F(StoreTest, RacyAdmitsBothConcurrentDuplicates) {
  auto b = open(Policy::key_racy, 10s);
  auto [r1, r2] = concurrently(*b, req("a", "k"));
  EXPECT_FALSE(r1.replay);
  EXPECT_FALSE(r2.replay);
  EXPECT_EQ(b->read_all().entries.size(), 2u);
}

// The window bounds how late the duplicate may come, not how long the pair
// takes: a duplicate 100 ms behind the first still races it.
TEST_F(StoreTest, RacyAdmitsALateConcurrentDuplicate) {
  auto b = open(Policy::key_racy, 10s);
  CommitResult r1, r2;
  std::thread t1([&] { r1 = b->charge(req("a", "k")); });
  std::this_thread::sleep_for(100ms);
  std::thread t2([&] { r2 = b->charge(req("a", "k")); });
  t1.join();
  t2.join();
  EXPECT_FALSE(r1.replay);
  EXPECT_FALSE(r2.replay);
  EXPECT_EQ(b->read_all().entries.size(), 2u);
  // Once both are recorded, a retry replays.
  EXPECT_TRUE(b->charge(req("a", "k")).replay);
}

// The barrier is sized to the group: each of three duplicates waits until
// all three have missed the record.
TEST_F(StoreTest, RacyBarrierHoldsTheWholeGroup) {
  StoreConfig c;
  c.policy = Policy::key_racy;
  c.racy_group = 3;
  c.racy_window = 10s;
  auto b = make_backend(c, dir);
  CommitResult r[3];
  std::vector<std::thread> threads;
  for (auto &out : r)
    threads.emplace_back([&] { out = b->charge(req("a", "k")); });
  for (auto &t : threads)
    t.join();
  for (const auto &out : r)
    EXPECT_FALSE(out.replay);
  EXPECT_EQ(b->read_all().entries.size(), 3u);
  EXPECT_TRUE(b->charge(req("a", "k")).replay);
}

TEST_F(StoreTest, RacyStillDeduplicatesSequentialRetries) {
  auto b = open(Policy::key_racy, 5ms);
  b->charge(req("a", "k"));
  EXPECT_TRUE(b->charge(req("a", "k")).replay);
  EXPECT_EQ(b->read_all().entries.size(), 1u);
}

// Each half's TTL is far from the test's own pace (a slow machine only
// lengthens the pause), so no retry can land on the other side of it.
TEST_F(StoreTest, TtlForgetsExpiredKeys) {
  auto kept = open(Policy::key_ttl, 0ms, 60s);
  kept->charge(req("a", "k"));
  EXPECT_TRUE(kept->charge(req("a", "k")).replay);
  auto forgets = open(Policy::key_ttl, 0ms, 1ms);
  forgets->charge(req("b", "k2"));
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(forgets->charge(req("b", "k2")).replay);
  EXPECT_EQ(forgets->entries_for("b").size(), 2u);
}

TEST_F(StoreTest, ContentHashSwallowsEqualAmounts) {
  auto b = open(Policy::content_hash);
  CommitResult first = b->charge(req("ord-001", "k1", 1000));
  CommitResult second = b->charge(req("ord-002", "k2", 1000));
  EXPECT_TRUE(second.replay);
  EXPECT_EQ(second.entry.intent, "ord-001"); // the other order's receipt
  EXPECT_FALSE(b->charge(req("ord-003", "k3", 999)).replay);
  EXPECT_EQ(b->read_all().entries.size(), 2u);
  EXPECT_TRUE(b->entries_for("ord-002").empty());
}

TEST_F(StoreTest, DurableKeysSurviveRestart) {
  {
    auto b = open(Policy::durable);
    EXPECT_FALSE(b->charge(req("a", "k")).replay);
    EXPECT_TRUE(b->charge(req("a", "k")).replay);
  }
  auto reopened = open(Policy::durable);
  CommitResult r = reopened->charge(req("a", "k"));
  EXPECT_TRUE(r.replay);
  EXPECT_EQ(r.entry.receipt, "rcpt-a-1");
  EXPECT_FALSE(reopened->charge(req("a", "")).replay);
  LedgerRead all = reopened->read_all();
  ASSERT_EQ(all.entries.size(), 2u);
  EXPECT_EQ(all.entries[1].receipt, "rcpt-a-2");
  EXPECT_EQ(all.lines.size(), 2u);
}

TEST_F(StoreTest, InMemoryKeysDoNotSurviveRestart) {
  open(Policy::key_atomic)->charge(req("a", "k"));
  auto reopened = open(Policy::key_atomic);
  EXPECT_FALSE(reopened->charge(req("a", "k")).replay);
  EXPECT_EQ(reopened->read_all().entries.size(), 2u); // the ledger survives
}

TEST_F(StoreTest, DurableConcurrentDuplicatesCommitOnce) {
  auto b = open(Policy::durable);
  auto [r1, r2] = concurrently(*b, req("a", "k"));
  EXPECT_NE(r1.replay, r2.replay);
  EXPECT_EQ(b->read_all().entries.size(), 1u);
}

TEST(Policy, NamesRoundTrip) {
  for (Policy p : {Policy::naive, Policy::key_atomic, Policy::key_racy,
                   Policy::key_ttl, Policy::content_hash, Policy::durable})
    EXPECT_EQ(parse_policy(policy_name(p)), p);
  EXPECT_FALSE(parse_policy("bogus"));
}
