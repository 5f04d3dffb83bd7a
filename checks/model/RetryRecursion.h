// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The recognizer of retries by recursion: a function that calls itself
// again, passing the same request on, after a failure test.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYRECURSION_H
#define RETRYLINT_CHECKS_MODEL_RETRYRECURSION_H

#include "RetrySite.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// Does \p Call call \p FD again? In a template, a call whose arguments
/// leave the overload unresolved (`with_retry(op, again, max, tried + 1)`)
/// does when \p FD's template is among the candidates and takes that many
/// arguments: the instantiation resolves it to itself.
bool callsAgain(const CallExpr *Call, const FunctionDecl *FD);

class RecursionRecognizer {
public:
  explicit RecursionRecognizer(RetrySiteIndex &Index) : Index(Index) {}

  /// The retry site \p FD makes by calling itself again (its site is the
  /// recursive call), or null (the index's table says why).
  const RetrySite *recognize(const FunctionDecl *FD);

private:
  /// Can \p Def, a definition, call itself? No when the walk read its body
  /// and no call in it names it or is left unresolved.
  bool mayCallItself(const FunctionDecl *Def);

  RetrySiteIndex &Index;
  /// Per definition: its site, or null (also while it is being analysed).
  llvm::DenseMap<const FunctionDecl *, const RetrySite *> Sites;
  /// The functions the unit's walk read, for mayCallItself().
  std::optional<llvm::DenseSet<const FunctionDecl *>> WalkedFunctions;
};

} // namespace clang::tidy::retry::model

#endif
