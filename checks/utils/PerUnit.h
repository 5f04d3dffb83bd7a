// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What one translation unit keeps while something holds it, found by the
// unit's ASTContext: the first check of a unit makes an entry (its analysed
// files, its nodes, its retry-site index) and the unit's other checks share
// it, so each is made once per unit and handed down from there.

#ifndef RETRYLINT_CHECKS_UTILS_PERUNIT_H
#define RETRYLINT_CHECKS_UTILS_PERUNIT_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLExtras.h"
#include <memory>
#include <mutex>
#include <vector>

namespace clang::tidy::retry::utils {

/// Entries of type \p T by translation unit, found by its \p Key (the
/// unit's ASTContext, or the MatchFinder that reads it). Units are analysed
/// on several threads at once (the driver's -j, clangd's workers); each
/// entry is used by its own unit's thread only, but the registry is shared.
template <typename T, typename Key = ASTContext> class PerUnit {
public:
  /// The held entry of \p Ctx that \p Fits, or the one \p Make makes
  /// (outside the lock: a walk of the unit may take a while).
  template <typename FitsFn, typename MakeFn>
  std::shared_ptr<T> get(const Key &Ctx, FitsFn Fits, MakeFn Make) {
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
    const Key *Ctx;
    std::weak_ptr<T> Held;
  };
  std::mutex Mu;
  std::vector<Entry> Entries;
};

} // namespace clang::tidy::retry::utils

#endif
