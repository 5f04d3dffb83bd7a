// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One-shot flags: a way back taken once (OneShotFlags.h).

#include "OneShotFlags.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The local \p Cond tests for its truth alone (`try_again`, `!retried`),
/// or, in a term it joins with `&&`, against the constant \p Other it must
/// not hold yet (`completion != NOPROMPT`).
static const VarDecl *testedFlag(const Expr *Cond, const Expr **Other,
                                 bool Joined = false) {
  const Expr *E = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (BO && BO->getOpcode() == BO_LAnd) {
    const VarDecl *V = testedFlag(BO->getLHS(), Other, true);
    return V ? V : testedFlag(BO->getRHS(), Other, true);
  }
  if (BO && BO->getOpcode() == BO_NE) {
    const VarDecl *V = refVar(BO->getLHS());
    *Other = BO->getRHS();
    return V && V->hasLocalStorage() ? V : nullptr;
  }
  if (Joined)
    return nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  const VarDecl *V = refVar(E);
  return V && V->hasLocalStorage() ? V : nullptr;
}

const IfStmt *oneShotFlagTest(const Stmt *Region, ASTContext &Ctx) {
  const IfStmt *Found = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  forEachDescendant(Region, [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    const Expr *Other = nullptr;
    const VarDecl *Flag = If ? testedFlag(If->getCond(), &Other) : nullptr;
    if (!Flag || Found)
      return;
    const BinaryOperator *Set = nullptr;
    unsigned Sets = 0;
    forEachDescendant(Region, [&](const Stmt *M) {
      const auto *BO = dyn_cast<BinaryOperator>(M);
      if (BO && BO->isAssignmentOp() && refVar(BO->getLHS()) == Flag) {
        ++Sets;
        Set = BO;
      }
    });
    // (Tested against a constant, it is set to that constant.)
    if (Sets != 1 || (Other ? constInt(Other, Ctx, INT64_MIN) == INT64_MIN ||
                                  constInt(Other, Ctx, INT64_MIN) !=
                                      constInt(Set->getRHS(), Ctx, INT64_MAX)
                            : !isa<IntegerLiteral, CXXBoolLiteralExpr>(
                                  Set->getRHS()->IgnoreParenImpCasts())))
      return;
    bool Back = false;
    forEachDescendant(If->getThen(), [&](const Stmt *M) {
      Back = Back || isa<GotoStmt, ContinueStmt>(M);
    });
    // The set after an exit test arms it: the test must then hold.
    bool Negated = isa<UnaryOperator>(If->getCond()->IgnoreParenImpCasts());
    bool Arms =
        !containsStmt(If, Set) && leavesLoop(If->getThen()) &&
        SM.isBeforeInTranslationUnit(If->getEndLoc(), Set->getBeginLoc()) &&
        constInt(Set->getRHS(), Ctx, 0) != 0 && !Negated;
    if ((Back && containsStmt(If->getThen(), Set)) || Arms)
      Found = If;
  });
  return Found;
}

} // namespace clang::tidy::retry::model
