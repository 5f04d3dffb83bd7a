// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Helpers shared by the files that recognize retry sites (RetrySite.cpp,
// RetryLoops.cpp, RetryRecursion.cpp, Jumps.cpp). Internal to the model:
// checks do not include it.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSITEINTERNAL_H
#define RETRYLINT_CHECKS_MODEL_RETRYSITEINTERNAL_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::model {

/// Variables incremented (++, --, +=, -=) in \p S: the candidates for a
/// loop's or a goto's attempt counter, or a recursion's counted parameter.
llvm::SmallVector<const VarDecl *, 2> incrementedVars(const Stmt *S);

} // namespace clang::tidy::retry::model

#endif
