// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_PERATTEMPTIDEMPOTENCYKEYCHECK_H
#define RETRYLINT_CHECKS_PERATTEMPTIDEMPOTENCYKEYCHECK_H

#include "RetryCheck.h"
#include "model/KeySink.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry {

namespace model {
struct Origin;
} // namespace model

/// Finds idempotency keys that change on every attempt of a retry, so the
/// server cannot recognize a retried request and executes it again.
class PerAttemptIdempotencyKeyCheck : public RetryCheck {
public:
  using RetryCheck::RetryCheck;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  void checkKeyValue(const Expr *Value, ASTContext &Ctx,
                     llvm::SmallPtrSetImpl<const Stmt *> &Sources);
  /// Reports the key \p Value made from \p O anew on each attempt of \p Site.
  void report(const Expr *Value, const model::Origin &O,
              const model::RetrySite &Site, const CallExpr *ViaCall,
              const FunctionDecl *Fn, ASTContext &Ctx);

  llvm::DenseSet<const Expr *> Seen;
  model::KeySinkReader Sinks{api()};
};

} // namespace clang::tidy::retry

#endif
