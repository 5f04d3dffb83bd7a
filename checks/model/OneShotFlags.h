// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One-shot flags (docs/rules.md, budget exits): a way back taken once,
// under a flag its own branch sets, caps a retry at two attempts.

#ifndef RETRYLINT_CHECKS_MODEL_ONESHOTFLAGS_H
#define RETRYLINT_CHECKS_MODEL_ONESHOTFLAGS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

namespace clang::tidy::retry::model {

/// A way back taken once, under a local flag its own branch sets to a
/// constant (`if (try_again) { try_again = 0; goto try_start; }`, `if
/// (!retried) { retried = true; continue; }`), or an exit its test takes
/// once the flag is set after it (`if (retried) return -1; retried = 1;`),
/// and that nothing else in \p Region sets: two attempts at most. The
/// test, or null.
const IfStmt *oneShotFlagTest(const Stmt *Region, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
