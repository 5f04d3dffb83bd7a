// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a call an exit test makes decides whether a retry goes on, read for
// the attempt cap (AttemptCap.cpp): a same-file policy method that decides
// on the outcome alone (and so bounds nothing) or compares an attempt number
// with its object's limit, and a call that is not the retried operation
// deciding an exit (a policy the model cannot read).

#ifndef RETRYLINT_CHECKS_MODEL_POLICYDECISIONS_H
#define RETRYLINT_CHECKS_MODEL_POLICYDECISIONS_H

#include "RetrySite.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <cstdint>

namespace clang::tidy::retry::model {

/// Does the same-file policy method \p Def decide on nothing but what its
/// \p Outcome parameters are given (`ShouldRetry(s)` returning
/// `s.error_code() == UNAVAILABLE`)? Then a retry that keeps failing the
/// same way gets the same answer every time: the policy bounds nothing.
/// Any other parameter (an attempt number), state some method of the
/// policy changes, a clock, or a call it cannot see into may bound it.
bool decidesOnOutcomeOnly(
    const FunctionDecl *Def,
    const llvm::SmallPtrSetImpl<const ParmVarDecl *> &Outcome, unsigned Depth);

/// A call other than the site's operations that \p Cond reads, directly or
/// through a local it initialized, excluding standard-library and
/// system-header calls, const accessors and predicates over the
/// operation's result (`is_transient(res->status)` is a status test, not a
/// budget).
const CallExpr *decidingCall(const Expr *Cond, const RetrySite &Site,
                             const Stmt *Body);

/// A same-file policy method that compares an attempt number it is handed
/// with a limit its object was built with (`Backoff b(3); ...
/// b.ShouldRetry(attempt)` returning `attempt < max_`): the argument it
/// compares (\p Arg), the comparison with that argument on the left, and the
/// limit. False when any part is not a constant the model reads.
bool policyComparison(const CallExpr *Call, ASTContext &Ctx, unsigned &Arg,
                      BinaryOperatorKind &Op, int64_t &Limit);

} // namespace clang::tidy::retry::model

#endif
