// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Whether code goes back to a call because it failed: a loop that leaves
// when the call succeeds or goes on while it fails, a recursive call or a
// backward goto under a failure test; and what a loop body hands its calls
// to change (a walk over steps rather than a retry).

#ifndef RETRYLINT_CHECKS_MODEL_LOOPBACKONFAILURE_H
#define RETRYLINT_CHECKS_MODEL_LOOPBACKONFAILURE_H

#include "BranchExits.h"
#include "LoopBodyReads.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <utility>

namespace clang::tidy::retry::model {

/// Does the loop around \p Call go back because \p Call failed: it leaves
/// when the call succeeds (a success test that exits, a `try` that exits
/// after the call and a handler that does not), or its condition holds
/// while the call fails?
/// \p GivesUp: \p Call is a retry helper's call, whose failure means the
/// helper gave up; going straight back (`if (!err.IsNone()) continue;`)
/// retries it again even in a loop that never leaves (`while (running_)`
/// around a reconnect).
bool loopsBackOnFailure(const Stmt *Loop, const CallExpr *Call, ASTContext &Ctx,
                        LoopBodyReads &Reads, bool GivesUp = false);

/// The calls in \p Body whose result no test can read: each written as a
/// statement of its own (`send(buf);`), reached from \p Body through
/// statements alone (no expression, lambda or `try` around it). No test of
/// the loop mentions such a call's result, so loopsBackOnFailure() is false
/// for it.
llvm::SmallPtrSet<const CallExpr *, 16> unreadResults(const Stmt *Body);

/// What the calls in a loop body are handed to change: a pointer
/// (`parse(ctx)`) or an address (`next(&it)`), with the call it goes to.
using HandedState =
    llvm::SmallVector<std::pair<const ValueDecl *, const CallExpr *>, 4>;
HandedState handedState(const Stmt *Body);
/// The same, of the calls \p Calls of a loop body (lambdas left out).
HandedState handedState(llvm::ArrayRef<const CallExpr *> Calls);

/// Does the loop body use \p Call on what an earlier step produced: \p Call
/// reads state \p Handed to another call (`parse(ctx)`, `next(&it)`) and
/// runs only when that call succeeded (`if (parse(ctx) == OK) {
/// cmp(ctx->name) ... }`), while that call itself is not retried? The loop
/// works through the steps (headers, records); \p Call acts on each one.
/// \p Guards: the if-statements of the loop body whose then-branch holds
/// \p Call (lambdas left out).
bool actsOnStep(const Stmt *Loop, const CallExpr *Call,
                const HandedState &Handed,
                llvm::ArrayRef<const IfStmt *> Guards, ASTContext &Ctx,
                LoopBodyReads &Reads);

/// Does \p Back (a recursive call, a backward goto) in \p Region run
/// because \p Call failed: it sits under a failure test of the result, in
/// a handler of a `try` around the call, or after a success test that
/// leaves?
bool goesBackOnFailure(const Stmt *Region, const CallExpr *Call,
                       const Stmt *Back, ASTContext &Ctx, LoopBodyReads &Reads);

} // namespace clang::tidy::retry::model

#endif
