// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a call an exit test makes decides whether a retry goes on: what a
// same-file policy method decides on (the outcome alone, or an attempt
// number compared with its object's limit), and the call an exit is decided
// by when it is not the retried operation. Read for the attempt cap
// (AttemptCap.cpp).

#include "PolicyDecisions.h"
#include "utils/AssignedVars.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Fields some method of \p MD's class (not a constructor) writes.
static llvm::SmallPtrSet<const ValueDecl *, 4>
fieldsMethodsWrite(const CXXMethodDecl *MD) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Written;
  for (const CXXMethodDecl *M : MD->getParent()->methods()) {
    const FunctionDecl *MDef = nullptr;
    if (isa<CXXConstructorDecl>(M) || !M->hasBody(MDef) || !MDef)
      continue;
    forEachDescendant(MDef->getBody(), [&](const Stmt *N) {
      const Expr *Target = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(N);
          BO && BO->isAssignmentOp())
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(N);
               UO && UO->isIncrementDecrementOp())
        Target = UO->getSubExpr();
      else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N);
               OC && OC->getNumArgs() >= 1 &&
               (OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
                OC->getOperator() == OO_MinusMinus))
        Target = OC->getArg(0);
      if (const auto *ME = dyn_cast_or_null<MemberExpr>(
              Target ? Target->IgnoreParenImpCasts() : nullptr))
        Written.insert(ME->getMemberDecl());
    });
  }
  return Written;
}

/// Does \p Call, made in a policy method, decide on nothing but what its
/// \p Outcome parameters are given: a question asked of the outcome
/// (`s.error_code()`), a standard-library call other than the clock, or a
/// same-file predicate of the same object handed only the outcome (read
/// \p Depth calls down)?
static bool
callReadsOutcomeOnly(const CallExpr *Call,
                     const llvm::SmallPtrSetImpl<const ParmVarDecl *> &Outcome,
                     unsigned Depth) {
  auto OnOutcome = [&](const Expr *E) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(E));
    return P && Outcome.count(P);
  };
  const FunctionDecl *FD = calleeDecl(Call);
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (MC && OnOutcome(MC->getImplicitObjectArgument()))
    return true; // s.error_code(), r.status()
  if (FD && isStdLibrary(FD) && FD->getDeclName().isIdentifier() &&
      FD->getName() != "now")
    return true;
  // A same-file predicate the decision hands the outcome to.
  const FunctionDecl *CDef = nullptr;
  if (!FD || !FD->hasBody(CDef) || !CDef ||
      (MC && !isa<CXXThisExpr>(
                 MC->getImplicitObjectArgument()->IgnoreParenImpCasts())))
    return false;
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Passed;
  for (const ParmVarDecl *P : CDef->parameters())
    if (const Expr *A = argForParam(Call, P)) {
      bool FromOutcome = true;
      forEachDescendant(A, [&](const Stmt *X) {
        if (const auto *R = dyn_cast<DeclRefExpr>(X))
          if (const auto *PV = dyn_cast<ParmVarDecl>(R->getDecl()))
            FromOutcome = FromOutcome && Outcome.count(PV);
      });
      if (FromOutcome)
        Passed.insert(P);
    }
  return decidesOnOutcomeOnly(CDef, Passed, Depth + 1);
}

bool decidesOnOutcomeOnly(
    const FunctionDecl *Def,
    const llvm::SmallPtrSetImpl<const ParmVarDecl *> &Outcome, unsigned Depth) {
  const Stmt *Body = Def ? Def->getBody() : nullptr;
  if (!Body || Depth > 2)
    return false;
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  // Fields some method of the class (not a constructor) writes.
  llvm::SmallPtrSet<const ValueDecl *, 4> Written;
  if (MD)
    Written = fieldsMethodsWrite(MD);
  bool Only = true;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (!Only)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N)) {
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        Only = Outcome.count(P) > 0;
      else if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Only = V->hasLocalStorage() || V->getType().isConstQualified() ||
               V->isConstexpr();
    } else if (const auto *ME = dyn_cast<MemberExpr>(N)) {
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          Only = !F->isMutable() && !Written.count(F);
    } else if (const auto *Call = dyn_cast<CallExpr>(N)) {
      Only = callReadsOutcomeOnly(Call, Outcome, Depth);
    }
  });
  return Only;
}

const CallExpr *decidingCall(const Expr *Cond, const RetrySite &Site,
                             const Stmt *Body) {
  const CallExpr *Found = nullptr;
  auto IsOp = [&](const CallExpr *C) {
    return llvm::any_of(Site.Operations, [&](const Operation &Op) {
      return Op.Call == C || Op.InnerCall == C;
    });
  };
  auto HasOp = [&](const Stmt *S) {
    bool Has = false;
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *C = dyn_cast<CallExpr>(N))
        Has = Has || IsOp(C);
    });
    return Has;
  };
  // Locals that hold the operation's result.
  llvm::SmallPtrSet<const VarDecl *, 4> Results =
      varsAssignedFrom(Body, [&](const Expr *E) { return HasOp(E); });
  auto ReadsResult = [&](const CallExpr *C) {
    for (const Expr *A : C->arguments()) {
      if (HasOp(A))
        return true;
      for (const VarDecl *R : Results)
        if (references(A, R))
          return true;
    }
    return false;
  };
  // What the operation itself is handed (`login(conn, pw) == 0`) is its
  // input, not a decision to stop: the walk does not enter it.
  auto NotOp = [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    return !C || !IsOp(C);
  };
  auto Consider = [&](const Stmt *S, auto &Self, unsigned Depth) -> void {
    walkStatements(
        S,
        [&](const Stmt *N) {
          if (Found)
            return;
          if (const auto *C = dyn_cast<CallExpr>(N)) {
            const FunctionDecl *FD = calleeDecl(C);
            const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
            // (Connecting again is part of the attempt: its failure
            // ends the loop as a failure, it bounds nothing.)
            if (FD && !IsOp(C) && !ReadsResult(C) && !isStdLibrary(FD) &&
                !(FD->getDeclName().isIdentifier() &&
                  (hasWord(FD->getName(), "reconnect") ||
                   hasWord(FD->getName(), "connect"))) &&
                !FD->isOverloadedOperator() && !isa<CXXConversionDecl>(FD) &&
                !(MD && MD->isConst() && !MD->isVirtual()) &&
                !FD->getASTContext().getSourceManager().isInSystemHeader(
                    FD->getLocation()))
              Found = C;
          } else if (const auto *DRE = dyn_cast<DeclRefExpr>(N)) {
            const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
            if (V && V->hasLocalStorage() && V->getInit() && Depth == 0)
              Self(V->getInit(), Self, Depth + 1);
          }
        },
        NotOp);
  };
  Consider(Cond, Consider, 0);
  return Found;
}

bool policyComparison(const CallExpr *Call, ASTContext &Ctx, unsigned &Arg,
                      BinaryOperatorKind &Op, int64_t &Limit) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!M || !M->hasBody(Def) || !Def)
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  const auto *BO =
      Ret && Ret->getRetValue()
          ? dyn_cast<BinaryOperator>(Ret->getRetValue()->IgnoreParenImpCasts())
          : nullptr;
  if (!BO || !BO->isRelationalOp())
    return false;
  Op = BO->getOpcode();
  const Expr *P = BO->getLHS()->IgnoreParenImpCasts();
  const Expr *F = BO->getRHS()->IgnoreParenImpCasts();
  if (!isa<DeclRefExpr>(P)) {
    std::swap(P, F);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  const auto *PRef = dyn_cast<DeclRefExpr>(P);
  const auto *Param = PRef ? dyn_cast<ParmVarDecl>(PRef->getDecl()) : nullptr;
  const auto *Field = dyn_cast<MemberExpr>(F);
  if (!Param || !Field || !isa<CXXThisExpr>(Field->getBase()->IgnoreImpCasts()))
    return false;
  Arg = Param->getFunctionScopeIndex();
  if (Arg >= Call->getNumArgs())
    return false;
  // The limit: what the object's constructor stores in the field.
  const VarDecl *Obj = refVar(MC->getImplicitObjectArgument());
  const auto *Make =
      Obj && Obj->getInit()
          ? dyn_cast<CXXConstructExpr>(Obj->getInit()->IgnoreImplicit())
          : nullptr;
  const CXXConstructorDecl *Ctor = Make ? Make->getConstructor() : nullptr;
  const FunctionDecl *CtorDef = nullptr;
  if (!Ctor || !Ctor->hasBody(CtorDef) || !CtorDef)
    return false;
  for (const CXXCtorInitializer *I :
       cast<CXXConstructorDecl>(CtorDef)->inits()) {
    if (I->getMember() != Field->getMemberDecl() || !I->getInit())
      continue;
    const Expr *V = I->getInit()->IgnoreImplicit();
    if (const auto *PL = dyn_cast<ParenListExpr>(V);
        PL && PL->getNumExprs() == 1)
      V = PL->getExpr(0)->IgnoreImplicit();
    if (const auto *D = dyn_cast<DeclRefExpr>(V->IgnoreParenImpCasts()))
      if (const auto *CP = dyn_cast<ParmVarDecl>(D->getDecl());
          CP && CP->getFunctionScopeIndex() < Make->getNumArgs())
        V = Make->getArg(CP->getFunctionScopeIndex());
    Limit = constInt(V, Ctx, INT64_MIN);
    return Limit != INT64_MIN;
  }
  return false;
}

} // namespace clang::tidy::retry::model
