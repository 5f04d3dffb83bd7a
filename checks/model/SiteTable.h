// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The retry sites a translation unit's recognizers have found, and why the
// statements they refused make none (for --trace). Each recognizer asks the
// table first, so a statement is analysed once however often it is asked
// about, and a statement asked about while it is being analysed (a loop in
// a helper that the helper's own call asks about) makes no site yet.

#ifndef RETRYLINT_CHECKS_MODEL_SITETABLE_H
#define RETRYLINT_CHECKS_MODEL_SITETABLE_H

#include "RetrySite.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>

namespace clang::tidy::retry::model {

class SiteTable {
public:
  /// The site \p Key made, when it was asked about before (null when it
  /// makes none, or is being analysed now); else marks it as being analysed
  /// and sets \p Fresh.
  const RetrySite *start(const Stmt *Key, bool &Fresh);
  /// The site recorded for \p Key, or null.
  const RetrySite *find(const Stmt *Key) const;
  /// Keeps \p Site as the one \p Key makes.
  const RetrySite *record(const Stmt *Key, std::unique_ptr<RetrySite> Site);
  /// Keeps \p Site, summarized, as the one \p Key makes when it shows retry
  /// evidence (RetryEvidence.h; \p ByStructure: found by structure alone,
  /// in \p Fn); else records under \p WhyKey that it shows none.
  const RetrySite *recordWithEvidence(const Stmt *Key, const void *WhyKey,
                                      std::unique_ptr<RetrySite> Site,
                                      bool ByStructure, const FunctionDecl *Fn,
                                      ASTContext &Ctx);
  /// Records why the loop, label, call or function \p Key makes no site.
  std::nullptr_t notSite(const void *Key, const char *Why) {
    WhyNot[Key] = Why;
    return nullptr;
  }
  /// Why \p Key makes no site, or null when none was recorded.
  const char *whyNot(const void *Key) const { return WhyNot.lookup(Key); }

private:
  llvm::DenseMap<const Stmt *, std::unique_ptr<RetrySite>> Sites;
  llvm::DenseSet<const Stmt *> Started;
  llvm::DenseMap<const void *, const char *> WhyNot;
};

} // namespace clang::tidy::retry::model

#endif
