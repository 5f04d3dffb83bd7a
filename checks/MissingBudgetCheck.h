// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_MISSINGBUDGETCHECK_H
#define RETRYLINT_CHECKS_MISSINGBUDGETCHECK_H

#include "RetrySiteCheck.h"

namespace clang::tidy::retry {

/// Finds retry sites with no attempt cap and no deadline, or a cap so high
/// that an outage turns every call into a burst of requests.
class MissingBudgetCheck : public RetrySiteCheck {
public:
  MissingBudgetCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkSite(const model::RetrySite &Site,
                 model::RetrySiteIndex &Index) override;
  /// AWS SDK retry strategies configured with more attempts than allowed.
  void checkTranslationUnit(ASTContext &Ctx) override;

private:
  const unsigned MaxAttempts;
  const bool RequireDeadline;
};

} // namespace clang::tidy::retry

#endif
