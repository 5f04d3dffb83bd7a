// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Re-issue cycles that constant arguments cut (ConstantCuts.h).

#include "ConstantCuts.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "clang/AST/ParentMapContext.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The equality tests `param == constant` that \p Cond joins with `&&`:
/// the parameter's index in \p H and the constant.
static void
equalityTests(const Expr *Cond, const FunctionDecl *H, ASTContext &Ctx,
              llvm::SmallVectorImpl<std::pair<unsigned, int64_t>> &Out) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return;
  if (BO->getOpcode() == BO_LAnd) {
    equalityTests(BO->getLHS(), H, Ctx, Out);
    equalityTests(BO->getRHS(), H, Ctx, Out);
    return;
  }
  if (BO->getOpcode() != BO_EQ)
    return;
  for (auto [P, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                      std::pair(BO->getRHS(), BO->getLHS())}) {
    const auto *PD = dyn_cast_or_null<ParmVarDecl>(refDecl(P));
    int64_t V = constInt(K, Ctx, INT64_MIN);
    if (PD && V != INT64_MIN && PD->getDeclContext() == H)
      Out.push_back({PD->getFunctionScopeIndex(), V});
  }
}

/// Is \p Inner, a call in \p Fn, under a test of a parameter of \p Fn
/// against a constant (`if (source == CLOSEDOWN_LOCAL)`) that each of
/// \p Callers, the calls to \p Fn, passes otherwise?
static bool guardedOff(const CallExpr *Inner, const FunctionDecl *Fn,
                       llvm::ArrayRef<const CallExpr *> Callers,
                       ASTContext &Ctx) {
  return !Callers.empty() &&
         anyEnclosing(Inner, Ctx, [&](const DynTypedNode &N) {
           const auto *If = N.get<IfStmt>();
           if (!If || !containsStmt(If->getThen(), Inner))
             return false;
           llvm::SmallVector<std::pair<unsigned, int64_t>, 2> Tests;
           equalityTests(If->getCond(), Fn, Ctx, Tests);
           return llvm::any_of(Tests, [&](const auto &T) {
             return llvm::all_of(Callers, [&](const CallExpr *C) {
               int64_t V = T.first < C->getNumArgs()
                               ? constInt(C->getArg(T.first), Ctx, INT64_MIN)
                               : INT64_MIN;
               return V != INT64_MIN && V != T.second;
             });
           });
         });
}

bool cutByArguments(const FunctionDecl *H, const FunctionDecl *Attempt,
                    const CallExpr *Again, ASTContext &Ctx) {
  llvm::SmallVector<const CallExpr *, 2> Back;
  if (Attempt->getBody())
    forEachInFunction(Attempt->getBody(), [&](const Stmt *N) {
      const auto *C = dyn_cast<CallExpr>(N);
      const FunctionDecl *FD = C ? calleeDecl(C) : nullptr;
      if (FD && FD->getCanonicalDecl() == H->getCanonicalDecl())
        Back.push_back(C);
    });
  if (Back.empty())
    return false;
  return guardedOff(Again, H, Back, Ctx) ||
         llvm::all_of(Back, [&](const CallExpr *X) {
           return guardedOff(X, Attempt, {Again}, Ctx);
         });
}

} // namespace clang::tidy::retry::model
