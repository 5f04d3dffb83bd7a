// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Base for checks that judge each retry site of the main file: it owns the
// shared API model options and the per-TU retry-site index, so a check only
// decides what to report about a site.

#ifndef RETRYLINT_CHECKS_RETRYSITECHECK_H
#define RETRYLINT_CHECKS_RETRYSITECHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "model/ApiModel.h"
#include "model/RetrySite.h"
#include <memory>

namespace clang::tidy::retry {

class RetrySiteCheck : public ClangTidyCheck {
public:
  RetrySiteCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
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

  const model::ApiModel &api() const { return Api; }
  /// Reads a boolean option (true/false/1/0). OptionsView::get<bool> is not
  /// exported by the clang-tidy executable, so the --load plugin cannot
  /// call it.
  bool boolOption(StringRef Name, bool Default);
  /// Reads a non-negative integer option, diagnosing bad values.
  unsigned unsignedOption(StringRef Name, unsigned Default);

private:
  model::ApiOptions ApiOpts;
  model::ApiModel Api;
};

} // namespace clang::tidy::retry

#endif
