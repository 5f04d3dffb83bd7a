// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What one round of a loop changes for the next (RoundChanges.h).

#include "RoundChanges.h"
#include "RetryEvidence.h"
#include "utils/AssignedVars.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Is \p S a statement a `break` inside of leaves instead of the loop?
static bool breakable(const Stmt *S) {
  return isa<SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// Does block \p CS leave the loop when it ends: its last statement a
/// `return`, a `throw` or (not \p Nested in a switch or inner loop) a
/// `break`, with no `continue` or `goto` in it?
static bool leavesLoopAtEnd(const CompoundStmt *CS, bool Nested) {
  const Stmt *Last = CS->body_empty() ? nullptr : CS->body_back();
  const auto *LastExpr = dyn_cast_or_null<Expr>(Last);
  if (!isa_and_nonnull<ReturnStmt>(Last) &&
      !(!Nested && isa_and_nonnull<BreakStmt>(Last)) &&
      !(LastExpr && isa<CXXThrowExpr>(LastExpr->IgnoreParenImpCasts())))
    return false;
  bool GoesBack = false;
  forEachDescendant(CS, [&](const Stmt *N) {
    GoesBack = GoesBack || isa<ContinueStmt, GotoStmt>(N);
  });
  return !GoesBack;
}

/// Can a call in \p Body throw back into the loop: C++, with a `try` in
/// the body? Without one an exception leaves the loop with the call.
static bool mayThrowBack(const Stmt *Body, const ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CPlusPlus)
    return false;
  bool Found = false;
  forEachDescendant(
      Body, [&](const Stmt *N) { Found = Found || isa<CXXTryStmt>(N); });
  return Found;
}

/// changedForNextRound() below \p S; \p Nested: inside a switch or an
/// inner loop of the body; \p ThrowsBack: mayThrowBack().
static void changedIn(const Stmt *S, const ASTContext &Ctx,
                      llvm::SmallPtrSetImpl<const ValueDecl *> &Out,
                      bool Nested, bool ThrowsBack) {
  if (!S)
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    unsigned Keep = CS->size();
    if (leavesLoopAtEnd(CS, Nested)) {
      Keep = 0;
      for (unsigned I = 0; ThrowsBack && I < CS->size(); ++I)
        forEachDescendant(CS->body_begin()[I], [&](const Stmt *N) {
          if (isa<CallExpr, CXXConstructExpr>(N))
            Keep = I + 1;
        });
    }
    for (unsigned I = 0; I < Keep; ++I)
      changedIn(CS->body_begin()[I], Ctx, Out, Nested, ThrowsBack);
    return;
  }
  if (isa<Expr, DeclStmt>(S)) {
    for (const ValueDecl *D : changedDecls(S, &Ctx))
      Out.insert(D);
    return;
  }
  for (const Stmt *C : S->children())
    changedIn(C, Ctx, Out, Nested || breakable(S), ThrowsBack);
}

void changedForNextRound(const Stmt *Body, const ASTContext &Ctx,
                         llvm::SmallPtrSetImpl<const ValueDecl *> &Out) {
  changedIn(Body, Ctx, Out, /*Nested=*/false, mayThrowBack(Body, Ctx));
}

bool inLeavingBlock(const Stmt *S, const Stmt *Loop, ASTContext &Ctx) {
  if (mayThrowBack(Loop, Ctx))
    return false;
  bool Nested = false;
  DynTypedNode N = DynTypedNode::create(*S);
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    auto Parents = Ctx.getParents(N);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P || P == Loop)
      return false;
    Nested = Nested || breakable(P);
    if (const auto *CS = dyn_cast<CompoundStmt>(P);
        CS && leavesLoopAtEnd(CS, Nested))
      return true;
    N = Parents[0];
  }
  return false;
}

/// The field \p E names when it is reached from a parameter through which
/// the function may write (`ctx->next_id`, `c->synced.next_id`, `it.pos`
/// for a non-const reference).
static const ValueDecl *mutableParamField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME)
    return nullptr;
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<MemberExpr>(Base))
    Base = Inner->getBase()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P)
    return nullptr;
  QualType T = P->getType();
  bool Mutable =
      (T->isPointerType() && !T->getPointeeType().isConstQualified()) ||
      (T->isReferenceType() && !T.getNonReferenceType().isConstQualified());
  return Mutable ? ME->getMemberDecl() : nullptr;
}

bool consumesHandedState(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return false;
  llvm::SmallPtrSet<const ValueDecl *, 4> Stepped, Tested;
  forEachInFunction(Def->getBody(), [&](const Stmt *N) {
    if (const Expr *Target = steppedTarget(N))
      if (const ValueDecl *F = mutableParamField(Target))
        Stepped.insert(F);
    const Expr *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(N))
      Cond = If->getCond();
    else if (const auto *While = dyn_cast<WhileStmt>(N))
      Cond = While->getCond();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(N))
      Cond = CO->getCond();
    forEachDescendant(Cond, [&](const Stmt *M) {
      if (const auto *E = dyn_cast<Expr>(M))
        if (const ValueDecl *F = mutableParamField(E))
          Tested.insert(F);
    });
  });
  for (const ValueDecl *F : Stepped)
    if (Tested.count(F) && F->getDeclName().isIdentifier() &&
        !countsAttempts(F->getName()))
      return true;
  return false;
}

} // namespace clang::tidy::retry::model
