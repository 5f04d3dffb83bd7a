// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Helpers shared by the files that recognize retry sites (RetrySite.cpp,
// RetryLoops.cpp, RetryRecursion.cpp, RetryGotos.cpp). Internal to the model:
// checks do not include it.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSITEINTERNAL_H
#define RETRYLINT_CHECKS_MODEL_RETRYSITEINTERNAL_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::model {

/// Variables incremented (++, --, +=, -=) in \p S: the candidates for a
/// loop's or a goto's attempt counter, or a recursion's counted parameter.
llvm::SmallVector<const VarDecl *, 2> incrementedVars(const Stmt *S);

/// The variable or field a call goes through when it calls a callable
/// value: `op()`, `(*fp)(ctx)`, `fn_()` on a `std::function` member, a
/// parameter of a template type (UnknownOperations.cpp).
const ValueDecl *callableTarget(const CallExpr *Call);

/// Why a site found by structure alone is no retry site without evidence.
inline constexpr const char *NoRetryEvidence =
    "no retry evidence: it re-issues only calls the model does not know, and "
    "no attempt counter, no name, message or comment in or next to it says "
    "retry, attempt, tries, again, backoff or reconnect (work, not a retry)";

} // namespace clang::tidy::retry::model

#endif
