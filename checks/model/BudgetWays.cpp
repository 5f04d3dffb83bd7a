// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Ways back past the budget (BudgetWays.h). The algorithm: each test of the
// budget must sit inside a branch of the loop body (one at the top of the
// body, or in the loop's own parts, bounds every round); from the test,
// walk out to the body through the `if`s that hold it, and find the other
// branch of one of them that leaves nowhere, holds a wait of the site and
// so goes round without passing the test. Every other test of the budget
// must then lie inside that same `if`, so the way past it passes none.

#include "BudgetWays.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The branch in \p S, or down the `else if` chain it starts, that leaves
/// nowhere and waits (\p Waits): a way back to the next attempt.
static const Stmt *wayIn(const Stmt *S,
                         llvm::function_ref<bool(const Stmt *)> Waits) {
  if (!S)
    return nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    const Stmt *Way = wayIn(If->getThen(), Waits);
    return Way ? Way : wayIn(If->getElse(), Waits);
  }
  return !leavesLoop(S) && Waits(S) ? S : nullptr;
}

/// The branch that goes round past \p Bound, and the `if` it is a branch
/// of; {null, null} when there is none.
static std::pair<const Stmt *, const IfStmt *> bypass(const RetrySite &Site,
                                                      const Stmt *Body,
                                                      const Stmt *Bound,
                                                      ASTContext &Ctx) {
  std::pair<const Stmt *, const IfStmt *> Found{nullptr, nullptr};
  auto Waits = [&](const Stmt *S) {
    return llvm::any_of(Site.Waits, [&](const Wait &W) {
      return W.Call && containsStmt(S, W.Call);
    });
  };
  anyEnclosing(Bound, Ctx, [&](const DynTypedNode &N) {
    const Stmt *S = N.get<Stmt>();
    if (!S || S == Body)
      return true;
    const auto *If = N.get<IfStmt>();
    if (!If || containsStmt(If->getCond(), Bound))
      return false;
    const Stmt *Other =
        containsStmt(If->getThen(), Bound) ? If->getElse() : If->getThen();
    if (const Stmt *Way = wayIn(Other, Waits)) {
      Found = {Way, If};
      return true;
    }
    return false;
  });
  return Found;
}

const Stmt *wayPastBudget(const RetrySite &Site, ASTContext &Ctx) {
  if (Site.Kind != RetryKind::Loop)
    return nullptr;
  const Stmt *Body = loopParts(Site.Site).Body;
  llvm::SmallVector<const Stmt *, 2> Bounds;
  if (Site.Cap != CapKind::None && Site.CapWhere)
    Bounds.push_back(Site.CapWhere);
  if (Site.Deadline)
    Bounds.push_back(Site.Deadline);
  if (Bounds.empty() || !Body || llvm::any_of(Bounds, [&](const Stmt *B) {
        return !containsStmt(Body, B);
      }))
    return nullptr;
  std::pair<const Stmt *, const IfStmt *> Way =
      bypass(Site, Body, Bounds.front(), Ctx);
  if (!Way.first || llvm::any_of(Bounds, [&](const Stmt *B) {
        return !containsStmt(Way.second, B) || containsStmt(Way.first, B);
      }))
    return nullptr;
  return Way.first;
}

} // namespace clang::tidy::retry::model
