// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A switch statement read as a chain of branches: the statements each
// `case` group runs, and whether they go back to the enclosing loop.

#ifndef RETRYLINT_CHECKS_UTILS_SWITCHGROUPS_H
#define RETRYLINT_CHECKS_UTILS_SWITCHGROUPS_H

#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::utils {

/// One `case` (or `default`) group of a switch: its label values and the
/// statements up to the next label.
struct CaseGroup {
  llvm::SmallVector<const Expr *, 2> Values;
  bool Default = false;
  llvm::SmallVector<const Stmt *, 4> Stmts;
};

/// The groups of \p SW's body in source order (none when the body is not a
/// block).
llvm::SmallVector<CaseGroup, 4> caseGroups(const SwitchStmt *SW);

/// Does \p S hold a `continue` of the enclosing loop (none of a loop or
/// lambda inside it)?
bool reachesContinue(const Stmt *S);

} // namespace clang::tidy::retry::utils

#endif
