// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The locals a call is handed in a way that lets it write them: by address
// (`getinfo(c, &code)`) or to a non-const lvalue-reference parameter. Read
// once here for every fact that asks what a call fills (an operation's
// out-parameters, a wait duration a callee computes).

#ifndef RETRYLINT_CHECKS_UTILS_OUTARGUMENTS_H
#define RETRYLINT_CHECKS_UTILS_OUTARGUMENTS_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::utils {

struct OutArgument {
  const VarDecl *Var = nullptr;
  unsigned Index = 0;
  /// The callee's parameter, when the callee and that parameter are known.
  const ParmVarDecl *Param = nullptr;
  bool AddressOf = false;      ///< `&v`
  bool ByReference = false;    ///< to a non-const lvalue-reference parameter
  bool ToConstPointee = false; ///< to a pointer-to-const parameter
  /// A pointer variable handed on (`send(cntl, ...)` with `Controller
  /// *cntl`) to a parameter that may write through it: what it points to.
  bool ThroughPointer = false;
};

/// The arguments of \p Call that name a variable, directly or by address,
/// with how they are passed; callers decide which of them a call may fill.
llvm::SmallVector<OutArgument, 2> outArguments(const CallExpr *Call);

} // namespace clang::tidy::retry::utils

#endif
