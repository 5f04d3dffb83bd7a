// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Callers.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

class CallCollector : public MainFileVisitor<CallCollector> {
public:
  CallCollector(const AnalysedFiles &Files, const FunctionDecl *Def)
      : MainFileVisitor(Files), Def(Def) {}

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = calleeDecl(Call);
    if (Callee && Callee->getCanonicalDecl() == Def->getCanonicalDecl() &&
        !containsStmt(Def->getBody(), Call))
      Calls.push_back(Call);
    return true;
  }

  const FunctionDecl *Def;
  llvm::SmallVector<const CallExpr *, 4> Calls;
};

} // namespace

llvm::SmallVector<const CallExpr *, 4>
callsFromOutside(const FunctionDecl *FD, ASTContext &Ctx,
                 const AnalysedFiles &Files) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return {};
  CallCollector C(Files, Def);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Calls);
}

} // namespace clang::tidy::retry::model
