// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_NONRETRYABLESTATUSCHECK_H
#define RETRYLINT_CHECKS_NONRETRYABLESTATUSCHECK_H

#include "RetrySiteCheck.h"
#include "model/StatusSet.h"

namespace clang::tidy::retry {

/// Finds retry paths taken for statuses that will never succeed on retry,
/// such as HTTP 4xx other than 408, 425 and 429, or gRPC NOT_FOUND.
class NonRetryableStatusCheck : public RetrySiteCheck {
public:
  NonRetryableStatusCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  void checkSite(const model::RetrySite &Site,
                 model::RetrySiteIndex &Index) override;

private:
  /// A gRPC service config (JSON in a string literal) whose retry policy
  /// retries a status that will not succeed.
  void checkServiceConfig(const StringLiteral *Lit, ASTContext &Ctx);
  const std::string RetryableStatusesOption;
  model::StatusSet ExtraRetryable;
};

} // namespace clang::tidy::retry

#endif
