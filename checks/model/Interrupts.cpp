// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Restarts of interrupted calls (Interrupts.h).

#include "Interrupts.h"
#include "utils/AstQueries.h"
#include "utils/IdentifierWords.h"
#include "utils/SwitchGroups.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Does \p E name the interrupted-call error (`EINTR`, `WSAEINTR`,
/// `std::errc::interrupted`)?
static bool namesInterrupt(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  SourceLocation L = E->getBeginLoc();
  if (L.isMacroID()) {
    StringRef M = Lexer::getImmediateMacroName(L, Ctx.getSourceManager(),
                                               Ctx.getLangOpts());
    if (M == "EINTR" || M == "WSAEINTR")
      return true;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE && DRE->getDecl()->getDeclName().isIdentifier() &&
         llvm::is_contained({"EINTR", "WSAEINTR", "interrupted"},
                            DRE->getDecl()->getName());
}

static bool testsInterrupt(const Expr *Cond, ASTContext &Ctx, unsigned Depth);

/// Does the predicate \p Call test for an interrupt: its name says so
/// (`socket_eintr()`, `is_interrupted(err)`), or its body is one `return`
/// of such a test?
static bool asksInterrupt(const CallExpr *Call, ASTContext &Ctx,
                          unsigned Depth) {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD)
    return false;
  if (FD->getDeclName().isIdentifier())
    for (const std::string &W : identifierWords(FD->getName()))
      if (W == "eintr" || W == "interrupted")
        return true;
  const FunctionDecl *Def = nullptr;
  const auto *Body = FD->hasBody(Def) && Def
                         ? dyn_cast_or_null<CompoundStmt>(Def->getBody())
                         : nullptr;
  if (!Body || Body->size() != 1 || Depth > 1)
    return false;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  return Ret && Ret->getRetValue() &&
         testsInterrupt(Ret->getRetValue(), Ctx, Depth + 1);
}

static bool testsInterrupt(const Expr *Cond, ASTContext &Ctx, unsigned Depth) {
  if (!Cond)
    return false;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd)
      return testsInterrupt(BO->getLHS(), Ctx, Depth) ||
             testsInterrupt(BO->getRHS(), Ctx, Depth);
    if (BO->getOpcode() == BO_EQ)
      return namesInterrupt(BO->getLHS(), Ctx) ||
             namesInterrupt(BO->getRHS(), Ctx);
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Cond);
      OC && OC->getOperator() == OO_EqualEqual && OC->getNumArgs() == 2)
    return namesInterrupt(OC->getArg(0), Ctx) ||
           namesInterrupt(OC->getArg(1), Ctx);
  if (const auto *Call = dyn_cast<CallExpr>(Cond))
    return asksInterrupt(Call, Ctx, Depth);
  return false;
}

bool testsInterrupt(const Expr *Cond, ASTContext &Ctx) {
  return testsInterrupt(Cond, Ctx, 0);
}

namespace {
/// Walks a region, marking each way back by whether an interrupt test
/// guards it.
class WayBackScan {
public:
  WayBackScan(llvm::function_ref<bool(const Stmt *)> IsWayBack, bool IntoLoops,
              ASTContext &Ctx)
      : IsWayBack(IsWayBack), IntoLoops(IntoLoops), Ctx(Ctx) {}
  void walk(const Stmt *S, bool Under);
  void walkSwitch(const SwitchStmt *SW, bool Under);
  WaysBack Found;

private:
  llvm::function_ref<bool(const Stmt *)> IsWayBack;
  bool IntoLoops;
  ASTContext &Ctx;
};
} // namespace

void WayBackScan::walk(const Stmt *S, bool Under) {
  if (!S || isa<LambdaExpr>(S) ||
      (!IntoLoops && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)))
    return;
  if (IsWayBack(S)) {
    Found.Any = true;
    Found.Other = Found.Other || !Under;
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    walk(If->getCond(), Under);
    walk(If->getThen(), Under || testsInterrupt(If->getCond(), Ctx));
    walk(If->getElse(), Under);
    return;
  }
  if (const auto *SW = dyn_cast<SwitchStmt>(S))
    return walkSwitch(SW, Under);
  for (const Stmt *C : S->children())
    walk(C, Under);
}

/// A `case EINTR:` group is under the test unless the group before it
/// falls through into it.
void WayBackScan::walkSwitch(const SwitchStmt *SW, bool Under) {
  llvm::SmallVector<CaseGroup, 4> Groups = caseGroups(SW);
  if (Groups.empty()) {
    walk(SW->getBody(), Under);
    return;
  }
  bool FallsIn = false;
  for (const CaseGroup &G : Groups) {
    bool Interrupt = !G.Default && !G.Values.empty() && !FallsIn &&
                     llvm::all_of(G.Values, [&](const Expr *V) {
                       return V && namesInterrupt(V, Ctx);
                     });
    for (const Stmt *St : G.Stmts)
      walk(St, Under || Interrupt);
    const Stmt *Last = G.Stmts.empty() ? nullptr : G.Stmts.back();
    FallsIn =
        !isa_and_nonnull<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt>(Last);
  }
}

WaysBack waysBack(const Stmt *Region,
                  llvm::function_ref<bool(const Stmt *)> IsWayBack,
                  bool IntoLoops, ASTContext &Ctx) {
  WayBackScan Scan(IsWayBack, IntoLoops, Ctx);
  Scan.walk(Region, false);
  return Scan.Found;
}

/// Can control reach the end of \p S? Not after a return, continue, goto,
/// throw or (outside a switch) break, nor past an if whose two branches
/// cannot, nor a switch with a default whose every group cannot.
static bool endReached(const Stmt *S, bool InSwitch) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return CS->body_empty() || endReached(CS->body_back(), InSwitch);
  if (!S)
    return true;
  if (const auto *E = dyn_cast<Expr>(S))
    return !isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
  if (isa<ReturnStmt, ContinueStmt, GotoStmt, CoreturnStmt>(S))
    return false;
  if (isa<BreakStmt>(S))
    return InSwitch;
  if (const auto *If = dyn_cast<IfStmt>(S))
    return !If->getElse() || endReached(If->getThen(), InSwitch) ||
           endReached(If->getElse(), InSwitch);
  if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    llvm::SmallVector<CaseGroup, 4> Groups = caseGroups(SW);
    return Groups.empty() ||
           llvm::none_of(Groups,
                         [](const CaseGroup &G) { return G.Default; }) ||
           llvm::any_of(Groups, [](const CaseGroup &G) {
             return G.Stmts.empty() || endReached(G.Stmts.back(), true);
           });
  }
  return true;
}

bool loopRestartsOnInterrupt(const Stmt *Body, const Expr *Cond,
                             ASTContext &Ctx) {
  WaysBack Back = waysBack(
      Body, [](const Stmt *S) { return isa<ContinueStmt>(S); },
      /*IntoLoops=*/false, Ctx);
  bool CondInterrupt = testsInterrupt(Cond, Ctx);
  // The end of the body goes round again unless it is never reached or
  // the condition lets only an interrupt through.
  return (!endReached(Body, false) || CondInterrupt) &&
         (Back.Any || CondInterrupt) && !Back.Other;
}

} // namespace clang::tidy::retry::model
