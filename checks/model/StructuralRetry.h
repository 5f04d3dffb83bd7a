// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry loops by structure: the calls the model does not know that a loop
// re-issues because they failed, whatever
// the callee (a wrapper declared elsewhere, a virtual call, a callable
// parameter); not a walk over a queue, a sequence or state the call is
// handed.

#ifndef RETRYLINT_CHECKS_MODEL_STRUCTURALRETRY_H
#define RETRYLINT_CHECKS_MODEL_STRUCTURALRETRY_H

#include "ApiModel.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// The unknown operations \p Loop re-issues because they failed: each is
/// called directly in the loop and the loop leaves when it succeeds, or
/// goes on while it fails. \p MovesOn: another call in the loop gets an
/// argument the loop changes (each attempt goes to the next endpoint or
/// peer).
llvm::SmallVector<Operation, 2>
structurallyRetried(RetrySiteIndex &Index, const Stmt *Loop, bool &MovesOn);

} // namespace clang::tidy::retry::model

#endif
