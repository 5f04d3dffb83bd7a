// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "OutArguments.h"
#include "AstQueries.h"

namespace clang::tidy::retry::utils {

llvm::SmallVector<OutArgument, 2> outArguments(const CallExpr *Call) {
  llvm::SmallVector<OutArgument, 2> Out;
  const FunctionDecl *FD = calleeDecl(Call);
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    OutArgument A;
    A.Index = I;
    const Expr *E = Call->getArg(I)->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf) {
      E = UO->getSubExpr()->IgnoreParenImpCasts();
      A.AddressOf = true;
    }
    A.Var = refVar(E);
    if (!A.Var)
      continue;
    A.Param = FD && I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
    if (A.Param) {
      QualType T = A.Param->getType();
      A.ByReference = T->isLValueReferenceType() &&
                      !T.getNonReferenceType().isConstQualified();
      A.ToConstPointee =
          T->isPointerType() && T->getPointeeType().isConstQualified();
    }
    QualType VT = A.Var->getType();
    A.ThroughPointer = !A.AddressOf && VT->isPointerType() &&
                       !VT->getPointeeType().isConstQualified() &&
                       !A.ToConstPointee;
    Out.push_back(A);
  }
  return Out;
}

} // namespace clang::tidy::retry::utils
