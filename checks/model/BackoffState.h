// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The state a retry keeps for its own waiting (a backoff interval it grows,
// a flag it sets): a call handed that state is still the same call each
// round.

#ifndef RETRYLINT_CHECKS_MODEL_BACKOFFSTATE_H
#define RETRYLINT_CHECKS_MODEL_BACKOFFSTATE_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

class ApiModel;

/// Removes from \p Changed (what a loop of parts \p Parts changes, as
/// rootDecl()s) the state a retry keeps for its own waiting: a whole of
/// which the loop changes only the parts its waits read for their duration
/// (`c->interval *= 2; sleep(c->interval);`, also through a local) and parts
/// it always sets to one constant (`c->retrying = 1`). A call handed that
/// state is still the same call each round (BackoffState.cpp).
void dropBackoffState(llvm::ArrayRef<const Stmt *> Parts, const ApiModel &Model,
                      const ASTContext &Ctx,
                      llvm::SmallPtrSetImpl<const ValueDecl *> &Changed);

} // namespace clang::tidy::retry::model

#endif
