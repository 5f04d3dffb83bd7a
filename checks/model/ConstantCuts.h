// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Re-issue cycles that constant arguments cut (docs/rules.md, retries by
// re-issue): the handler is called with a constant that the test around
// the re-issue rules out, so no failure goes round.

#ifndef RETRYLINT_CHECKS_MODEL_CONSTANTCUTS_H
#define RETRYLINT_CHECKS_MODEL_CONSTANTCUTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace clang::tidy::retry::model {

/// Is the way from \p H through \p Again to \p Attempt and back to \p H
/// cut by constant arguments: the calls \p Attempt makes to \p H pass a
/// constant the test around \p Again rules out, or \p Again passes one the
/// test around each of those calls rules out? (libnice: `attempt_send`
/// calls `closedown(self, err, CLOSEDOWN_REMOTE)`, and `closedown` sends
/// again only `if (source == CLOSEDOWN_LOCAL)`.) No failure goes round.
bool cutByArguments(const FunctionDecl *H, const FunctionDecl *Attempt,
                    const CallExpr *Again, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
