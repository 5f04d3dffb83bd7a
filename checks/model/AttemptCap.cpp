// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How the attempts of a retry site are bounded: the attempt cap (a counter
// compared with a constant or a variable, a policy call, a policy method the
// model reads, an exit decided by a call it cannot read) and the deadline
// (a comparison with the clock, a time-budget call). What a policy method
// decides on, and which call decides an exit, is read in
// PolicyDecisions.cpp. A retry-helper call takes the cap its helper gives it
// (HelperCap.cpp).

#include "AttemptCap.h"
#include "BranchExits.h"
#include "CallOutcomes.h"
#include "CounterMotion.h"
#include "LoopBackOnFailure.h"
#include "OneShotFlags.h"
#include "PolicyDecisions.h"
#include "ValueOrigin.h"
#include "utils/AssignedVars.h"
#include "utils/Duration.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

using namespace utils;

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

/// How the exit test \p Cond reads \p N for its truth, as a comparison
/// with 0: `N` and `a && N` go on while N != 0, `!N` stops when N == 0.
static std::optional<BinaryOperatorKind>
truthTest(const Expr *Cond, const Stmt *N, bool Negated = false) {
  const Expr *E = Cond ? Cond->IgnoreParenImpCasts() : nullptr;
  if (!E)
    return std::nullopt;
  if (E == N)
    return Negated ? BO_EQ : BO_NE;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot)
    return truthTest(UO->getSubExpr(), N, !Negated);
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp()) {
    if (std::optional<BinaryOperatorKind> Op =
            truthTest(BO->getLHS(), N, Negated))
      return Op;
    return truthTest(BO->getRHS(), N, Negated);
  }
  return std::nullopt;
}

namespace {

/// One comparison an exit test makes: `L Op R`; a policy call comparing
/// its argument L with its object's limit; or a count down tested for its
/// truth (`while (left--)`, `!--left`), a comparison with 0.
struct Comparison {
  const Expr *L = nullptr, *R = nullptr;
  BinaryOperatorKind Op = BO_EQ;
  std::optional<int64_t> Limit;
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
    findFieldCounter();
    CounterResets = counterResets();
  }

  /// Reads how the counter moves, in the site's per-attempt \p Code.
  void readMotion(llvm::ArrayRef<const Stmt *> Code) {
    if (Site.AttemptCounter)
      Motion = counterMotion(Site.AttemptCounter, Code, Fn, Ctx);
    else if (FieldStep)
      Motion.Steps.push_back(FieldStep);
  }

  void readRegion(llvm::ArrayRef<const Stmt *> Code) {
    for (const Stmt *S : Code)
      forEachDescendant(S, [&](const Stmt *N) {
        if (const auto *If = dyn_cast<IfStmt>(N))
          examineExit(If->getCond());
      });
    for (const Stmt *S : Code)
      if (Site.Cap == CapKind::None && !Site.Deadline)
        readOneShotFlags(S);
  }
  void readLoop();

private:
  bool isClockDerived(const Expr *E) const;
  void findFieldCounter();
  bool mentionsField(const Expr *E) const;
  bool mentionsCounter(const Expr *E) const {
    return Site.AttemptCounter ? referencesUnmasked(E, Site.AttemptCounter)
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
  std::optional<int64_t> attemptsAllowed(const Stmt *N, const Comparison &C,
                                         int64_t K) const;
  void readDecidingCalls(const Stmt *Body);
  void readHandedState(const Stmt *Body);
  void readOneShotFlags(const Stmt *Region);

  const ApiModel &Model;
  ASTContext &Ctx;
  RetrySite &Site;
  const FunctionDecl *Fn;
  ValueOrigin &Origins;
  /// Attempts counted in a struct (`token.retries++`): the struct's bounds
  /// are the cap. Only for the cap: the struct is not a per-attempt value.
  const VarDecl *FieldCounterOwner = nullptr;
  const ValueDecl *FieldCounter = nullptr;
  /// The step of the counted member (`++st.tries`).
  const UnaryOperator *FieldStep = nullptr;
  CounterMotion Motion;
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
      FieldStep = UO;
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
    C.Limit = Limit;
    forEachDescendant(Cond, [&](const Stmt *M) {
      if (const auto *UO = dyn_cast<UnaryOperator>(M);
          UO && UO->getOpcode() == UO_LNot &&
          UO->getSubExpr()->IgnoreParenImpCasts() == N)
        C.Op = BinaryOperator::negateComparisonOp(C.Op);
    });
  } else if (Motion.Down && isa<Expr>(N) &&
             cast<Expr>(N)->getType()->isIntegerType() &&
             mentionsCounter(cast<Expr>(N))) {
    // Attempts left tested for their truth: `while (left--)` goes on while
    // left != 0, `if (!--left) break;` stops when left == 0.
    if (std::optional<BinaryOperatorKind> Op = truthTest(Cond, N)) {
      C.L = cast<Expr>(N);
      C.Op = *Op;
      C.Limit = 0;
    }
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
  // A counter named for a time unit (`waited_ms += POLL_MS`) adds up time:
  // its bound is a time budget, a deadline, not a number of attempts.
  if (Counter && Counter->getDeclName().isIdentifier() &&
      durationUnitFromName(Counter->getName())) {
    if (!Site.Deadline)
      Site.Deadline = N;
    return;
  }
  const Expr *Bound = LeftIsCounter ? C.R : C.L;
  if (RightIsCounter && C.Op != BO_Cmp) // K > i  ==  i < K
    C.Op = BinaryOperator::reverseComparisonOp(C.Op);
  int64_t K = C.Limit ? *C.Limit
              : Bound ? constInt(Bound, Ctx, INT64_MIN)
                      : INT64_MIN;
  std::optional<int64_t> Attempts;
  // A member of the object counted down (`--retries_remaining_`): its
  // start is not known here, so its test is a cap of unknown size.
  bool FieldCountsDown = FieldStep && FieldStep->isDecrementOp();
  if (K != INT64_MIN && (Site.AttemptCounter || !FieldCountsDown))
    Attempts = attemptsAllowed(N, C, K);
  Site.CapWhere = N;
  if (!Attempts) {
    Site.Cap = CapKind::Variable;
    return;
  }
  Site.Cap = CapKind::Constant;
  Site.MaxAttempts = unsigned(std::min<int64_t>(*Attempts, 1u << 30));
}

/// How many attempts the exit test \p N, comparing the counter with \p K,
/// allows (at least one); none when the counter counts down from a start
/// not written as a constant. The counter read at the test is its start
/// moved by the attempts made, give or take the round's own step.
std::optional<int64_t> CapReader::attemptsAllowed(const Stmt *N,
                                                  const Comparison &C,
                                                  int64_t K) const {
  if (Motion.Down && !Motion.Start)
    return std::nullopt;
  int64_t Start = Motion.Start.value_or(0);
  llvm::SmallVector<const Stmt *, 2> Attempts;
  for (const Operation &O : Site.Operations)
    Attempts.push_back(O.Call);
  int64_t Ahead = roundOffset(Site.Site, N, Motion, Attempts, Ctx);
  // Counting up, i < K and i >= K (as an exit) both allow K - Start
  // attempts, i <= K and i > K one more; counting down, i > K and i <= K
  // allow Start - K, i >= K and i < K one more.
  BinaryOperatorKind Op = C.Op;
  int64_t Allowed = Motion.Down
                        ? Start - K - Ahead + (Op == BO_GE || Op == BO_LT)
                        : K - Start - Ahead + (Op == BO_LE || Op == BO_GT);
  return std::max<int64_t>(Allowed, 1);
}

/// Can \p If decide whether the loop whose condition is \p LoopCond ends:
/// a branch leaves it (`break`, `return`, `goto`, a throw, a call that does
/// not return such as `exit(1)`), goes back (`if (n == 0) continue; return
/// r;`) or sets what the condition tests? A test whose branches only go on
/// (`else if (tries > 0) printf(...)`) bounds nothing.
static bool mayEndLoop(const IfStmt *If, const Expr *LoopCond) {
  for (const Stmt *B : {If->getThen(), If->getElse()}) {
    bool Ends = B && (leavesLoop(B) || endsWithContinue(B));
    forEachDescendant(B, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
      const auto *BO = dyn_cast<BinaryOperator>(N);
      const ValueDecl *Set =
          BO && BO->isAssignmentOp() ? refDecl(BO->getLHS()) : nullptr;
      Ends = Ends || isa<GotoStmt, CXXThrowExpr>(N) ||
             (FD && FD->isNoReturn()) ||
             (Set && LoopCond && references(LoopCond, Set));
    });
    if (Ends)
      return true;
  }
  return false;
}

void CapReader::readLoop() {
  LoopParts Loop = loopParts(Site.Site);
  examineExit(Loop.Cond);
  // Bounds checked in the body: if (++tries >= 5) break;
  forEachDescendant(Loop.Body, [&](const Stmt *N) {
    if (const auto *If = dyn_cast<IfStmt>(N); If && mayEndLoop(If, Loop.Cond))
      examineExit(If->getCond());
  });
  if (Site.Cap == CapKind::None && !Site.Deadline)
    readDecidingCalls(Loop.Body);
  if (Site.Cap == CapKind::None && !Site.Deadline)
    readHandedState(Loop.Body);
  if (Site.Cap == CapKind::None && !Site.Deadline)
    readOneShotFlags(Loop.Body);
}

void CapReader::readOneShotFlags(const Stmt *Region) {
  if (const IfStmt *If = oneShotFlagTest(Region, Ctx)) {
    Site.Cap = CapKind::Constant;
    Site.MaxAttempts = 2;
    Site.CapWhere = If;
  }
}

/// An exit decided by a call that is not the retried operation (`if
/// (!policy->canRetry(ctx)) break;`, `permit = node.retry(); if
/// (!permit.allowed) return;`) is a policy the model cannot read: not "no
/// cap".
void CapReader::readDecidingCalls(const Stmt *Body) {
  forEachDescendant(Body, [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    const auto *SW = dyn_cast<SwitchStmt>(N);
    // A switch on the call's answer leaves in one of its cases (`switch
    // (timer_refresh(&t)) { case TIMEOUT: goto done; ... }`).
    bool Leaves = If   ? leavesLoop(If->getThen()) || leavesLoop(If->getElse())
                  : SW ? leavesLoop(SW->getBody(), /*InInnerBreakable=*/true)
                       : false;
    if (!Leaves || Site.Cap != CapKind::None)
      return;
    const Expr *Cond = If ? If->getCond() : SW->getCond();
    if (const CallExpr *Gate = decidingCall(Cond, Site, Body)) {
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
    // (What a call in the test is handed is not a flag the test reads:
    // `if (post(h, r)) { if (reconnect(h)) return; continue; }`.)
    llvm::SmallPtrSet<const ValueDecl *, 8> Named;
    namesOutsideCalls(If->getCond(), Named);
    for (const auto &H : Handed) {
      const CallExpr *By = H.second;
      if (Named.count(H.first) &&
          llvm::none_of(Site.Operations,
                        [&](const Operation &Op) { return Op.Call == By; })) {
        Site.Cap = CapKind::Policy;
        Site.CapWhere = By;
        return;
      }
    }
  });
}

void readCap(RetrySite &Site, llvm::ArrayRef<const Stmt *> Code,
             const FunctionDecl *Fn, ValueOrigin &Origins,
             const ApiModel &Model, ASTContext &Ctx) {
  bool Region =
      Site.Kind == RetryKind::Goto || Site.Kind == RetryKind::Recursion;
  if (!Region && Site.Kind != RetryKind::Loop)
    return;
  CapReader Reader(Model, Ctx, Site, Fn, Origins);
  // A loop's counter moves in the loop itself (its init, condition and
  // increment included), a region's in its code.
  Reader.readMotion(Region ? Code : llvm::ArrayRef<const Stmt *>(Site.Site));
  if (Region)
    Reader.readRegion(Code);
  else
    Reader.readLoop();
}

} // namespace clang::tidy::retry::model
