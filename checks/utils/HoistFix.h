// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A mechanical repair: move the declaration that evaluates an expression on
// every round of a loop to just before the loop, so it runs once.

#ifndef RETRYLINT_CHECKS_UTILS_HOISTFIX_H
#define RETRYLINT_CHECKS_UTILS_HOISTFIX_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::utils {

/// The fix-it that moves the declaration statement holding \p Source from
/// the body of \p Loop to the line before the loop, or none unless the move
/// is always correct: one variable declared alone on its lines as a direct
/// statement of the loop's braced body; a loop that is itself a statement of
/// a braced block; no macro; an initializer that reads only variables the
/// loop never changes (no member of `this`); a variable the loop never
/// changes and whose name nothing else in the function declares.
llvm::SmallVector<FixItHint, 1> hoistOutOfLoop(const Stmt *Loop,
                                               const Expr *Source,
                                               const FunctionDecl *Fn,
                                               ASTContext &Ctx);

} // namespace clang::tidy::retry::utils

#endif
