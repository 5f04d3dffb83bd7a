// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Policies that grow a kept delay (PolicyDelays.h). The algorithm: for each
// function with a body, find the stores outside its loops that grow a
// delay member from its own value (`*=`, `<<=`, `+=`, or `m = m * k`);
// keep those of functions that also step an attempt counter member; drop
// the members some code of the unit stores a random value in.

#include "PolicyDelays.h"
#include "ApiModel.h"
#include "RetryEvidence.h"
#include "RetrySiteIndex.h"
#include "WaitNames.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The member a store or step writes (`t->delay`, `this->ivl`, `ivl`).
static const ValueDecl *memberOf(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  return ME ? ME->getMemberDecl() : nullptr;
}

/// Does \p E read the member \p M?
static bool readsMember(const Stmt *E, const ValueDecl *M) {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *N) {
    Found = Found || (isa<MemberExpr>(N) && memberOf(cast<Expr>(N)) == M);
  });
  return Found;
}

/// The delay member \p S grows from its own value, or null.
static const ValueDecl *grownDelay(const Stmt *S) {
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (!BO)
    return nullptr;
  const ValueDecl *M = memberOf(BO->getLHS());
  if (!M || !M->getDeclName().isIdentifier() || !namesDelay(M->getName()))
    return nullptr;
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_MulAssign || Op == BO_ShlAssign || Op == BO_AddAssign)
    return M;
  const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (Op != BO_Assign || !R ||
      (R->getOpcode() != BO_Mul && R->getOpcode() != BO_Shl &&
       R->getOpcode() != BO_Add))
    return nullptr;
  return readsMember(R, M) ? M : nullptr;
}

/// The step of an attempt counter in \p Body: a member other than \p Delay
/// incremented by one, named for attempts or compared with a bound there.
static const Stmt *attemptStep(const Stmt *Body, const ValueDecl *Delay) {
  const Stmt *Step = nullptr;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *UO = dyn_cast<UnaryOperator>(N);
    const ValueDecl *M =
        UO && UO->isIncrementOp() ? memberOf(UO->getSubExpr()) : nullptr;
    if (Step || !M || M == Delay || !M->getDeclName().isIdentifier())
      return;
    bool Compared = false;
    forEachInFunction(Body, [&](const Stmt *C) {
      const auto *BO = dyn_cast<BinaryOperator>(C);
      Compared = Compared ||
                 (BO && BO->isRelationalOp() &&
                  (memberOf(BO->getLHS()) == M || memberOf(BO->getRHS()) == M));
    });
    if (Compared || countsAttempts(M->getName()))
      Step = N;
  });
  return Step;
}

/// Is \p S inside a loop of \p Body?
static bool insideLoop(const Stmt *Body, const Stmt *S) {
  bool In = false;
  forEachInFunction(Body, [&](const Stmt *N) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(N) &&
        containsStmt(N, S))
      In = true;
  });
  return In;
}

/// Does \p S draw a random number?
static bool drawsRandom(const Stmt *S) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    Found = Found || (C && namesRandom(calleeName(C)));
  });
  return Found;
}

std::vector<PolicyGrowth> unjitteredPolicyGrowths(RetrySiteIndex &Index) {
  // Each body is walked once; the names and the right-hand sides are read
  // only for stores in members named for a delay.
  llvm::DenseMap<const ValueDecl *, bool> NamedDelay;
  auto IsDelay = [&](const ValueDecl *M) {
    auto [It, New] = NamedDelay.try_emplace(M, false);
    if (New)
      It->second = M->getDeclName().isIdentifier() && namesDelay(M->getName());
    return It->second;
  };
  std::vector<std::pair<PolicyGrowth, const ValueDecl *>> Found;
  llvm::SmallPtrSet<const ValueDecl *, 8> Jittered;
  for (const FunctionDecl *FD : Index.unitNodes().Functions) {
    if (FD->isDependentContext())
      continue;
    const Stmt *Body = FD->getBody();
    forEachInFunction(Body, [&](const Stmt *N) {
      const auto *BO = dyn_cast<BinaryOperator>(N);
      const ValueDecl *M =
          BO && BO->isAssignmentOp() ? memberOf(BO->getLHS()) : nullptr;
      if (!M || !IsDelay(M))
        return;
      if (drawsRandom(BO->getRHS()))
        Jittered.insert(M);
      if (grownDelay(N) && !insideLoop(Body, N))
        if (const Stmt *Step = attemptStep(Body, M))
          Found.push_back({{N, FD, Step}, M});
    });
  }
  std::vector<PolicyGrowth> Out;
  for (const auto &[G, M] : Found)
    if (!Jittered.count(M))
      Out.push_back(G);
  return Out;
}

} // namespace clang::tidy::retry::model
