// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Backward jumps: the goto that goes back to a label (a retry by goto).

#ifndef RETRYLINT_CHECKS_MODEL_RETRYGOTOS_H
#define RETRYLINT_CHECKS_MODEL_RETRYGOTOS_H

#include "clang/AST/Stmt.h"

namespace clang::tidy::retry::model {

/// The `goto Label` that follows \p Label in \p Block, if any.
const GotoStmt *backwardGoto(const LabelStmt *Label, const CompoundStmt *Block);

} // namespace clang::tidy::retry::model

#endif
