// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_DEDUPWINDOWTOOSHORTCHECK_H
#define RETRYLINT_CHECKS_DEDUPWINDOWTOOSHORTCHECK_H

#include "RetryCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace clang::tidy::retry {

/// Finds idempotency / de-dup record lifetimes (TTLs, purge windows) that
/// are shorter than the retries that rely on them, so a late retry finds no
/// record and executes again.
class DedupWindowTooShortCheck : public RetryCheck {
public:
  DedupWindowTooShortCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  void report(SourceLocation Loc, double Seconds, StringRef What,
              ASTContext &Ctx);
  /// The longest worst-case span of the file's retry sites, attempts x
  /// (largest wait + per-attempt timeout); none when a site has no
  /// constant cap or a wait with no bound, or there is no site.
  std::optional<double> worstRetrySpan(ASTContext &Ctx);
  bool isTtlName(StringRef Name) const;

  std::string MinimumWindowOpt;
  double MinimumWindow = 86400;
  llvm::DenseSet<const Decl *> ReportedVars;
  llvm::DenseSet<unsigned> ReportedLocs;
};

} // namespace clang::tidy::retry

#endif
