// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SQL statements and Redis commands handed to database calls (sqlite3,
// libpq, hiredis) as literals: what kind of statement, on which table or key,
// whether the write is the atomic de-dup step itself, and how long a record
// lives (Redis expiries, purges by age).

#ifndef RETRYLINT_CHECKS_MODEL_DBSTATEMENTS_H
#define RETRYLINT_CHECKS_MODEL_DBSTATEMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// One SQL statement (or Redis command) handed to a database call.
struct DbStmt {
  enum Kind {
    Select,
    Insert,
    TxBegin,
    TxEnd,
    RedisGet,
    RedisSet,
    Delete,
    Other
  };
  Kind K = Other;
  const CallExpr *Call = nullptr;
  const Expr *Text = nullptr; ///< the literal (or the expression holding it)
  std::string Table;          ///< table, or the Redis key pattern
  bool HasWhere = false;
  /// INSERT with ON CONFLICT / OR IGNORE / OR REPLACE / WHERE NOT EXISTS,
  /// Redis SET NX: the write is the atomic de-dup step itself.
  bool Conditional = false;
  /// BEGIN IMMEDIATE / EXCLUSIVE, SERIALIZABLE, LOCK TABLE.
  bool Serializing = false;
  bool Postgres = false;
  std::string Sql; ///< uppercased, whitespace collapsed
  /// For a statement run by a same-file function: the call to it in the
  /// code examined (where it happens for lock scopes and transactions).
  const CallExpr *Via = nullptr;
  /// Where the statement runs in the code examined.
  const CallExpr *at() const { return Via ? Via : Call; }
};

/// Parses the statements of one SQL text (split at ';') or one Redis
/// command. An unrecognized statement is kept as DbStmt::Other.
std::vector<DbStmt> parseDbStatements(StringRef Text, bool Redis);

/// Which argument of a database call named \p Callee is its SQL text or
/// Redis command (sqlite3, libpq, MySQL's client, hiredis), if it is one.
std::optional<unsigned> dbTextArg(StringRef Callee);
/// Is \p Callee a hiredis call? Its text is a Redis command, not SQL.
bool isRedisCall(StringRef Callee);
/// Is \p Callee a libpq (PostgreSQL) call?
bool isPostgresCall(StringRef Callee);
/// Does a call named \p Callee hand its arguments to a database client:
/// binding a parameter of a prepared statement (sqlite3_bind_*), or any
/// libpq or hiredis call? What it is handed may be stored.
bool passesToDatabase(StringRef Callee);
/// Whether a call in \p Ctx's unit can be one dbTextArg() knows: each of
/// them is named by an identifier, and every identifier of the unit is in
/// its table (unless an AST file supplies some).
bool mayCallDatabase(const ASTContext &Ctx);

/// The text \p E hands a database call: a literal (directly or through a
/// variable), or a local buffer the snprintf/sprintf that last wrote it
/// before \p E fills from a literal format, each conversion replaced by its argument when that is a literal or
/// a constant and by `?` otherwise. A parameter of the function holding the
/// buffer takes the argument \p Via (a call to that function) passes for it;
/// \p UsedVia is set when one did.
std::optional<std::string> dbText(const Expr *E, const CallExpr *Via = nullptr,
                                  bool *UsedVia = nullptr);

/// SQL / Redis statements passed as literals to database calls in \p Body
/// (nested lambdas excluded), in walk order.
std::vector<DbStmt> dbStatementsIn(const Stmt *Body);
/// Per callee already read, for one translation unit: dbStatementsIn() of
/// its definition, or none when dbStatementsThrough() does not read it.
using DbStmtMemo =
    llvm::DenseMap<const FunctionDecl *, std::optional<std::vector<DbStmt>>>;
/// The same, plus those run by same-file functions \p Body calls (one
/// level; `key_exists(db, k)` running a SELECT), marked with the call.
std::vector<DbStmt> dbStatementsThrough(const Stmt *Body, DbStmtMemo &Memo);

/// The age a purge keeps, in seconds, from uppercased SQL: "-10 minutes"
/// (SQLite datetime modifiers), "INTERVAL '10 minutes'" (PostgreSQL),
/// "INTERVAL 10 MINUTE" (MySQL), and epoch arithmetic: the current time in
/// seconds minus a number (strftime('%s','now') - 120, unixepoch() - 120,
/// UNIX_TIMESTAMP() - 120, extract(epoch from now()) - 120).
std::optional<double> sqlAgeSeconds(StringRef Sql);

/// The expiry a Redis command sets, in seconds: SET k v EX n / PX n,
/// SETEX k n v, PSETEX k n v, EXPIRE k n, PEXPIRE k n.
std::optional<double> redisTtlSeconds(StringRef Cmd);

} // namespace clang::tidy::retry::model

#endif
