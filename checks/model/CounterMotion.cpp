// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a retry site's attempt counter moves (CounterMotion.h).

#include "CounterMotion.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Which way \p N steps \p V: 1 up (`++v`, `v += 2`), -1 down (`v--`, `v
/// -= 1`), 0 when it is no step of \p V.
static int stepDirection(const Stmt *N, const VarDecl *V, ASTContext &Ctx) {
  if (const auto *UO = dyn_cast<UnaryOperator>(N);
      UO && UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == V)
    return UO->isIncrementOp() ? 1 : -1;
  const auto *CA = dyn_cast<CompoundAssignOperator>(N);
  if (!CA || refVar(CA->getLHS()) != V ||
      (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
    return 0;
  // A step by an amount not written here is taken as a positive one.
  int Sign = constInt(CA->getRHS(), Ctx, 1) < 0 ? -1 : 1;
  return CA->getOpcode() == BO_AddAssign ? Sign : -Sign;
}

/// The constant \p V holds when \p Site begins: the last plain store to it
/// before the site in \p Fn or in a `for` init, else its initializer.
static std::optional<int64_t> startValue(const VarDecl *V, const Stmt *Site,
                                         const FunctionDecl *Fn,
                                         ASTContext &Ctx) {
  const Expr *Last = V->getInit();
  const Stmt *ForInit = loopParts(Site).Init;
  const SourceManager &SM = Ctx.getSourceManager();
  if (Site && Fn && Fn->getBody())
    forEachDescendant(Fn->getBody(), [&](const Stmt *N) {
      const auto *BO = dyn_cast<BinaryOperator>(N);
      if (!BO || BO->getOpcode() != BO_Assign || refVar(BO->getLHS()) != V)
        return;
      // The walk is in source order: the last store before the site wins.
      if (SM.isBeforeInTranslationUnit(BO->getBeginLoc(), Site->getBeginLoc()) ||
          (ForInit && containsStmt(ForInit, BO)))
        Last = BO->getRHS();
    });
  int64_t K = Last ? constInt(Last, Ctx, INT64_MIN) : INT64_MIN;
  if (K == INT64_MIN)
    return std::nullopt;
  return K;
}

CounterMotion counterMotion(const VarDecl *Counter,
                            llvm::ArrayRef<const Stmt *> Code,
                            const FunctionDecl *Fn, ASTContext &Ctx) {
  CounterMotion M;
  if (!Counter || Code.empty())
    return M;
  bool Up = false, Down = false;
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      int Dir = stepDirection(N, Counter, Ctx);
      if (!Dir)
        return;
      M.Steps.push_back(cast<Expr>(N));
      (Dir > 0 ? Up : Down) = true;
    });
  M.Down = Down && !Up;
  M.Start = startValue(Counter, Code.front(), Fn, Ctx);
  return M;
}

/// When \p N runs in a round of \p Site: 0 in a `for` or `while`
/// condition, 1 in the body (and anywhere in code that is not a loop), 2 in
/// a `for` increment or a `do` condition.
static int phaseOf(const Stmt *Site, const Stmt *N) {
  LoopParts P = loopParts(Site);
  if (P.Cond && containsStmt(P.Cond, N))
    return isa<DoStmt>(Site) ? 2 : 0;
  if (P.Inc && containsStmt(P.Inc, N))
    return 2;
  return 1;
}

static bool runsBefore(const Stmt *Site, const Stmt *A, const Stmt *B,
                       const SourceManager &SM) {
  int PA = phaseOf(Site, A), PB = phaseOf(Site, B);
  if (PA != PB)
    return PA < PB;
  return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
}

int roundOffset(const Stmt *Site, const Stmt *Test, const CounterMotion &M,
                llvm::ArrayRef<const Stmt *> Attempts, ASTContext &Ctx) {
  if (M.Steps.empty() || !Site || !Test)
    return 0;
  const Expr *Step = M.Steps.front();
  for (const Expr *S : M.Steps)
    if (containsStmt(Test, S))
      Step = S;
  const SourceManager &SM = Ctx.getSourceManager();
  // A step inside the test itself: `++n < K` reads the stepped value,
  // `n++ < K` the value before it.
  bool Stepped = false;
  if (containsStmt(Test, Step)) {
    const auto *UO = dyn_cast<UnaryOperator>(Step);
    Stepped = !UO || UO->isPrefix();
  } else {
    Stepped = runsBefore(Site, Step, Test, SM);
  }
  bool Attempted = llvm::any_of(Attempts, [&](const Stmt *A) {
    return A && !containsStmt(A, Test) && runsBefore(Site, A, Test, SM);
  });
  return int(Stepped) - int(Attempted);
}

} // namespace clang::tidy::retry::model
