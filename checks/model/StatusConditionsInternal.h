// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Helpers shared by the files of the status-condition analysis
// (StatusConditions.cpp, StatusVariables.cpp, StatusWrappers.cpp). Internal
// to the model: checks do not include it.

#ifndef RETRYLINT_CHECKS_MODEL_STATUSCONDITIONSINTERNAL_H
#define RETRYLINT_CHECKS_MODEL_STATUSCONDITIONSINTERNAL_H

#include "clang/AST/Expr.h"

namespace clang::tidy::retry::model {

/// Is \p X a truth value: a bool, a comparison, `&&`, `||` or `!`?
inline bool isCondition(const Expr *X) {
  if (X->getType()->isBooleanType())
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(X))
    return BO->isComparisonOp() || BO->isLogicalOp();
  const auto *UO = dyn_cast<UnaryOperator>(X);
  return UO && UO->getOpcode() == UO_LNot;
}

} // namespace clang::tidy::retry::model

#endif
