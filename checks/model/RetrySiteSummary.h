// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The summarizer: the facts of a recognized retry site, read in one pass
// over its per-attempt code and the same-TU functions that code calls: what
// it sends (HttpMethods.h), how its attempts are bounded (AttemptCap.h,
// HelperCap.h), how it waits between them (RetryWaits.h), whether it carries
// an idempotency key and whether it looks the outcome up before re-sending.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSITESUMMARY_H
#define RETRYLINT_CHECKS_MODEL_RETRYSITESUMMARY_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

class SiteSummarizer {
public:
  explicit SiteSummarizer(RetrySiteIndex &Index) : Index(Index) {}

  /// Fills in \p Site's cap, deadline, waits, key and look-up facts.
  void summarize(RetrySite &Site);

private:
  /// The key \p Site's code \p All sends, in the function \p Fn.
  void summarizeKey(RetrySite &Site, llvm::ArrayRef<const Stmt *> All,
                    const FunctionDecl *Fn);
  /// The look-up of authoritative state before re-sending.
  void summarizeLookup(RetrySite &Site, llvm::ArrayRef<const Stmt *> Code);

  RetrySiteIndex &Index;
};

} // namespace clang::tidy::retry::model

#endif
