#include "retryprobe/ledger.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace retryprobe;
namespace fs = std::filesystem;

namespace {
class LedgerTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("retryprobe-ledger-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    path = (dir / "ledger.jsonl").string();
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const std::string &text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  fs::path dir;
  std::string path;
};
const char *kGood =
    "{\"intent\":\"a\",\"amount\":1000,\"receipt\":\"rcpt-a-1\","
    "\"key\":\"k\"}\n";
} // namespace

TEST_F(LedgerTest, AppendsDurableLinesWithPerIntentReceipts) {
  {
    JsonlLedger l(path);
    EXPECT_EQ(l.append("a", 1000, "k1").receipt, "rcpt-a-1");
    EXPECT_EQ(l.append("b", 500, "").receipt, "rcpt-b-1");
    EXPECT_EQ(l.append("a", 1000, "k2").receipt, "rcpt-a-2");
    EXPECT_EQ(l.entries_for("a").size(), 2u);
  }
  LedgerRead r = read_ledger(path);
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_FALSE(r.torn_last_line);
  EXPECT_EQ(r.entries[1].intent, "b");
  EXPECT_EQ(r.entries[1].amount, 500);
  EXPECT_EQ(r.entries[2].key, "k2");
  EXPECT_EQ(r.lines[0], "{\"amount\":1000,\"intent\":\"a\",\"key\":\"k1\","
                        "\"receipt\":\"rcpt-a-1\"}");
}

TEST_F(LedgerTest, TornLastLineIsReportedNotFatal) {
  write(std::string(kGood) + kGood + "{\"intent\":\"b\",\"amo");
  LedgerRead r = read_ledger(path);
  EXPECT_EQ(r.entries.size(), 2u);
  EXPECT_TRUE(r.torn_last_line);
  EXPECT_EQ(r.torn_text, "{\"intent\":\"b\",\"amo");
  EXPECT_EQ(r.corrupt_lines, 0);
}

TEST_F(LedgerTest, UnterminatedLastLineIsTornEvenIfItParses) {
  std::string good(kGood);
  write(good + good.substr(0, good.size() - 1));
  LedgerRead r = read_ledger(path);
  EXPECT_EQ(r.entries.size(), 1u);
  EXPECT_TRUE(r.torn_last_line);
}

TEST_F(LedgerTest, CorruptMiddleLineIsCountedSeparately) {
  write(std::string(kGood) + "garbage\n" + kGood);
  LedgerRead r = read_ledger(path);
  EXPECT_EQ(r.entries.size(), 2u);
  EXPECT_EQ(r.corrupt_lines, 1);
  EXPECT_FALSE(r.torn_last_line);
}

TEST_F(LedgerTest, ReopenSealsTornTailAndContinuesNumbering) {
  write(std::string(kGood) + "{\"intent\":\"a\",\"am");
  {
    JsonlLedger l(path);
    EXPECT_EQ(l.append("a", 1000, "").receipt, "rcpt-a-2");
  }
  LedgerRead r = read_ledger(path);
  EXPECT_EQ(r.entries.size(), 2u);
  EXPECT_EQ(r.corrupt_lines, 1); // the old torn tail, now a sealed line
  EXPECT_FALSE(r.torn_last_line);
}

TEST_F(LedgerTest, MissingFileIsEmpty) {
  LedgerRead r = read_ledger((dir / "none.jsonl").string());
  EXPECT_TRUE(r.entries.empty());
  EXPECT_FALSE(r.torn_last_line);
}

TEST_F(LedgerTest, UnwritableLocationThrows) {
  write(kGood); // a file where a directory is expected
  EXPECT_THROW(JsonlLedger(path + "/ledger.jsonl"), std::runtime_error);
}

TEST_F(LedgerTest, RequestRecordsAreKeptApartFromCharges) {
  // A request record carries an intent and could look like a charge to a
  // careless reader; it must count as neither a charge nor corruption.
  const std::string request =
      "{\"event\":\"request\",\"seq\":1,\"intent\":\"a\",\"amount\":1000,"
      "\"status\":0}";
  {
    JsonlLedger l(path);
    l.append("a", 1000, "");
    l.append_record(request);
    l.append("a", 1000, "");
  }
  LedgerRead r = read_ledger(path);
  EXPECT_EQ(r.entries.size(), 2u);
  ASSERT_EQ(r.request_lines.size(), 1u);
  EXPECT_EQ(r.request_lines[0], request);
  EXPECT_EQ(r.corrupt_lines, 0);
  // Reopening (a restart) does not read the record back as a charge.
  JsonlLedger again(path);
  EXPECT_EQ(again.entries_for("a").size(), 2u);
}
