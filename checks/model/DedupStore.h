// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The serving side of idempotency: which containers, classes, SQL tables and
// Redis keys hold idempotency records, how code looks keys up and records
// them, which lock scopes cover those steps, and how long records are kept.
// Shared by the de-dup checks (check-then-act, volatile store, window,
// content-derived keys) so each of them only decides what to report.

#ifndef RETRYLINT_CHECKS_MODEL_DEDUPSTORE_H
#define RETRYLINT_CHECKS_MODEL_DEDUPSTORE_H

#include "ApiModel.h"
#include "RetrySite.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// Options of the de-dup store model, read with getLocalOrGlobal.
struct DedupOptions {
  std::string
      StoreLookupFunctions; ///< extra look-up method names (exists; seen)
  std::string StoreRecordFunctions; ///< extra record method names (remember)
  std::string StoreNames;           ///< extra words naming a de-dup store

  void read(const ClangTidyCheck::OptionsView &Opts);
  void store(const ClangTidyCheck::OptionsView &Opts,
             ClangTidyOptions::OptionMap &Map) const;
};

enum class StoreOpKind {
  Lookup,       ///< find, count, contains, exists, get, at (in try), ...
  Record,       ///< insert, emplace, operator[], put, set, mark, ...
  AtomicRecord, ///< try_emplace, or a record whose result is tested
};

/// One look-up or record on a store, keyed by \c Key.
struct StoreOp {
  StoreOpKind Kind = StoreOpKind::Lookup;
  const CallExpr *Call = nullptr;
  /// The container or store object: a field, a global, a static or a local
  /// captured by a lambda (null when the store is not shared).
  const ValueDecl *Store = nullptr;
  const Expr *Key = nullptr;
  std::string Method;
};

/// A region in which one lock is held, in source order.
struct LockScope {
  llvm::SmallVector<const ValueDecl *, 1> Mutexes;
  SourceLocation Begin, End;
  bool Shared = false;
  unsigned Id = 0;
};

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
};

/// A duration in seconds and how to print it ("10 min").
std::string formatSeconds(double Seconds);
/// Parses "24h", "30min", "90s", "500ms", "1d", "2w" (a number and a unit).
std::optional<double> parseDuration(StringRef Text);

class DedupStore {
public:
  DedupStore(const ApiModel &Api, const DedupOptions &Opts);

  /// The store operation \p Call performs, if it is one on a shared object.
  std::optional<StoreOp> classify(const CallExpr *Call, ASTContext &Ctx) const;

  /// Store operations in \p Body in source order (nested lambdas excluded).
  std::vector<StoreOp> opsIn(const Stmt *Body, ASTContext &Ctx) const;

  /// Does \p Op act on an idempotency / de-dup store: the store is named so
  /// (idempotency, dedup, seen, processed, ...) or the key is an idempotency
  /// key (a key-sink name, a key header read)?
  bool isDedupStore(const StoreOp &Op) const;
  /// Does \p Name (a container, field or class name) denote a de-dup store?
  bool isStoreName(StringRef Name) const;
  /// Is \p E a read of an idempotency-key header from an incoming request
  /// (cpp-httplib get_header_value, Boost.Beast fields)?
  bool isKeyHeaderRead(const Expr *E) const;
  /// Does \p E name or read an idempotency key?
  bool isKeyExpr(const Expr *E) const;

  /// Lock scopes in \p Body (lock_guard, scoped_lock, unique_lock with
  /// unlock()/lock(), shared_lock, absl::MutexLock, raw lock()/unlock()).
  std::vector<LockScope> lockScopes(const Stmt *Body, ASTContext &Ctx) const;

  /// SQL / Redis statements in \p Body in source order.
  std::vector<DbStmt> dbStmtsIn(const Stmt *Body) const;
  static std::vector<DbStmt> parseDb(StringRef Text, bool Redis);

  /// A call that blocks (an operation, a sleep, file or socket I/O, a
  /// database round trip): a short description, or none.
  std::optional<std::string> blockingCall(const CallExpr *Call,
                                          RetrySiteIndex &Sites) const;
  /// A call that writes durably: SQL execution, file writes, Redis.
  bool isDurableWrite(const CallExpr *Call) const;

  /// The value of a constant duration expression in seconds:
  /// std::chrono::minutes(10), 30s, seconds{90}.
  static std::optional<double> durationSeconds(const Expr *E,
                                               const ASTContext &Ctx);

  const std::vector<std::pair<std::string, std::string>> &configErrors() const {
    return ConfigErrors;
  }

private:
  const ApiModel &Api;
  std::vector<std::string> LookupNames, RecordNames, StoreWords;
  std::vector<std::pair<std::string, std::string>> ConfigErrors;
};

/// The declaration an expression names (a variable, a field, through
/// this->, '&' and implicit casts), or null.
const ValueDecl *refDecl(const Expr *E);

/// Do \p A and \p B name the same key: the same variables and fields?
bool sameKey(const Expr *A, const Expr *B);

/// Is \p Loc inside [Begin, End] in translation-unit order?
bool within(const SourceManager &SM, SourceLocation Loc, SourceLocation Begin,
            SourceLocation End);

/// The text of a string literal \p E names directly, through a local or
/// constant variable's initializer, or through c_str()/data().
std::optional<StringRef> literalText(const Expr *E);

/// Splits an identifier into lowercase words: "orderId" -> order, id.
llvm::SmallVector<std::string, 4> identifierWords(StringRef Name);

} // namespace clang::tidy::retry::model

#endif
