// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The recognizer of retries by helper: a call that hands a callable (a
// lambda, a named lambda, a function by name or address) to a retry helper,
// one the RetryHelpers option names or one whose body retries a callable
// parameter, in its own loop or recursion or in the overload it forwards to
// (`with_retry(op, pred)` handing `&op` to the overload that takes pointers).

#ifndef RETRYLINT_CHECKS_MODEL_HELPERRETRY_H
#define RETRYLINT_CHECKS_MODEL_HELPERRETRY_H

#include "RetrySite.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// What a retry helper does with the callable it is given, read from its
/// body: its own loop or recursion that calls a callable parameter again
/// after a failure (in the template pattern for an instantiation), reached
/// from the helper through the forwarding calls in Forwards, outermost first
/// (`return with_retry(&op, &again, max_tries, tried);` into another
/// overload).
struct HelperRetry {
  const RetrySite *Own = nullptr;
  llvm::SmallVector<const CallExpr *, 2> Forwards;
};

/// The argument of \p Call, a call to the helper \p R was read for, that
/// reaches parameter \p P of the function holding R.Own (through the
/// forwarding calls; default arguments included), or the value a
/// forwarding function makes for it; null when there is none.
const Expr *argReaching(const CallExpr *Call, const HelperRetry &R,
                        const ParmVarDecl *P);

/// The call that receives \p Lambda as an argument, looking through the
/// conversions to a callable parameter type; null when it is no argument.
const CallExpr *callTakingLambda(const LambdaExpr *Lambda, ASTContext &Ctx);

/// The callable parameters of \p Def whose result another callable
/// parameter judges in the test that decides whether to go back to \p
/// Back (`R r = (*op)(); if ((*should_retry)(r)) return again(...);`):
/// a helper that retries on its caller's verdict.
llvm::SmallVector<Operation, 2> retriedOnVerdict(RetrySiteIndex &Index,
                                                 const FunctionDecl *Def,
                                                 const Stmt *Back);

class HelperRecognizer {
public:
  explicit HelperRecognizer(RetrySiteIndex &Index) : Index(Index) {}

  /// The retry site \p Call makes by handing \p Lambda or \p Fn to a retry
  /// helper, or null (the index's table says why).
  const RetrySite *recognize(const CallExpr *Call, const LambdaExpr *Lambda,
                             const FunctionDecl *Fn = nullptr);
  /// The site made by \p Call, whatever form its callable takes.
  const RetrySite *siteOf(const CallExpr *Call);
  /// The helper sites whose callable, handed by name, is the lambda or the
  /// function (canonical declaration) \p Callable.
  llvm::ArrayRef<const RetrySite *> byCallable(const void *Callable);
  /// Every helper site whose callable is handed by name, in source order.
  std::vector<const RetrySite *> namedSites();
  /// The retry of a callable parameter \p FD makes. Does \p FD (or the
  /// template it instantiates) retry a callable parameter, itself or
  /// through the calls it forwards to? Then it is a retry helper whatever
  /// its name.
  HelperRetry helperRetry(const FunctionDecl *FD);
  bool retriesCallable(const FunctionDecl *FD) {
    return helperRetry(FD).Own != nullptr;
  }

private:
  /// The loop or recursion in \p FD's own body (its template pattern's)
  /// that calls a callable parameter again after a failure, or null.
  const RetrySite *ownCallableRetry(const FunctionDecl *FD);
  /// Helper sites whose callable is handed by name, by the lambda or
  /// function (canonical declaration) they run.
  void indexNamedCallables();

  RetrySiteIndex &Index;
  llvm::DenseMap<const FunctionDecl *, const RetrySite *> FnRetriesCallable;
  llvm::DenseMap<const FunctionDecl *, HelperRetry> HelperRetries;
  bool NamedCallablesIndexed = false;
  llvm::DenseMap<const void *, llvm::SmallVector<const RetrySite *, 1>>
      NamedCallableSites;
};

} // namespace clang::tidy::retry::model

#endif
