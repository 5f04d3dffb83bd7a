// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_VOLATILEIDEMPOTENCYSTORECHECK_H
#define RETRYLINT_CHECKS_VOLATILEIDEMPOTENCYSTORECHECK_H

#include "RetryCheck.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::retry {

/// Finds idempotency records that a service keeps only in process memory
/// while its side effects are durable, so a restart forgets the keys of work
/// that was already committed and retries of it execute again.
class VolatileIdempotencyStoreCheck : public RetryCheck {
public:
  VolatileIdempotencyStoreCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  void checkBody(const Stmt *Body, const FunctionDecl *Fn, ASTContext &Ctx);
  /// Does the key (held in \p KeyVars or read where \p IsKeyRead holds) go
  /// from \p Body somewhere durable, or somewhere that cannot be seen?
  bool keyLeaves(const Stmt *Body, llvm::ArrayRef<model::StoreOp> Ops,
                 llvm::ArrayRef<const VarDecl *> KeyVars,
                 llvm::function_ref<bool(const Expr *)> IsKeyRead);
  /// Reports the key recorded in memory only by \p Rec next to the durable
  /// \p Effect; the key is read at \p KeyRead, else arrives as \p KeyParam.
  void report(const model::StoreOp &Rec, const CallExpr *Effect,
              const std::string &What, const Expr *KeyRead,
              const ParmVarDecl *KeyParam, ASTContext &Ctx);
  /// A durable write or side-effecting operation in \p S or in same-TU
  /// functions it calls (bounded depth).
  const CallExpr *durableEffect(const Stmt *S, unsigned Depth,
                                std::string &What);
  bool isInMemoryContainer(const ValueDecl *Store) const;

  std::string InMemoryContainersOpt;
  model::NameList InMemoryContainers;
  llvm::DenseSet<const ValueDecl *> Reported;
};

} // namespace clang::tidy::retry

#endif
