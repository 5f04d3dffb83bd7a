// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Ways back to the next attempt of a retry loop that pass no wait. The body
// is read in order: each statement either passes on the ways that reach it
// without a wait, or closes them (it waits, or it leaves the loop). An
// `if` passes on both branches' ways; one without `else` passes on the way
// that skips its branch. What cannot be read this way closes every way, so
// that an unread shape never reads as "no wait".

#include "WaitPaths.h"
#include "RetrySite.h"
#include "utils/AstQueries.h"
#include "utils/SwitchGroups.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

namespace clang::tidy::retry::model {

using namespace utils;

/// The value counter \p V holds at \p At on the first way back: its
/// constant start plus the steps the loop body takes before \p At
/// (`++tries;`); none when either cannot be read.
static std::optional<int64_t> firstWayValue(const VarDecl *V, const Stmt *At,
                                            const Stmt *Body, ASTContext &Ctx) {
  int64_t Start =
      V->getInit() ? constInt(V->getInit(), Ctx, INT64_MIN) : INT64_MIN;
  if (Start == INT64_MIN)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  int64_t Steps = 0;
  bool Unread = false;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (!SM.isBeforeInTranslationUnit(N->getEndLoc(), At->getBeginLoc()))
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(N);
        UO && UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == V)
      Steps += UO->isIncrementOp() ? 1 : -1;
    else if (const auto *CA = dyn_cast<CompoundAssignOperator>(N);
             CA && refVar(CA->getLHS()) == V) {
      int64_t K = constInt(CA->getRHS(), Ctx, INT64_MIN);
      if (K == INT64_MIN ||
          (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
        Unread = true;
      else
        Steps += CA->getOpcode() == BO_AddAssign ? K : -K;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(N);
               BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V)
      Unread = true;
  });
  if (Unread)
    return std::nullopt;
  return Start + Steps;
}

/// Is the way on which \p Cond (the test of \p If) is false one that still
/// goes back after a failure? Only when it reads so: the test names one
/// HTTP status (`status == 429`: the others go back too), or compares a
/// counter \p Counted with a constant and is false on the first way back
/// (`++tries; if (tries > 1)`: the first retry goes back at once). `rc !=
/// 0` (a wait on every failure) and tests the model cannot read are no such
/// way.
static bool falseOnAFailureWay(const Expr *Cond, const IfStmt *If,
                               const Stmt *Body,
                               llvm::ArrayRef<const VarDecl *> Counted,
                               ASTContext &Ctx, unsigned Depth = 0) {
  const Expr *E = Cond ? Cond->IgnoreParenImpCasts() : nullptr;
  if (!E || Depth > 8)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LOr)
      return falseOnAFailureWay(BO->getLHS(), If, Body, Counted, Ctx,
                                Depth + 1) &&
             falseOnAFailureWay(BO->getRHS(), If, Body, Counted, Ctx,
                                Depth + 1);
    if (BO->getOpcode() == BO_LAnd)
      return falseOnAFailureWay(BO->getLHS(), If, Body, Counted, Ctx,
                                Depth + 1) ||
             falseOnAFailureWay(BO->getRHS(), If, Body, Counted, Ctx,
                                Depth + 1);
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    BinaryOperatorKind Op = BO->getOpcode();
    if (constInt(L, Ctx, INT64_MIN) != INT64_MIN) {
      std::swap(L, R);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    int64_t K = constInt(R, Ctx, INT64_MIN);
    if (K == INT64_MIN)
      return false;
    if (Op == BO_EQ && K >= 400 && K <= 599)
      return true;
    const VarDecl *V = refVar(L);
    if (!V || !llvm::is_contained(Counted, V) || !BO->isComparisonOp())
      return false;
    std::optional<int64_t> First = firstWayValue(V, If, Body, Ctx);
    if (!First)
      return false;
    bool Holds = Op == BO_GT   ? *First > K
                 : Op == BO_GE ? *First >= K
                 : Op == BO_LT ? *First < K
                 : Op == BO_LE ? *First <= K
                 : Op == BO_EQ ? *First == K
                               : *First != K;
    return !Holds;
  }
  // A status kept as text (`caught_status == "429"`).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_EqualEqual && OC->getNumArgs() == 2)
    for (const Expr *Arg : OC->arguments())
      if (const auto *SL = dyn_cast<StringLiteral>(
              Arg->IgnoreParenImpCasts()->IgnoreImplicit()))
        if (SL->getCharByteWidth() == 1 && SL->getLength() == 3) {
          unsigned K = 0;
          if (!SL->getString().getAsInteger(10, K) && K >= 400 && K <= 599)
            return true;
        }
  // A local flag: its initializer (`bool throttled = status == 429;`).
  if (const auto *V = dyn_cast_or_null<VarDecl>(refVar(E));
      V && V->isLocalVarDecl() && V->getType()->isBooleanType())
    return falseOnAFailureWay(V->getInit(), If, Body, Counted, Ctx, Depth + 1);
  return false;
}

namespace {

/// Whether a way without a wait reaches a point, and where it left the
/// waits behind (the first `if` that skipped one, or the `continue`).
struct Way {
  bool Open = false;
  const Stmt *Skipped = nullptr;
};

class WayReader {
public:
  WayReader(llvm::ArrayRef<Wait> Waits, const Stmt *Body,
            llvm::SmallVector<const VarDecl *, 2> Counted, ASTContext &Ctx)
      : Body(Body), Counted(std::move(Counted)), Ctx(Ctx) {
    for (const Wait &W : Waits)
      Calls.insert(W.Call);
  }

  /// The ways out of \p S (falling off its end) given the ways in.
  Way walk(const Stmt *S, Way In);

  /// A way that reached the next attempt without a wait, if any.
  const Stmt *Back = nullptr;

private:
  bool waits(const Stmt *S) const {
    bool Found = false;
    forEachDescendant(S, [&](const Stmt *N) {
      Found = Found || Calls.count(dyn_cast<CallExpr>(N));
    });
    return Found;
  }
  bool afterAttempt(const Stmt *S) const {
    return Attempt && Ctx.getSourceManager().isBeforeInTranslationUnit(
                          Attempt->getEndLoc(), S->getBeginLoc());
  }
  void reachBack(const Way &W, const Stmt *At) {
    if (W.Open && !Back)
      Back = W.Skipped ? W.Skipped : At;
  }

  llvm::SmallPtrSet<const CallExpr *, 4> Calls;
  const Stmt *Body;
  llvm::SmallVector<const VarDecl *, 2> Counted;
  ASTContext &Ctx;

public:
  /// The first operation call of the attempt.
  const Stmt *Attempt = nullptr;
};

} // namespace

Way WayReader::walk(const Stmt *S, Way In) {
  if (!S || !In.Open)
    return In;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body())
      In = walk(Child, In);
    return In;
  }
  if (isa<ContinueStmt>(S)) {
    reachBack(In, S);
    return {};
  }
  if (isa<ReturnStmt, BreakStmt, GotoStmt, CXXThrowExpr>(S))
    return {};
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (waits(If->getCond()))
      return {};
    Way Then = walk(If->getThen(), In);
    Way Else = In;
    if (If->getElse())
      Else = walk(If->getElse(), In);
    else if (waits(If->getThen()))
      // The way that does not take the branch: one that still goes back
      // after a failure, or none that is read.
      // Before the attempt, the test decides the first attempt's wait (no
      // way back has reached it yet).
      Else = afterAttempt(If) &&
                     falseOnAFailureWay(If->getCond(), If, Body, Counted, Ctx)
                 ? Way{true, Else.Skipped ? Else.Skipped : If}
                 : Way{};
    if (Else.Open && (Else.Skipped || !Then.Open))
      return Else;
    return Then.Open ? Then : Else;
  }
  if (const auto *E = dyn_cast<Expr>(S);
      E && isa<CXXThrowExpr>(ignoreWrappers(E)))
    return {};
  // Other statements: a wait anywhere in them (an inner loop, a switch, a
  // try) closes the ways.
  if (waits(S))
    return {};
  // Inner loops' `continue`s are their own; a switch's or a try's go back
  // on the ways that reach the statement.
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return In;
  std::function<void(const Stmt *)> Continues = [&](const Stmt *N) {
    for (const Stmt *Child : N->children()) {
      if (!Child ||
          isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(Child))
        continue;
      if (isa<ContinueStmt>(Child))
        reachBack(In, Child);
      Continues(Child);
    }
  };
  Continues(S);
  return In;
}

const Stmt *wayBackWithoutWait(const RetrySite &Site, ASTContext &Ctx) {
  if (Site.Kind != RetryKind::Loop || Site.Waits.empty())
    return nullptr;
  // A wait the model cannot place may be on any way.
  if (llvm::any_of(Site.Waits, [](const Wait &W) { return !W.Call; }))
    return nullptr;
  LoopParts P = loopParts(Site.Site);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(P.Body);
  if (!Body)
    return nullptr;
  llvm::SmallVector<const VarDecl *, 2> Counted = incrementedVars(P.Body);
  if (P.Inc)
    Counted.append(incrementedVars(P.Inc));
  WayReader R(Site.Waits, Body, std::move(Counted), Ctx);
  for (const Operation &Op : Site.Operations)
    if (Op.Call && containsStmt(Body, Op.Call) &&
        (!R.Attempt || Ctx.getSourceManager().isBeforeInTranslationUnit(
                           Op.Call->getBeginLoc(), R.Attempt->getBeginLoc())))
      R.Attempt = Op.Call;
  // Waits in the condition or the increment are on every way back; waits
  // outside the body (a callee's) cannot be placed on a way.
  for (const Wait &W : Site.Waits)
    if (containsStmt(P.Cond, W.Call) || containsStmt(P.Inc, W.Call) ||
        !containsStmt(Body, W.Call))
      return nullptr;
  Way End = R.walk(Body, Way{true, nullptr});
  if (!R.Back && End.Open && End.Skipped)
    R.Back = End.Skipped;
  // Only a way that left a wait behind: a loop that reaches its end with no
  // wait at all on any way is read by the no-wait rule already.
  if (R.Back && !isa<IfStmt, ContinueStmt>(R.Back))
    return nullptr;
  return R.Back;
}

/// The statements from \p S up to \p Top, innermost first.
static llvm::SmallVector<const Stmt *, 16>
pathUp(const Stmt *S, const Stmt *Top, ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 16> Path{S};
  for (DynTypedNode N = DynTypedNode::create(*S); Path.back() != Top;) {
    auto Parents = Ctx.getParents(N);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P || Path.size() > 64)
      return {};
    Path.push_back(P);
    N = Parents[0];
  }
  return Path;
}

/// The `case` group of \p SW that holds \p S, or -1.
static int caseGroupOf(const SwitchStmt *SW, const Stmt *S) {
  llvm::SmallVector<CaseGroup, 4> Groups = caseGroups(SW);
  for (size_t I = 0; I < Groups.size(); ++I)
    for (const Stmt *G : Groups[I].Stmts)
      if (containsStmt(G, S))
        return static_cast<int>(I);
  return -1;
}

/// Are \p A and \p B, both in \p Loop, on different ways through it: the
/// two arms of an `if`, or two `case` groups of a `switch`?
static bool onExclusiveWays(const Stmt *A, const Stmt *B, const Stmt *Loop,
                            ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 16> PA = pathUp(A, Loop, Ctx),
                                      PB = pathUp(B, Loop, Ctx);
  for (size_t I = 1; I < PA.size(); ++I) {
    const Stmt *const *J = llvm::find(PB, PA[I]);
    if (J == PB.end())
      continue;
    if (J == PB.begin())
      return false;
    const Stmt *ChildA = PA[I - 1], *ChildB = *(J - 1);
    if (const auto *If = dyn_cast<IfStmt>(PA[I]))
      return ChildA != ChildB && ChildA != If->getCond() &&
             ChildB != If->getCond();
    if (const auto *SW = dyn_cast_or_null<SwitchStmt>(
            I + 1 < PA.size() ? PA[I + 1] : nullptr))
      if (SW->getBody() == PA[I]) {
        int GA = caseGroupOf(SW, A), GB = caseGroupOf(SW, B);
        return GA >= 0 && GB >= 0 && GA != GB;
      }
    return false;
  }
  return false;
}

const Wait *unjitteredWayBack(const RetrySite &Site, ASTContext &Ctx) {
  // A way back chosen by a Retry-After test waits as the server said, even
  // a constant time: not judged here.
  if (Site.Kind != RetryKind::Loop || Site.ReadsRetryAfter)
    return nullptr;
  for (const Wait &W : Site.Waits) {
    if (!W.Call || W.Jitter != Fact::No || W.RetryAfter)
      continue;
    if (llvm::all_of(Site.Waits, [&](const Wait &J) {
          return J.Jitter == Fact::No || !J.Call ||
                 onExclusiveWays(W.Call, J.Call, Site.Site, Ctx);
        }))
      return &W;
  }
  return nullptr;
}

/// The condition of an `if` whose branch goes back with `continue` for a
/// retried failure, with no wait on the way.
static const Stmt *continueWithoutWait(const RetrySite &Site,
                                       const RetriedStatuses &R,
                                       const SourceManager &SM) {
  LoopParts P = loopParts(Site.Site);
  if (!P.Body)
    return nullptr;
  for (const auto &Path : R.Paths) {
    const StatusSet &Set = Path.first;
    const Stmt *At = Path.second;
    if ((Set & ~StatusSet::http(100, 399) & ~StatusSet::grpc(0)).empty())
      continue;
    const IfStmt *Gate = nullptr;
    forEachInFunction(P.Body, [&](const Stmt *N) {
      if (const auto *If = dyn_cast<IfStmt>(N); If && If->getCond() == At)
        Gate = If;
    });
    const Stmt *Then = Gate ? Gate->getThen() : nullptr;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then))
      Then = CS->body_empty() ? nullptr : CS->body_back();
    if (!isa_and_nonnull<ContinueStmt>(Then))
      continue;
    bool Waited = llvm::any_of(Site.Waits, [&](const Wait &W) {
      if (!W.Call)
        return true; // a wait the model cannot place
      SourceLocation L = W.Call->getBeginLoc();
      return containsStmt(P.Cond, W.Call) || containsStmt(P.Inc, W.Call) ||
             containsStmt(Gate->getThen(), W.Call) ||
             !containsStmt(P.Body, W.Call) ||
             SM.isBeforeInTranslationUnit(L, Gate->getBeginLoc());
    });
    if (!Waited)
      return At;
  }
  return nullptr;
}

const Stmt *bareWayBack(const RetrySite &Site, const RetriedStatuses &R,
                        ASTContext &Ctx) {
  if (Site.Kind != RetryKind::Loop)
    return nullptr;
  if (const Stmt *At = continueWithoutWait(Site, R, Ctx.getSourceManager()))
    return At;
  return wayBackWithoutWait(Site, Ctx);
}

} // namespace clang::tidy::retry::model
