// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_CHECKTHENACTDEDUPCHECK_H
#define RETRYLINT_CHECKS_CHECKTHENACTDEDUPCHECK_H

#include "RetryCheck.h"
#include "model/DbStatements.h"
#include "model/LockScopes.h"

namespace clang::tidy::retry {

/// Finds de-duplication steps that look a key up and record it in two
/// separate steps, so two concurrent duplicates both miss and both execute.
class CheckThenActDedupCheck : public RetryCheck {
public:
  CheckThenActDedupCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  /// The function's lock scopes, read on first use.
  using LazyScopes = llvm::function_ref<llvm::ArrayRef<model::LockScope>()>;
  void checkBody(const Stmt *Body, ASTContext &Ctx);
  void checkContainers(const Stmt *Body, ASTContext &Ctx, LazyScopes Scopes);
  void checkDatabase(const Stmt *Body, ASTContext &Ctx, LazyScopes Scopes);
  /// Reports the look-up \p L and the record \p R of one key, not atomic.
  void reportDatabasePair(const model::DbStmt &L, const model::DbStmt &R,
                          bool Redis, bool SameTx);
  void noteBlockingBetween(const Stmt *Body, const Stmt *From, const Stmt *To,
                           ASTContext &Ctx);
  /// The database statements of the functions read so far in this unit.
  model::DbStmtMemo DbMemo;
};

} // namespace clang::tidy::retry

#endif
