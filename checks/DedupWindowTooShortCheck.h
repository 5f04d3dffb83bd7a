// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_DEDUPWINDOWTOOSHORTCHECK_H
#define RETRYLINT_CHECKS_DEDUPWINDOWTOOSHORTCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "model/ApiModel.h"
#include "model/DedupStore.h"
#include "model/RetrySite.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>

namespace clang::tidy::retry {

/// Finds idempotency / de-dup record lifetimes (TTLs, purge windows) that
/// are shorter than the retries that rely on them, so a late retry finds no
/// record and executes again.
class DedupWindowTooShortCheck : public ClangTidyCheck {
public:
  DedupWindowTooShortCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  void report(SourceLocation Loc, double Seconds, StringRef What,
              ASTContext &Ctx);
  bool isTtlName(StringRef Name) const;

  model::ApiOptions ApiOpts;
  model::DedupOptions StoreOpts;
  std::string MinimumWindowOpt;
  double MinimumWindow = 86400;
  model::ApiModel Api;
  model::DedupStore Store;
  std::unique_ptr<model::RetrySiteIndex> Sites;
  llvm::DenseSet<const Decl *> ReportedVars;
  llvm::DenseSet<unsigned> ReportedLocs;
};

} // namespace clang::tidy::retry

#endif
