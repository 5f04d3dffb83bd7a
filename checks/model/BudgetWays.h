// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each way back on its own, for the budget: a cap or a deadline tested on
// one way back of a loop does not bound another way back that goes round
// past it (docs/rules.md, budget exits).

#ifndef RETRYLINT_CHECKS_MODEL_BUDGETWAYS_H
#define RETRYLINT_CHECKS_MODEL_BUDGETWAYS_H

#include "RetrySite.h"
#include "clang/AST/ASTContext.h"

namespace clang::tidy::retry::model {

/// The branch of \p Site's loop that waits and goes back to the next
/// attempt past every test of its budget (its cap, its deadline): the
/// `else` of `if (errno == ECONNREFUSED) { if (expired) return;
/// sleep(d); } else sleep(30);`. Null when every way back passes one, when
/// a test of the budget stands where every round passes it, or when the
/// site is not a loop.
const Stmt *wayPastBudget(const RetrySite &Site, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
