// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a branch of a test in a loop body ends (BranchExits.h).

#include "BranchExits.h"
#include "Interrupts.h"
#include "utils/SwitchGroups.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::retry::model {

using namespace utils;

bool alwaysLeaves(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->body_empty())
      return false;
    S = CS->body_back();
  }
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    return isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
  return isa<ReturnStmt, BreakStmt, CoreturnStmt>(S);
}

bool endsWithContinue(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  return isa_and_nonnull<ContinueStmt>(S);
}

/// Does \p S, a branch of a test in a loop body, hold a `continue` of the
/// loop other than a restart of an interrupted call (`case EINTR:
/// continue;` retries no failure)?
bool continuesLoop(const Stmt *S, ASTContext &Ctx) {
  return S && waysBack(
                  S, [](const Stmt *N) { return isa<ContinueStmt>(N); },
                  /*IntoLoops=*/false, Ctx)
                  .Other;
}

/// Can a switch that ends a branch end without leaving: a group that
/// breaks out of it or runs to its end, or no `default`?
static bool switchMayGoRound(const SwitchStmt *SW, ASTContext &Ctx) {
  llvm::SmallVector<CaseGroup, 4> Groups = caseGroups(SW);
  if (llvm::none_of(Groups, [](const CaseGroup &G) { return G.Default; }))
    return true;
  return llvm::any_of(Groups, [&](const CaseGroup &G) {
    const Stmt *Last = G.Stmts.empty() ? nullptr : G.Stmts.back();
    return Last && !isa<ContinueStmt>(Last) &&
           mayGoRound(Last, /*Inner=*/true, Ctx);
  });
}

/// Can the branch \p S of a test in a loop body go round: it holds a
/// `continue` of the loop, or some path reaches its end without leaving
/// (`else { if (n >= max) break; pause(); }` gives up at the cap and goes
/// round on every other failure). \p Inner: the test sits in a nested
/// loop or switch, whose `break` does not leave the loop. No branch (a
/// missing else) goes round; a restart of an interrupted call does not.
bool mayGoRound(const Stmt *S, bool Inner, ASTContext &Ctx) {
  if (continuesLoop(S, Ctx))
    return true;
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  if (const auto *If = dyn_cast_or_null<IfStmt>(S))
    return !If->getElse() || mayGoRound(If->getThen(), Inner, Ctx) ||
           mayGoRound(If->getElse(), Inner, Ctx);
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(S))
    return switchMayGoRound(SW, Ctx);
  if (isa_and_nonnull<BreakStmt>(S))
    return Inner;
  if (const auto *E = dyn_cast_or_null<Expr>(S))
    return !isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
  return !isa_and_nonnull<ReturnStmt, GotoStmt, CoreturnStmt, ContinueStmt>(S);
}

} // namespace clang::tidy::retry::model
