// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The serving side of idempotency: which containers, classes, SQL tables and
// Redis keys hold idempotency records, and how code looks keys up and records
// them. Shared by the de-dup checks (check-then-act, volatile store, window,
// content-derived keys) so each of them only decides what to report. Lock
// scopes are in LockScopes.h, SQL and Redis statements in DbStatements.h.

#ifndef RETRYLINT_CHECKS_MODEL_DEDUPSTORE_H
#define RETRYLINT_CHECKS_MODEL_DEDUPSTORE_H

#include "ApiModel.h"
#include "RetrySiteIndex.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
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
  /// Does \p E read the key from a request \p Fn is handed: a field or
  /// accessor named like a key sink on one of its parameters
  /// (`req->idempotency_key()` of a gRPC request message, `req.request_id` of
  /// a decoded struct)?
  bool isRequestKeyField(const Expr *E, const FunctionDecl *Fn) const;
  /// Does \p E name or read an idempotency key?
  bool isKeyExpr(const Expr *E) const;

  /// A call that blocks (an operation, a sleep, file or socket I/O, a
  /// database round trip): a short description, or none.
  std::optional<std::string> blockingCall(const CallExpr *Call,
                                          RetrySiteIndex &Sites) const;
  /// A call that writes durably: SQL execution, file writes, Redis.
  bool isDurableWrite(const CallExpr *Call) const;

  const std::vector<std::pair<std::string, std::string>> &configErrors() const {
    return ConfigErrors;
  }

  /// Drops what was kept about the previous translation unit.
  void forgetUnit() const { WrapperOps.clear(); }
  /// opsIn() of \p Def's body as a wrapper: read once per translation unit,
  /// as every call to the wrapper asks it.
  const std::vector<StoreOp> &wrapperOps(const FunctionDecl *Def,
                                         ASTContext &Ctx) const;
  /// Is wrapperOps() reading a wrapper now? A wrapper's wrapper is not
  /// looked through.
  bool insideWrapper() const { return WrapperDepth > 0; }

private:
  mutable llvm::DenseMap<const FunctionDecl *, std::vector<StoreOp>> WrapperOps;
  /// How deep the read of store operations is inside wrappers it looks
  /// through (one level only).
  mutable unsigned WrapperDepth = 0;
  const ApiModel &Api;
  std::vector<std::string> LookupNames, RecordNames, StoreWords;
  std::vector<std::pair<std::string, std::string>> ConfigErrors;
};

/// Do \p A and \p B name the same key: the same variables and fields?
bool sameKey(const Expr *A, const Expr *B);

} // namespace clang::tidy::retry::model

#endif
