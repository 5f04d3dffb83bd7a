// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One API model per thread and one retry-site index per translation unit,
// shared by the checks: every
// check asks the same questions of the same sites (which loops retry, what
// they retry, their waits and caps), so each fact is read once per TU rather
// than once per check.

#ifndef RETRYLINT_CHECKS_MODEL_SHAREDINDEX_H
#define RETRYLINT_CHECKS_MODEL_SHAREDINDEX_H

#include "ApiModel.h"
#include "RetrySite.h"
#include <memory>
#include <mutex>
#include <vector>

namespace clang::tidy::retry::model {

/// What one translation unit keeps while something holds it (the checks of
/// the unit), found by the unit's ASTContext. Units are analysed on several
/// threads at once (the driver's -j, clangd's workers); each entry is used
/// by its own unit's thread only, but the registry is shared.
template <typename T> class PerUnit {
public:
  /// The held entry of \p Ctx that \p Fits, or the one \p Make makes
  /// (outside the lock: a walk of the unit may take a while).
  template <typename FitsFn, typename MakeFn>
  std::shared_ptr<T> get(const ASTContext &Ctx, FitsFn Fits, MakeFn Make) {
    {
      std::lock_guard<std::mutex> Lock(Mu);
      llvm::erase_if(Entries, [](const Entry &E) { return E.Held.expired(); });
      for (const Entry &E : Entries)
        if (E.Ctx == &Ctx)
          if (std::shared_ptr<T> S = E.Held.lock(); S && Fits(*S))
            return S;
    }
    std::shared_ptr<T> S = Make();
    std::lock_guard<std::mutex> Lock(Mu);
    Entries.push_back({&Ctx, S});
    return S;
  }

private:
  struct Entry {
    const ASTContext *Ctx;
    std::weak_ptr<T> Held;
  };
  std::mutex Mu;
  std::vector<Entry> Entries;
};

/// The API model for \p Opts, made once per thread and options: its lists
/// compile regular expressions and remember their answers, which every
/// check of every translation unit on the thread then shares. Used by one
/// thread only (its answers are memoized without a lock).
std::shared_ptr<const ApiModel> sharedApiModel(const ApiOptions &Opts);

/// The retry-site index of \p Ctx built with the model options \p Opts,
/// shared with every other caller that passes the same context and equal
/// options (checks may set the model options apart). It lives as long as a
/// caller holds it. A caller that changes its index (adds operations) must
/// build its own instead.
std::shared_ptr<RetrySiteIndex> sharedSiteIndex(const ApiOptions &Opts,
                                                ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
