// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "StateMarks.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "clang/AST/ParentMapContext.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The state \p E names: a local or global variable, or a field reached
/// through one (`c->state`, `c.state`).
static std::optional<StateMark> stateOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  StateMark M;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    M.Field = ME->getMemberDecl();
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  M.Owner = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!M.Owner)
    return std::nullopt;
  return M;
}

static bool sameState(const StateMark &A, const StateMark &B) {
  return A.Owner == B.Owner && A.Field == B.Field;
}

/// Is \p Call handed \p M's owner: the record's pointer, or an address?
static bool handedOwner(const CallExpr *Call, const StateMark &M) {
  for (const Expr *Arg : Call->arguments()) {
    const Expr *A = Arg->IgnoreParenImpCasts();
    bool Address = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(A);
        UO && UO->getOpcode() == UO_AddrOf) {
      A = UO->getSubExpr()->IgnoreParenImpCasts();
      Address = true;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(A);
    if (DRE && DRE->getDecl() == M.Owner &&
        (Address || (M.Field && A->getType()->isPointerType())))
      return true;
  }
  return false;
}

/// The mark \p S stores, when it stores a constant in a state.
static std::optional<StateMark> storedMark(const Stmt *S, ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (!BO || BO->getOpcode() != BO_Assign)
    return std::nullopt;
  std::optional<StateMark> M = stateOf(BO->getLHS());
  int64_t V = constInt(BO->getRHS(), Ctx, INT64_MIN);
  if (!M || V == INT64_MIN)
    return std::nullopt;
  M->Value = V;
  return M;
}

std::optional<StateMark> markAfter(const CallExpr *Call, ASTContext &Ctx) {
  auto Parents = Ctx.getParents(*Call);
  const auto *Block =
      Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Block)
    return std::nullopt;
  const auto *It = llvm::find(Block->body(), Call);
  if (It == Block->body_end())
    return std::nullopt;
  std::optional<StateMark> Mark;
  for (++It; It != Block->body_end(); ++It) {
    if (!Mark) {
      Mark = storedMark(*It, Ctx);
      continue;
    }
    const auto *Next = dyn_cast<CallExpr>(*It);
    if (Next && handedOwner(Next, *Mark))
      return Mark;
  }
  return std::nullopt;
}

/// Is \p Cond, or one side of an `&&` in it, `state == mark`
/// (\p Op BO_EQ) or `state != mark` (BO_NE)?
static bool testsMark(const Expr *Cond, const StateMark &M,
                      BinaryOperatorKind Op, ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd && Op == BO_EQ)
    return testsMark(BO->getLHS(), M, Op, Ctx) ||
           testsMark(BO->getRHS(), M, Op, Ctx);
  if (BO->getOpcode() != Op)
    return false;
  for (auto [S, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                      std::pair(BO->getRHS(), BO->getLHS())})
    if (std::optional<StateMark> T = stateOf(S);
        T && sameState(*T, M) && constInt(K, Ctx, INT64_MIN) == M.Value)
      return true;
  return false;
}

bool goesBackWhileMarked(const Stmt *Loop, const StateMark &M,
                         ASTContext &Ctx) {
  LoopParts Parts = loopParts(Loop);
  if (Parts.Cond && testsMark(Parts.Cond, M, BO_EQ, Ctx))
    return true;
  bool Leaves = false;
  forEachInFunction(Parts.Body, [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    Leaves = Leaves ||
             (If && !If->getElse() && testsMark(If->getCond(), M, BO_NE, Ctx) &&
              leavesLoop(If->getThen()));
  });
  return Leaves;
}

} // namespace clang::tidy::retry::model
