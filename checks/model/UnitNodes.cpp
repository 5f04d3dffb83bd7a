// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "UnitNodes.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/PerUnit.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

class Collector : public MainFileVisitor<Collector> {
public:
  Collector(const AnalysedFiles &Files, UnitNodes &Out)
      : MainFileVisitor(Files), Out(Out) {}

  // The function or lambda being walked, so that each loop knows its own
  // without a climb through the parent map (which costs a tenth of the
  // parse to build).
  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Within.push_back(FD);
    bool Result = MainFileVisitor::TraverseDecl(D);
    if (FD)
      Within.pop_back();
    return Result;
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    Within.push_back(L->getCallOperator());
    bool Result = MainFileVisitor::TraverseLambdaExpr(L);
    Within.pop_back();
    return Result;
  }

  bool VisitDecl(Decl *D) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->doesThisDeclarationHaveABody()) {
        Out.Functions.push_back(FD);
        Out.Bodies.push_back(FD);
      }
    } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (VD->getInit())
        Out.Reported.push_back(D);
    } else if (const auto *F = dyn_cast<FieldDecl>(D)) {
      if (F->hasInClassInitializer())
        Out.Reported.push_back(D);
    }
    return true;
  }

  bool VisitStmt(Stmt *S) {
    if (isa<ForStmt, WhileStmt, DoStmt>(S)) {
      Out.Loops.push_back(S);
      Out.LoopFunctions.push_back(Within.empty() ? nullptr : Within.back());
    } else if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : CS->body())
        if (const auto *L = dyn_cast<LabelStmt>(Child))
          Out.Labels.push_back({L, CS});
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      Out.Calls.push_back(Call);
      callIn(Call);
      report(S);
    } else if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      Out.Lambdas.push_back(L);
      if (Files.isStmtAnalysed(*S))
        Out.Bodies.push_back(L);
    } else if (isa<StringLiteral, CXXConstructExpr>(S) ||
               (isa<BinaryOperator>(S) &&
                cast<BinaryOperator>(S)->isAssignmentOp())) {
      report(S);
    }
    return true;
  }

private:
  /// Marks the functions around \p Call that it may call again.
  void callIn(const CallExpr *Call) {
    const FunctionDecl *Callee = calleeDecl(Call);
    bool Unresolved =
        !Callee && isa<OverloadExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (!Callee && !Unresolved)
      return;
    for (const FunctionDecl *FD : Within)
      if (Unresolved || FD->getCanonicalDecl() == Callee->getCanonicalDecl())
        Out.MayCallThemselves.insert(FD->getCanonicalDecl());
  }
  void report(const Stmt *S) {
    if (Files.isStmtAnalysed(*S))
      Out.Reported.push_back(S);
  }
  UnitNodes &Out;
  llvm::SmallVector<const FunctionDecl *, 4> Within;
};

} // namespace

std::shared_ptr<const UnitNodes>
sharedUnitNodes(ASTContext &Ctx,
                const std::shared_ptr<const AnalysedFiles> &Files) {
  static PerUnit<const UnitNodes> Units;
  return Units.get(
      Ctx, [](const UnitNodes &) { return true; },
      [&] {
        auto N = std::make_shared<UnitNodes>();
        Collector(*Files, *N).TraverseDecl(Ctx.getTranslationUnitDecl());
        return std::shared_ptr<const UnitNodes>(std::move(N));
      });
}

} // namespace clang::tidy::retry::model
