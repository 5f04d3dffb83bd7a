// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Base for checks that judge each retry site of the main file, so a check
// only decides what to report about a site.

#ifndef RETRYLINT_CHECKS_RETRYSITECHECK_H
#define RETRYLINT_CHECKS_RETRYSITECHECK_H

#include "RetryCheck.h"

namespace clang::tidy::retry {

class RetrySiteCheck : public RetryCheck {
public:
  using RetryCheck::RetryCheck;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  /// Called once per retry site in the main file, in source order.
  virtual void checkSite(const model::RetrySite &Site,
                         model::RetrySiteIndex &Index) = 0;
  /// Called once per translation unit after the sites (for checks that also
  /// look at library retry policies).
  virtual void checkTranslationUnit(ASTContext &Ctx) {}
  /// Called before the first site and after the last one, with the index
  /// the sites come from (for checks that judge sites against each other).
  virtual void beginTranslationUnit(model::RetrySiteIndex &Index) {}
  virtual void endTranslationUnit(model::RetrySiteIndex &Index) {}
};

} // namespace clang::tidy::retry

#endif
