// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a branch of a test in a loop body ends: always by leaving, by going
// round (a `continue` of the loop, or an end reached without leaving), or
// only by restarting an interrupted call.

#ifndef RETRYLINT_CHECKS_MODEL_BRANCHEXITS_H
#define RETRYLINT_CHECKS_MODEL_BRANCHEXITS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

namespace clang::tidy::retry::model {

/// Is the last statement of \p S a jump out of the handler (return, break,
/// throw)? Then the handler never loops back (LoopBackOnFailure.cpp).
bool alwaysLeaves(const Stmt *S);

/// Is \p S, or the last statement of the block \p S, a `continue`?
bool endsWithContinue(const Stmt *S);

/// Does \p S, a branch of a test in a loop body, hold a `continue` of the
/// loop other than a restart of an interrupted call?
bool continuesLoop(const Stmt *S, ASTContext &Ctx);

/// Can the branch \p S of a test in a loop body go round: a `continue` of
/// the loop, or some path that reaches its end without leaving? \p Inner:
/// the test sits in a nested loop or switch, whose `break` does not leave
/// the loop. No branch (a missing else) goes round.
bool mayGoRound(const Stmt *S, bool Inner, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
