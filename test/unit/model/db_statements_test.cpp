// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "model/DbStatements.h"
#include "gtest/gtest.h"

namespace clang::tidy::retry::model {
namespace {

DbStmt one(StringRef Text, bool Redis = false) {
  std::vector<DbStmt> S = parseDbStatements(Text, Redis);
  EXPECT_EQ(S.size(), 1u) << Text.str();
  return S.empty() ? DbStmt() : S.front();
}

TEST(SqlStatements, SelectWithWhere) {
  DbStmt S = one("select id from idempotency_keys\n  where key = ?");
  EXPECT_EQ(S.K, DbStmt::Select);
  EXPECT_EQ(S.Table, "idempotency_keys");
  EXPECT_TRUE(S.HasWhere);
  EXPECT_EQ(S.Sql, "SELECT ID FROM IDEMPOTENCY_KEYS WHERE KEY = ?");
  EXPECT_FALSE(one("SELECT count(*) FROM requests").HasWhere);
}

TEST(SqlStatements, QuotedAndGuardedTableNames) {
  EXPECT_EQ(one("SELECT 1 FROM \"Dedup\" WHERE k = $1").Table, "dedup");
  EXPECT_EQ(one("INSERT INTO `seen`(k) VALUES (?)").Table, "seen");
  EXPECT_EQ(one("DELETE idem WHERE k = ?").Table, "idem");
}

TEST(SqlStatements, InsertIsConditionalOnlyWhenItIsTheAtomicStep) {
  EXPECT_FALSE(one("INSERT INTO idem (k) VALUES (?)").Conditional);
  for (const char *Atomic :
       {"INSERT INTO idem (k) VALUES (?) ON CONFLICT DO NOTHING",
        "INSERT OR IGNORE INTO idem (k) VALUES (?)",
        "INSERT OR REPLACE INTO idem (k) VALUES (?)",
        "INSERT IGNORE INTO idem (k) VALUES (?)",
        "INSERT INTO idem (k) VALUES (?) ON DUPLICATE KEY UPDATE k = k",
        "INSERT INTO idem (k) SELECT ? WHERE NOT EXISTS (SELECT 1 FROM idem)",
        "UPSERT INTO idem (k) VALUES (?)", "REPLACE INTO idem (k) VALUES (?)"}) {
    DbStmt S = one(Atomic);
    EXPECT_EQ(S.K, DbStmt::Insert) << Atomic;
    EXPECT_TRUE(S.Conditional) << Atomic;
    EXPECT_EQ(S.Table, "idem") << Atomic;
  }
}

TEST(SqlStatements, TransactionsAndWhetherTheySerialize) {
  std::vector<DbStmt> S = parseDbStatements(
      "BEGIN IMMEDIATE; SELECT k FROM idem WHERE k = ?; COMMIT;", false);
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[0].K, DbStmt::TxBegin);
  EXPECT_TRUE(S[0].Serializing);
  EXPECT_EQ(S[1].K, DbStmt::Select);
  EXPECT_EQ(S[2].K, DbStmt::TxEnd);
  EXPECT_FALSE(one("BEGIN").Serializing);
  EXPECT_TRUE(one("begin exclusive").Serializing);
  EXPECT_TRUE(
      one("START TRANSACTION ISOLATION LEVEL SERIALIZABLE").Serializing);
  EXPECT_TRUE(one("LOCK TABLE idem IN EXCLUSIVE MODE").Serializing);
  EXPECT_TRUE(
      one("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE").Serializing);
  EXPECT_EQ(one("ROLLBACK").K, DbStmt::TxEnd);
  EXPECT_EQ(one("END").K, DbStmt::TxEnd);
}

TEST(SqlStatements, DeleteAndOther) {
  DbStmt D = one("DELETE FROM idem WHERE created < ?");
  EXPECT_EQ(D.K, DbStmt::Delete);
  EXPECT_EQ(D.Table, "idem");
  EXPECT_TRUE(D.HasWhere);
  EXPECT_EQ(one("VACUUM").K, DbStmt::Other);
  EXPECT_EQ(one("UPDATE idem SET v = 1").K, DbStmt::Other);
}

TEST(SqlStatements, EmptyAndBlankTextHaveNoStatements) {
  EXPECT_TRUE(parseDbStatements("", false).empty());
  EXPECT_TRUE(parseDbStatements(" ; \n ;", false).empty());
}

TEST(RedisCommands, ReadsAndWrites) {
  DbStmt G = one("GET idem:%s", true);
  EXPECT_EQ(G.K, DbStmt::RedisGet);
  EXPECT_EQ(G.Table, "idem:%s");
  EXPECT_EQ(one("EXISTS seen:%s", true).K, DbStmt::RedisGet);
  DbStmt S = one("SET idem:%s 1 EX 60", true);
  EXPECT_EQ(S.K, DbStmt::RedisSet);
  EXPECT_FALSE(S.Conditional);
  EXPECT_TRUE(one("SET idem:%s 1 nx ex 60", true).Conditional);
  EXPECT_TRUE(one("SETNX idem:%s 1", true).Conditional);
  EXPECT_TRUE(one("SADD seen %s", true).Conditional);
  EXPECT_EQ(one("INCR counter", true).K, DbStmt::Other);
}

TEST(RedisCommands, TooShortIsNoCommand) {
  EXPECT_TRUE(parseDbStatements("", true).empty());
  EXPECT_TRUE(parseDbStatements("PING", true).empty());
}

TEST(RedisTtl, ExpiryInSeconds) {
  EXPECT_EQ(redisTtlSeconds("SET k v EX 60"), 60.0);
  EXPECT_EQ(redisTtlSeconds("SET k v px 1500"), 1.5);
  EXPECT_EQ(redisTtlSeconds("SET k v NX EX 30"), 30.0);
  EXPECT_EQ(redisTtlSeconds("SETEX k 30 v"), 30.0);
  EXPECT_EQ(redisTtlSeconds("psetex k 500 v"), 0.5);
  EXPECT_EQ(redisTtlSeconds("EXPIRE k 10"), 10.0);
  EXPECT_EQ(redisTtlSeconds("PEXPIRE k 2000"), 2.0);
}

TEST(RedisTtl, NoOrMalformedExpiry) {
  for (const char *Bad : {"", "SET k v", "SET k v EX", "SET k v EX ten",
                          "GET k", "EXPIRE k", "SETEX k soon v", "PEXPIRE k x"})
    EXPECT_EQ(redisTtlSeconds(Bad), std::nullopt) << "'" << Bad << "'";
}

TEST(SqlAge, PurgeWindows) {
  // SQLite datetime modifier, PostgreSQL and MySQL intervals; the text is
  // uppercased SQL (DbStmt::Sql).
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE CREATED < DATETIME('NOW', "
                          "'-10 MINUTES')"),
            600.0);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE CREATED < NOW() - INTERVAL "
                          "'2 HOURS'"),
            7200.0);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE CREATED < NOW() - INTERVAL "
                          "1 DAY"),
            86400.0);
  // Epoch arithmetic: now in seconds minus the window.
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE CREATED < "
                          "CAST(STRFTIME('%S','NOW') AS INTEGER) - 120"),
            120.0);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE TS < UNIXEPOCH() - 3600"),
            3600.0);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE TS < UNIX_TIMESTAMP()-600"),
            600.0);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE TS < EXTRACT(EPOCH FROM "
                          "NOW()) - 900 AND DONE"),
            900.0);
  // A product is not read as the window.
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE TS < UNIXEPOCH() - 2 * 60"),
            std::nullopt);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE TS < UNIXEPOCH() - ?"),
            std::nullopt);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM WHERE AGE > 30 SECONDS"),
            std::nullopt);
  EXPECT_EQ(sqlAgeSeconds("DELETE FROM IDEM"), std::nullopt);
  EXPECT_EQ(sqlAgeSeconds(""), std::nullopt);
}

} // namespace
} // namespace clang::tidy::retry::model
