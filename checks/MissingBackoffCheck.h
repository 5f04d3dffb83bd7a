// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_MISSINGBACKOFFCHECK_H
#define RETRYLINT_CHECKS_MISSINGBACKOFFCHECK_H

#include "RetrySiteCheck.h"
#include "model/RetriedStatuses.h"

namespace clang::tidy::retry {

/// Finds retries that re-send without waiting, wait without jitter, or
/// ignore the Retry-After header of a 429 or 503 response.
class MissingBackoffCheck : public RetrySiteCheck {
public:
  MissingBackoffCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkSite(const model::RetrySite &Site,
                 model::RetrySiteIndex &Index) override;
  /// Policies where they are written: a kept delay grown with no jitter, in
  /// a function that holds no retry site of its own (that site reports it).
  void endTranslationUnit(model::RetrySiteIndex &Index) override;

private:
  /// A call to a retry helper: the waits the helper's own retry makes.
  void checkHelperCall(const model::RetrySite &Site,
                       model::RetrySiteIndex &Index);
  /// A wait with no jitter, judged per way back.
  void checkJitter(const model::RetrySite &Site, model::RetrySiteIndex &Index);
  /// A retried 429 or 503 whose way back does not read Retry-After.
  void checkRetryAfter(const model::RetrySite &Site,
                       const model::RetriedStatuses &R,
                       model::RetrySiteIndex &Index);
  const bool RequireJitter;
  const bool RequireRetryAfter;
};

} // namespace clang::tidy::retry

#endif
