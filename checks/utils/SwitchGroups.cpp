// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "SwitchGroups.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::retry::utils {

llvm::SmallVector<CaseGroup, 4> caseGroups(const SwitchStmt *SW) {
  llvm::SmallVector<CaseGroup, 4> Groups;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(SW->getBody());
  if (!Body)
    return Groups;
  for (const Stmt *S : Body->body()) {
    // `case A: case B: f();` nests the second label in the first.
    if (isa<SwitchCase>(S))
      Groups.emplace_back();
    while (const auto *SC = dyn_cast<SwitchCase>(S)) {
      if (const auto *CS = dyn_cast<CaseStmt>(SC))
        Groups.back().Values.push_back(CS->getLHS());
      else
        Groups.back().Default = true;
      S = SC->getSubStmt();
    }
    if (!Groups.empty())
      Groups.back().Stmts.push_back(S);
  }
  return Groups;
}

bool reachesContinue(const Stmt *S) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(S))
    return false;
  if (isa<ContinueStmt>(S))
    return true;
  return llvm::any_of(S->children(), reachesContinue);
}

} // namespace clang::tidy::retry::utils
