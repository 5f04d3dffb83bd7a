// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_PERATTEMPTIDEMPOTENCYKEYCHECK_H
#define RETRYLINT_CHECKS_PERATTEMPTIDEMPOTENCYKEYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "model/ApiModel.h"
#include "model/RetrySite.h"
#include "model/ValueOrigin.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>

namespace clang::tidy::retry {

/// Finds idempotency keys that change on every attempt of a retry, so the
/// server cannot recognize a retried request and executes it again.
class PerAttemptIdempotencyKeyCheck : public ClangTidyCheck {
public:
  PerAttemptIdempotencyKeyCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  void checkKeyValue(const Expr *Value, ASTContext &Ctx);

  model::ApiOptions ApiOpts;
  model::ApiModel Api;
  std::unique_ptr<model::RetrySiteIndex> Sites;
  llvm::DenseSet<const Expr *> Seen;
};

} // namespace clang::tidy::retry

#endif
