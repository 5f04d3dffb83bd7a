// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The calls to one function from the main file: what its callers pass for
// a parameter (a cap, a header list with a key).

#ifndef RETRYLINT_CHECKS_MODEL_CALLERS_H
#define RETRYLINT_CHECKS_MODEL_CALLERS_H

#include "utils/AnalysedFiles.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::model {

/// The calls to \p FD written in the code \p Files analyses outside \p FD's
/// own body.
llvm::SmallVector<const CallExpr *, 4>
callsFromOutside(const FunctionDecl *FD, ASTContext &Ctx,
                 const utils::AnalysedFiles &Files);

} // namespace clang::tidy::retry::model

#endif
