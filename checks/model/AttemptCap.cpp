// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How the attempts of a retry site are bounded: the attempt cap (a counter
// compared with a constant or a variable, a policy call, a policy method the
// model reads, an exit decided by a call it cannot read) and the deadline
// (a comparison with the clock, a time-budget call). A retry-helper call
// takes the cap its helper gives it (HelperCap.cpp).

#include "RetrySite.h"
#include "StructuralRetryInternal.h"
#include "ValueOrigin.h"
#include "utils/AssignedVars.h"
#include "utils/Duration.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

std::optional<double> deadlineSeconds(const RetrySite &S,
                                      const ASTContext &Ctx) {
  const Expr *L = nullptr, *R = nullptr;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(S.Deadline);
      BO && BO->isComparisonOp()) {
    L = BO->getLHS();
    R = BO->getRHS();
  } else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(S.Deadline);
             OC && OC->isComparisonOp() && OC->getNumArgs() == 2) {
    L = OC->getArg(0);
    R = OC->getArg(1);
  }
  if (!L)
    return std::nullopt;
  // The constant side is the bound, the other reads the clock.
  if (std::optional<double> B = elapsedBoundSeconds(L, R, Ctx))
    return B;
  return elapsedBoundSeconds(R, L, Ctx);
}

/// Does the same-file policy method \p Def decide on nothing but what its
/// \p Outcome parameters are given (`ShouldRetry(s)` returning
/// `s.error_code() == UNAVAILABLE`)? Then a retry that keeps failing the
/// same way gets the same answer every time: the policy bounds nothing.
/// Any other parameter (an attempt number), state some method of the
/// policy changes, a clock, or a call it cannot see into may bound it.
static bool
decidesOnOutcomeOnly(const FunctionDecl *Def,
                     const llvm::SmallPtrSetImpl<const ParmVarDecl *> &Outcome,
                     unsigned Depth) {
  const Stmt *Body = Def ? Def->getBody() : nullptr;
  if (!Body || Depth > 2)
    return false;
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  // Fields some method of the class (not a constructor) writes.
  llvm::SmallPtrSet<const ValueDecl *, 4> Written;
  if (MD)
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
  auto OnOutcome = [&](const Expr *E) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(E));
    return P && Outcome.count(P);
  };
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
      const FunctionDecl *FD = calleeDecl(Call);
      const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
      if (MC && OnOutcome(MC->getImplicitObjectArgument()))
        return; // s.error_code(), r.status()
      if (FD && isStdLibrary(FD) && FD->getDeclName().isIdentifier() &&
          FD->getName() != "now")
        return;
      // A same-file predicate the decision hands the outcome to.
      const FunctionDecl *CDef = nullptr;
      if (!FD || !FD->hasBody(CDef) || !CDef ||
          (MC && !isa<CXXThisExpr>(
                     MC->getImplicitObjectArgument()->IgnoreParenImpCasts()))) {
        Only = false;
        return;
      }
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
      Only = decidesOnOutcomeOnly(CDef, Passed, Depth + 1);
    }
  });
  return Only;
}

/// A call other than the site's operations that \p Cond reads, directly or
/// through a local it initialized, excluding standard-library and
/// system-header calls, const accessors and predicates over the
/// operation's result (`is_transient(res->status)` is a status test, not a
/// budget).
static const CallExpr *decidingCall(const Expr *Cond, const RetrySite &Site,
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
  auto Consider = [&](const Stmt *S, auto &Self, unsigned Depth) -> void {
    forEachDescendant(S, [&](const Stmt *N) {
      if (Found)
        return;
      if (const auto *C = dyn_cast<CallExpr>(N)) {
        const FunctionDecl *FD = calleeDecl(C);
        const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
        if (FD && !IsOp(C) && !ReadsResult(C) && !isStdLibrary(FD) &&
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
    });
  };
  Consider(Cond, Consider, 0);
  return Found;
}

/// A same-file policy method that compares an attempt number it is handed
/// with a limit its object was built with (`Backoff b(3); ...
/// b.ShouldRetry(attempt)` returning `attempt < max_`): the argument it
/// compares (\p Arg), the comparison with that argument on the left, and the
/// limit. False when any part is not a constant the model reads.
static bool policyComparison(const CallExpr *Call, ASTContext &Ctx,
                             unsigned &Arg, BinaryOperatorKind &Op,
                             int64_t &Limit) {
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

namespace {

/// One comparison an exit test makes: `L Op R`, or a policy call comparing
/// its argument L with its object's limit.
struct Comparison {
  const Expr *L = nullptr, *R = nullptr;
  BinaryOperatorKind Op = BO_EQ;
  std::optional<int64_t> PolicyLimit;
};

/// Reads how the attempts of one retry site are bounded. The algorithm:
/// find the counter (the site's, or a struct field the loop steps); then
/// read every exit test (the loop condition, the ifs of the body or of the
/// recursion or goto region, a local flag set once from conditions): a
/// comparison of the counter with a constant is a constant cap, with
/// anything else a variable one; a policy call, or an exit decided by a
/// call the model cannot read, is a policy; a comparison with the clock or
/// a time-budget call is a deadline.
class CapReader {
public:
  CapReader(const ApiModel &Model, ASTContext &Ctx, RetrySite &Site,
            const FunctionDecl *Fn, ValueOrigin &Origins)
      : Model(Model), Ctx(Ctx), Site(Site), Fn(Fn), Origins(Origins) {
    if (const auto *W = dyn_cast<WhileStmt>(Site.Site))
      LoopCond = W->getCond();
    else if (const auto *D = dyn_cast<DoStmt>(Site.Site))
      LoopCond = D->getCond();
    findFieldCounter();
    CounterResets = counterResets();
  }

  void readRegion(llvm::ArrayRef<const Stmt *> Code) {
    for (const Stmt *S : Code)
      forEachDescendant(S, [&](const Stmt *N) {
        if (const auto *If = dyn_cast<IfStmt>(N))
          examineExit(If->getCond());
      });
  }
  void readLoop();

private:
  bool isClockDerived(const Expr *E) const;
  void findFieldCounter();
  bool mentionsField(const Expr *E) const;
  bool mentionsCounter(const Expr *E) const {
    return Site.AttemptCounter ? references(E, Site.AttemptCounter)
                               : mentionsField(E);
  }
  const llvm::SmallPtrSet<const VarDecl *, 4> &results();
  bool readsResult(const Expr *E);
  bool classifiesResult(const CallExpr *Call);
  bool ignoresAttempts(const CallExpr *Call);
  bool counterResets() const;
  void examineExit(const Expr *Cond);
  void examineBound(const Expr *Cond);
  void examineCall(const CallExpr *Call);
  Comparison comparisonAt(const Expr *Cond, const Stmt *N) const;
  void examineComparison(const Stmt *N, Comparison C);
  int64_t attemptsAllowed(const Stmt *N, const Comparison &C,
                          bool LeftIsCounter, int64_t K) const;
  void readDecidingCalls(const Stmt *Body);
  void readHandedState(const Stmt *Body);

  const ApiModel &Model;
  ASTContext &Ctx;
  RetrySite &Site;
  const FunctionDecl *Fn;
  ValueOrigin &Origins;
  const Expr *LoopCond = nullptr;
  /// Attempts counted in a struct (`token.retries++`): the struct's bounds
  /// are the cap. Only for the cap: the struct is not a per-attempt value.
  const VarDecl *FieldCounterOwner = nullptr;
  const ValueDecl *FieldCounter = nullptr;
  /// A member of the object counted down (`--retries_remaining_`): its
  /// start is not known here, so its test is a cap of unknown size.
  bool FieldCountsDown = false;
  /// The counter starts again on every pass: its test never trips.
  bool CounterResets = false;
  /// Locals that hold an operation's result (`auto out =
  /// client.PutItem(req)`), found when a policy call needs them.
  std::optional<llvm::SmallPtrSet<const VarDecl *, 4>> ResultVars;
  /// What the function changes, found when a flag needs it.
  std::optional<llvm::SmallPtrSet<const ValueDecl *, 8>> ChangedInFn;
};

} // namespace

bool CapReader::isClockDerived(const Expr *E) const {
  for (const Origin &O : Origins.perAttemptOrigins(E, Fn))
    if (O.Kind == SourceKind::Clock)
      return true;
  return false;
}

void CapReader::findFieldCounter() {
  if (Site.Kind != RetryKind::Loop)
    return;
  forEachDescendant(loopParts(Site.Site).Body, [&](const Stmt *N) {
    const auto *UO = dyn_cast<UnaryOperator>(N);
    if (FieldCounter || !UO || !UO->isIncrementDecrementOp())
      return;
    if (const auto *ME =
            dyn_cast<MemberExpr>(UO->getSubExpr()->IgnoreParenImpCasts())) {
      FieldCounterOwner = refVar(ME->getBase());
      FieldCounter = ME->getMemberDecl();
      FieldCountsDown = UO->isDecrementOp();
    }
  });
}

/// Does \p E read the counted field of the counter's struct? The limit may
/// sit in the same struct (st.attempts >= st.max_attempts).
bool CapReader::mentionsField(const Expr *E) const {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *N) {
    if (const auto *ME = dyn_cast<MemberExpr>(N))
      Found = Found || (ME->getMemberDecl() == FieldCounter &&
                        refVar(ME->getBase()) == FieldCounterOwner);
  });
  return Found;
}

const llvm::SmallPtrSet<const VarDecl *, 4> &CapReader::results() {
  if (!ResultVars) {
    ResultVars.emplace();
    if (Site.Kind == RetryKind::Loop)
      *ResultVars =
          varsAssignedFrom(loopParts(Site.Site).Body, [&](const Expr *E) {
            bool Has = false;
            forEachDescendant(E, [&](const Stmt *N) {
              for (const Operation &Op : Site.Operations)
                Has = Has || N == Op.Call;
            });
            return Has;
          });
  }
  return *ResultVars;
}

/// Does \p E read the operation's result?
bool CapReader::readsResult(const Expr *E) {
  bool Reads = false;
  forEachDescendant(E, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Reads = Reads || results().count(V);
    for (const Operation &Op : Site.Operations)
      Reads = Reads || N == Op.Call;
  });
  return Reads;
}

/// `out.GetError().ShouldRetry()`: a question asked of this failure, with
/// no attempt count to go by, classifies it; it bounds nothing.
bool CapReader::classifiesResult(const CallExpr *Call) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MC || MC->getNumArgs() != 0)
    return false;
  return readsResult(MC->getImplicitObjectArgument());
}

/// A policy method defined in the file that is handed only the outcome and
/// decides on nothing else never ends the retry.
bool CapReader::ignoresAttempts(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call), *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def ||
      !Ctx.getSourceManager().isInMainFile(Def->getLocation()))
    return false;
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Outcome;
  for (const ParmVarDecl *P : Def->parameters())
    if (const Expr *A = argForParam(Call, P); A && readsResult(A))
      Outcome.insert(P);
  return decidesOnOutcomeOnly(Def, Outcome, 0);
}

/// A counter declared in the loop body starts again on every pass (`for
/// (;;) { int attempts = 0; ... if (++attempts >= 5) return false; }`):
/// stepped once a pass, its test never trips.
bool CapReader::counterResets() const {
  if (Site.Kind != RetryKind::Loop || !Site.AttemptCounter ||
      !Site.AttemptCounter->hasLocalStorage())
    return false;
  const Stmt *LoopBody = loopParts(Site.Site).Body;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Resets = LoopBody && SM.isPointWithin(Site.AttemptCounter->getLocation(),
                                             LoopBody->getBeginLoc(),
                                             LoopBody->getEndLoc());
  // Stepped inside a nested loop, it may reach the limit within a pass.
  forEachDescendant(LoopBody, [&](const Stmt *N) {
    if (Resets && N != LoopBody &&
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(N) &&
        changedDecls(N).count(Site.AttemptCounter))
      Resets = false;
  });
  return Resets;
}

/// An exit test: its bounds, and those of a local flag set once from
/// conditions (`const bool done = (ok && status < 500) || current >=
/// retries; if (done) return err;`).
void CapReader::examineExit(const Expr *Cond) {
  examineBound(Cond);
  forEachDescendant(Cond, [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
        !V->getType()->isBooleanType() || !Fn || !Fn->getBody())
      return;
    if (!ChangedInFn)
      ChangedInFn = changedDecls(Fn->getBody());
    if (!ChangedInFn->count(V))
      examineBound(V->getInit());
  });
}

void CapReader::examineBound(const Expr *Cond) {
  forEachDescendant(Cond, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      examineCall(Call);
    Comparison C = comparisonAt(Cond, N);
    if (C.L)
      examineComparison(N, C);
  });
}

/// A policy call, or a call whose name says it reads a time budget.
void CapReader::examineCall(const CallExpr *Call) {
  if (Model.isPolicyCall(calleeDecl(Call)) && Site.Cap == CapKind::None &&
      !classifiesResult(Call) && !ignoresAttempts(Call)) {
    Site.Cap = CapKind::Policy;
    Site.CapWhere = Call;
  }
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD || !FD->getDeclName().isIdentifier() || Site.Deadline)
    return;
  std::string L = FD->getName().lower();
  if (StringRef(L).contains("deadline") || StringRef(L).contains("expired") ||
      StringRef(L).contains("time_left") || StringRef(L).contains("timeleft") ||
      StringRef(L).contains("remaining"))
    Site.Deadline = Call;
}

/// The comparison \p N makes, if any, in the exit test \p Cond.
Comparison CapReader::comparisonAt(const Expr *Cond, const Stmt *N) const {
  Comparison C;
  unsigned PolicyArg = 0;
  int64_t Limit = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(N);
      BO && BO->isComparisonOp()) {
    C.L = BO->getLHS();
    C.R = BO->getRHS();
    C.Op = BO->getOpcode();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N);
             OC && OC->isComparisonOp() && OC->getNumArgs() == 2) {
    C.L = OC->getArg(0);
    C.R = OC->getArg(1);
    C.Op = BinaryOperator::getOverloadedOpcode(OC->getOperator());
  } else if (isa<CallExpr>(N) &&
             policyComparison(cast<CallExpr>(N), Ctx, PolicyArg, C.Op, Limit)) {
    // A policy call comparing the counter with its object's limit is that
    // comparison; asked `!b.ShouldRetry(i)`, its exit is the opposite one.
    C.L = cast<CallExpr>(N)->getArg(PolicyArg);
    C.PolicyLimit = Limit;
    forEachDescendant(Cond, [&](const Stmt *M) {
      if (const auto *UO = dyn_cast<UnaryOperator>(M);
          UO && UO->getOpcode() == UO_LNot &&
          UO->getSubExpr()->IgnoreParenImpCasts() == N)
        C.Op = BinaryOperator::negateComparisonOp(C.Op);
    });
  }
  return C;
}

void CapReader::examineComparison(const Stmt *N, Comparison C) {
  if (!Site.Deadline && (isClockDerived(C.L) || (C.R && isClockDerived(C.R))))
    Site.Deadline = N;
  const VarDecl *Counter =
      Site.AttemptCounter ? Site.AttemptCounter : FieldCounterOwner;
  if ((!Counter && !FieldCounter) || Site.Cap == CapKind::Constant)
    return;
  bool LeftIsCounter = mentionsCounter(C.L) && !(C.R && mentionsCounter(C.R));
  bool RightIsCounter = C.R && mentionsCounter(C.R) && !mentionsCounter(C.L);
  if (CounterResets && (LeftIsCounter || RightIsCounter))
    return;
  if (!LeftIsCounter && !RightIsCounter) {
    // Besides the loop's counter, a member stepped in the body and tested
    // (`--retries_remaining_; ... retries_remaining_ == 0`).
    if (Site.AttemptCounter && FieldCounter && C.R &&
        mentionsField(C.L) != mentionsField(C.R) && Site.Cap == CapKind::None) {
      Site.Cap = CapKind::Variable;
      Site.CapWhere = N;
    }
    return;
  }
  const Expr *Bound = LeftIsCounter ? C.R : C.L;
  if (RightIsCounter && C.Op != BO_Cmp) // K > i  ==  i < K
    C.Op = BinaryOperator::reverseComparisonOp(C.Op);
  int64_t K = C.PolicyLimit ? *C.PolicyLimit
              : Bound       ? constInt(Bound, Ctx, INT64_MIN)
                            : INT64_MIN;
  if (K == INT64_MIN || (!Site.AttemptCounter && FieldCountsDown)) {
    Site.Cap = CapKind::Variable;
    Site.CapWhere = N;
    return;
  }
  int64_t Attempts = attemptsAllowed(N, C, LeftIsCounter, K);
  Site.Cap = CapKind::Constant;
  Site.MaxAttempts = unsigned(std::min<int64_t>(Attempts, 1u << 30));
  Site.CapWhere = N;
}

/// How many attempts the exit test \p N, comparing the counter with \p K,
/// allows (at least one).
int64_t CapReader::attemptsAllowed(const Stmt *N, const Comparison &C,
                                   bool LeftIsCounter, int64_t K) const {
  const VarDecl *Counter =
      Site.AttemptCounter ? Site.AttemptCounter : FieldCounterOwner;
  BinaryOperatorKind Op = C.Op;
  int64_t Start =
      Counter && Counter->getInit() ? constInt(Counter->getInit(), Ctx, 0) : 0;
  // i < K and i >= K (as an exit) both allow K - Start attempts.
  int64_t Attempts = (Op == BO_LE || Op == BO_GT) ? K - Start + 1 : K - Start;
  // Counting in the loop condition itself: while (++tries < K) makes one
  // attempt fewer, do ... while (tries++ < K) one more (its body runs
  // before the first test).
  const auto *Counted =
      dyn_cast<UnaryOperator>(ignoreWrappers(LeftIsCounter ? C.L : C.R));
  if (Counted && Counted->isIncrementOp() && LoopCond &&
      LoopCond->IgnoreParenImpCasts() == N) {
    if (isa<WhileStmt>(Site.Site) && Counted->isPrefix())
      --Attempts;
    else if (isa<DoStmt>(Site.Site) && Counted->isPostfix())
      ++Attempts;
  }
  // An exit test in the body after the attempt, on a counter the `for`
  // steps only at the end of the round (`for (i = 1;; ++i) { try { ... }
  // catch (...) { if (i == 3) throw; } }`): the round with i == K is made
  // too.
  if (Site.AttemptCounter && isa<ForStmt>(Site.Site) &&
      !containsStmt(loopParts(Site.Site).Cond, N)) {
    LoopParts Parts = loopParts(Site.Site);
    bool SteppedAtEnd = Parts.Inc && references(Parts.Inc, Counter);
    bool SteppedInBody =
        changedDecls(Parts.Body).count(Site.AttemptCounter) > 0;
    bool AfterAttempt = llvm::any_of(Site.Operations, [&](const Operation &O) {
      return O.Call && Ctx.getSourceManager().isBeforeInTranslationUnit(
                           O.Call->getBeginLoc(), N->getBeginLoc());
    });
    if (SteppedAtEnd && !SteppedInBody && AfterAttempt &&
        (Op == BO_EQ || Op == BO_GE || Op == BO_GT))
      ++Attempts;
  }
  return Attempts < 1 ? 1 : Attempts;
}

void CapReader::readLoop() {
  LoopParts Loop = loopParts(Site.Site);
  examineExit(Loop.Cond);
  // Bounds checked in the body: if (++tries >= 5) break;
  forEachDescendant(Loop.Body, [&](const Stmt *N) {
    if (const auto *If = dyn_cast<IfStmt>(N))
      examineExit(If->getCond());
  });
  if (Site.Cap == CapKind::None && !Site.Deadline)
    readDecidingCalls(Loop.Body);
  if (Site.Cap == CapKind::None && !Site.Deadline)
    readHandedState(Loop.Body);
}

/// An exit decided by a call that is not the retried operation (`if
/// (!policy->canRetry(ctx)) break;`, `permit = node.retry(); if
/// (!permit.allowed) return;`) is a policy the model cannot read: not "no
/// cap".
void CapReader::readDecidingCalls(const Stmt *Body) {
  forEachDescendant(Body, [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    if (!If || Site.Cap != CapKind::None ||
        !(leavesLoop(If->getThen()) || leavesLoop(If->getElse())))
      return;
    if (const CallExpr *Gate = decidingCall(If->getCond(), Site, Body)) {
      Site.Cap = CapKind::Policy;
      Site.CapWhere = Gate;
    }
  });
}

/// A way back taken on a flag another call fills (`post_transfer(per,
/// result, &retry, &delay); if (retry) continue;`): that call decides
/// whether to go on, and its cap is not read here (unknown, not none).
void CapReader::readHandedState(const Stmt *Body) {
  HandedState Handed = handedState(Body);
  auto GoesBack = [](const Stmt *S) {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
      S = CS->body_empty() ? nullptr : CS->body_back();
    return isa_and_nonnull<ContinueStmt>(S);
  };
  forEachDescendant(Body, [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    if (!If || Site.Cap != CapKind::None ||
        !(GoesBack(If->getThen()) || GoesBack(If->getElse())))
      return;
    for (const auto &H : Handed) {
      const CallExpr *By = H.second;
      if (references(If->getCond(), H.first) &&
          llvm::none_of(Site.Operations,
                        [&](const Operation &Op) { return Op.Call == By; })) {
        Site.Cap = CapKind::Policy;
        Site.CapWhere = By;
        return;
      }
    }
  });
}

void RetrySiteIndex::summarizeCap(RetrySite &Site,
                                  llvm::ArrayRef<const Stmt *> Code,
                                  const FunctionDecl *Fn,
                                  ValueOrigin &Origins) {
  if (Site.Kind == RetryKind::Goto || Site.Kind == RetryKind::Recursion)
    CapReader(Model, Ctx, Site, Fn, Origins).readRegion(Code);
  else if (Site.Kind == RetryKind::Loop)
    CapReader(Model, Ctx, Site, Fn, Origins).readLoop();
  else if (const auto *Call = dyn_cast<CallExpr>(Site.Site);
           Call && Site.Kind == RetryKind::Helper)
    summarizeHelperCap(Site, Call);
}

} // namespace clang::tidy::retry::model
