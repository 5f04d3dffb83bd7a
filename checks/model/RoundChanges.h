// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What one round of a loop changes for the next: its stores up to where it
// leaves the loop, and the state a call it makes takes the next item from.
// A call whose request reads what changes is a different call each round
// (StructuralRetry.cpp): a walk, not a retry.

#ifndef RETRYLINT_CHECKS_MODEL_ROUNDCHANGES_H
#define RETRYLINT_CHECKS_MODEL_ROUNDCHANGES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

/// Adds to \p Out what the loop body \p Body changes on the way to the next
/// round. A block that ends by leaving the loop (`return`, `throw`, a
/// `break` of the loop itself; no `continue`) keeps only what it changes up
/// to its last call in C++, where a call may throw back into the loop, and
/// nothing in C (`offset += got; return got;`, `c->fds[i] = c->sfd;
/// break;`).
void changedForNextRound(const Stmt *Body, const ASTContext &Ctx,
                         llvm::SmallPtrSetImpl<const ValueDecl *> &Out);

/// Is \p S, in \p Loop's C code, in a block that leaves the loop when it
/// ends? Nothing it does is seen by a next round: no C call throws back
/// into the loop.
bool inLeavingBlock(const Stmt *S, const Stmt *Loop, ASTContext &Ctx);

/// Does the body of \p Call's callee take the next item from state it is
/// handed: step a field of a parameter (`ctx->next_id++`, `it->pos += n`)
/// that it also tests? Each call then gets a different item (a task id
/// from a pool, the next token) and a loop around it works through them.
/// A counter of attempts kept there still leaves a retry.
bool consumesHandedState(const CallExpr *Call);

} // namespace clang::tidy::retry::model

#endif
