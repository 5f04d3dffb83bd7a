// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry loops: a loop around operations that goes on or stops depending on
// how they went (its attempt counter, not a walk over a container, not
// paging), or one around calls the model does not know that goes back
// because they failed (StructuralRetry.cpp).

#include "RetryLoops.h"
#include "Interrupts.h"
#include "RetryEvidence.h"
#include "RetrySite.h"
#include "RetrySiteIndex.h"
#include "RetrySiteSummary.h"
#include "RoundAfterSuccess.h"
#include "SiteTable.h"
#include "StructuralRetry.h"
#include "WaitNames.h"
#include "utils/AssignedVars.h"
#include "utils/IdentifierWords.h"
#include "utils/OutArguments.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

namespace clang::tidy::retry::model {

using namespace utils;

/// Variables assigned (=, op=, ++) in \p S.
static llvm::SmallVector<const VarDecl *, 4> assignedVars(const Stmt *S) {
  llvm::SmallVector<const VarDecl *, 4> Out = incrementedVars(S);
  forEachDescendant(S, [&](const Stmt *N) {
    const VarDecl *V = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
      if (BO->isAssignmentOp())
        V = refVar(BO->getLHS());
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
      if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
        V = refVar(OC->getArg(0));
    }
    if (V && llvm::find(Out, V) == Out.end())
      Out.push_back(V);
  });
  return Out;
}

static bool isConstantTrue(const Expr *Cond, ASTContext &Ctx) {
  if (!Cond)
    return true; // for (;;)
  bool Value = false;
  if (Cond->isValueDependent())
    return false;
  Expr::EvalResult R;
  if (Cond->EvaluateAsBooleanCondition(Value, Ctx))
    return Value;
  return false;
}

/// The nodes of \p Body that only feed a wait's duration: the arguments of
/// the calls that wait, and the initializers of the locals read only
/// there (`unsigned gap = gaps[attempt]; sleep(gap);`). A table the
/// attempt counter reads there is the retry's own bookkeeping (a delay
/// table), not what each round sends.
static llvm::SmallPtrSet<const Stmt *, 16> waitFed(const Stmt *Body,
                                                   const ApiModel &Model) {
  llvm::SmallPtrSet<const Stmt *, 16> Fed;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
    if (Call && (Model.waitDurationArg(Call) ||
                 (FD && FD->getDeclName().isIdentifier() &&
                  isSleepName(FD->getName()))))
      for (const Expr *Arg : Call->arguments())
        forEachDescendant(Arg, [&](const Stmt *A) { Fed.insert(A); });
  });
  llvm::DenseMap<const VarDecl *, bool> OnlyInWaits;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (V && V->hasLocalStorage()) {
      auto [It, New] = OnlyInWaits.try_emplace(V, true);
      It->second = It->second && Fed.count(DRE);
    }
  });
  forEachInFunction(Body, [&](const Stmt *N) {
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->getInit() && OnlyInWaits.lookup(V))
          forEachDescendant(V->getInit(),
                            [&](const Stmt *A) { Fed.insert(A); });
  });
  return Fed;
}

/// Does the loop walk a container: the counter indexes something, or the
/// condition compares against size()/end()?
static bool isIterationLoop(const Stmt *Body, const Expr *Cond,
                            const VarDecl *Counter, const ApiModel &Model) {
  bool Iter = false;
  forEachDescendant(Cond, [&](const Stmt *N) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N))
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (M->getDeclName().isIdentifier() &&
            llvm::is_contained({"size", "end", "cend", "length", "rend"},
                               M->getName()))
          Iter = true;
  });
  if (Iter || !Counter)
    return Iter;
  llvm::SmallPtrSet<const Stmt *, 16> Fed = waitFed(Body, Model);
  forEachDescendant(Body, [&](const Stmt *N) {
    if (Fed.count(N))
      return;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(N)) {
      if (references(AS->getIdx(), Counter))
        Iter = true;
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
      if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
          references(OC->getArg(1), Counter))
        Iter = true;
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N)) {
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (M->getDeclName().isIdentifier() && M->getName() == "at" &&
            MC->getNumArgs() == 1 && references(MC->getArg(0), Counter))
          Iter = true;
    }
  });
  return Iter;
}

/// Is \p V (or a local initialized from it in \p Body) part of the arguments
/// of an operation? Then each iteration sends a different request (paging).
static bool feedsRequest(const VarDecl *V, const Stmt *Body,
                         llvm::ArrayRef<Operation> Ops) {
  llvm::SmallVector<const VarDecl *, 4> Derived{V};
  forEachDescendant(Body, [&](const Stmt *N) {
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (VD->getInit() && references(VD->getInit(), V))
            Derived.push_back(VD);
  });
  for (const Operation &Op : Ops)
    for (const Expr *Arg : Op.Call->arguments())
      for (const VarDecl *D : Derived)
        if (references(Arg, D))
          return true;
  return false;
}

namespace {

/// What holds the outcome of a loop's operations: the calls themselves, the
/// variables they fill (out-parameters included), the variables a reply
/// reader fills, and the variables filled from those (two rounds, flags
/// raised under a test of them included).
class OutcomeHolders {
public:
  OutcomeHolders(const Stmt *Body, llvm::ArrayRef<Operation> Ops);
  /// Does \p S contain one of the operations' calls?
  bool containsOp(const Stmt *S) const {
    bool Found = false;
    forEachDescendant(S, [&](const Stmt *N) { Found |= Calls.count(N) > 0; });
    return Found;
  }
  /// Does \p S read an outcome?
  bool reads(const Stmt *S) const;

private:
  void addOutParams(const CallExpr *Call);
  void addReplyReaders(const Stmt *Body);
  void addDerived(const Stmt *N);

  llvm::SmallPtrSet<const Stmt *, 4> Calls;
  llvm::SmallPtrSet<const VarDecl *, 8> Results;
};

} // namespace

OutcomeHolders::OutcomeHolders(const Stmt *Body,
                               llvm::ArrayRef<Operation> Ops) {
  for (const Operation &Op : Ops)
    Calls.insert(Op.Call);
  for (const Operation &Op : Ops) {
    addOutParams(Op.Call);
    if (Op.InnerCall && Op.InnerCall != Op.Call)
      addOutParams(Op.InnerCall);
  }
  addReplyReaders(Body);
  // Variables filled from the operation, then from those (two rounds).
  for (int Round = 0; Round < 2; ++Round)
    forEachDescendant(Body, [&](const Stmt *N) { addDerived(N); });
}

/// A call that returns nothing reports through what it is handed, pointers
/// included (brpc's `stub.Echo(cntl, &req, resp)`, then `cntl->Failed()`).
void OutcomeHolders::addOutParams(const CallExpr *Call) {
  bool Void = Call->getType()->isVoidType();
  for (const OutArgument &A : outArguments(Call))
    if (A.AddressOf || A.ByReference || (Void && A.ThroughPointer))
      Results.insert(A.Var);
}

/// Calls that read the response of the operation: curl_easy_getinfo,
/// Beast's http::read.
void OutcomeHolders::addReplyReaders(const Stmt *Body) {
  forEachDescendant(Body, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      if (const FunctionDecl *FD = calleeDecl(Call)) {
        std::string QN = FD->getQualifiedNameAsString();
        if (QN == "curl_easy_getinfo" || QN == "boost::beast::http::read" ||
            QN == "boost::beast::http::async_read" ||
            QN == "boost::beast::http::read_header")
          addOutParams(Call);
      }
  });
}

void OutcomeHolders::addDerived(const Stmt *N) {
  auto Feeds = [&](const Expr *E) { return reads(E); };
  if (const auto *DS = dyn_cast<DeclStmt>(N)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getInit() && Feeds(V->getInit()))
          Results.insert(V);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
    if (BO->isAssignmentOp())
      if (const VarDecl *V = refVar(BO->getLHS()))
        if (Feeds(BO->getRHS()))
          Results.insert(V);
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
    if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
      if (const VarDecl *V = refVar(OC->getArg(0)))
        if (Feeds(OC->getArg(1)))
          Results.insert(V);
  } else if (const auto *If = dyn_cast<IfStmt>(N)) {
    // A flag raised under a test of the response (`if (!res) again =
    // true;`) carries the outcome too.
    if (Feeds(If->getCond()))
      for (const Stmt *Branch : {If->getThen(), If->getElse()})
        if (Branch)
          for (const VarDecl *V : assignedVars(Branch))
            Results.insert(V);
  }
}

bool OutcomeHolders::reads(const Stmt *S) const {
  if (!S)
    return false;
  if (containsOp(S))
    return true;
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Found |= Results.count(V) > 0;
  });
  return Found;
}

/// Does the loop's continuation depend on the outcome of one of \p Ops:
/// a condition (loop or exit/continue `if`) reads its result, a variable
/// it filled (out-parameters included) or something derived from those, or
/// a try block around it decides through exceptions?
static bool outcomeDecides(const Stmt *Body, const Expr *Cond,
                           llvm::ArrayRef<Operation> Ops) {
  OutcomeHolders Holders(Body, Ops);
  if (Holders.reads(Cond))
    return true;
  bool Decides = false;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (Decides)
      return;
    if (const auto *If = dyn_cast<IfStmt>(N)) {
      bool Jumps = false;
      for (const Stmt *Branch : {If->getThen(), If->getElse()})
        forEachDescendant(Branch, [&](const Stmt *M) {
          Jumps |=
              isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CXXThrowExpr>(
                  M);
        });
      if (Jumps && Holders.reads(If->getCond()))
        Decides = true;
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(N)) {
      if (Holders.containsOp(Try->getTryBlock()))
        Decides = true;
    } else if (const auto *SW = dyn_cast<SwitchStmt>(N)) {
      if (Holders.reads(SW->getCond()))
        Decides = true;
    }
  });
  return Decides;
}

/// Why \p Loop is no loop at all, or no retry whatever it calls: it runs
/// once, or goes back only when a call was interrupted. Null otherwise.
static const char *notALoop(const Stmt *Loop, const LoopParts &Parts,
                            ASTContext &Ctx) {
  // `do { ... } while (0)` runs once: a macro's statement wrapper (test
  // ASSERT_* macros, logging), not a loop.
  if (const auto *Do = dyn_cast<DoStmt>(Loop)) {
    bool Value = true;
    if (!Do->getCond()->isValueDependent() &&
        Do->getCond()->EvaluateAsBooleanCondition(Value, Ctx) && !Value)
      return "`do ... while (0)` runs once";
  }
  if (loopRestartsOnInterrupt(Parts.Body, Parts.Cond, Ctx))
    return InterruptRestart;
  return nullptr;
}

/// The variable that counts the rounds of \p Loop: what a `for` steps, else
/// what the body steps (the one the condition tests, if any; not one the
/// body declares), else what the condition itself steps (`while (tries++ <
/// 3)`).
/// Does \p S step \p V (`++`, `--`, `+=`, `-=`) outside the increments of
/// the `for` loops nested in it? A variable an inner loop steps to go to
/// its next round (`af = af_order[++af_index]`) counts that loop's rounds.
static bool stepsOutsideInnerLoops(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *For = dyn_cast<ForStmt>(S))
    return llvm::any_of(
        std::initializer_list<const Stmt *>{For->getInit(), For->getCond(),
                                            For->getBody()},
        [&](const Stmt *C) { return stepsOutsideInnerLoops(C, V); });
  if (const Expr *Target = steppedTarget(S); Target && refVar(Target) == V)
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return stepsOutsideInnerLoops(C, V);
  });
}

static const VarDecl *loopCounter(const Stmt *Loop, const LoopParts &Parts,
                                  const SourceManager &SM) {
  const VarDecl *Counter = nullptr;
  if (isa<ForStmt>(Loop)) {
    auto Incs = countedVars(Parts.Inc);
    if (!Incs.empty())
      Counter = Incs.front();
  }
  if (!Counter)
    for (const VarDecl *V : countedVars(Parts.Body))
      if (!madeAfresh(V, Parts.Body->getSourceRange(), SM) &&
          stepsOutsideInnerLoops(Parts.Body, V) &&
          ((Parts.Cond && references(Parts.Cond, V)) || !Counter))
        Counter = V;
  if (!Counter && !isa<ForStmt>(Loop)) {
    auto Incs = countedVars(Parts.Cond);
    if (!Incs.empty())
      Counter = Incs.front();
  }
  return Counter;
}

/// Does a call in \p Body (lambdas left out) take an argument that reads
/// \p Cursor: the variable, a local made from it, or the member?
static bool callsRead(const Stmt *Body, const ValueDecl *Cursor) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Read{Cursor};
  forEachInFunction(Body, [&](const Stmt *N) {
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && VD->getInit() && readsAny(VD->getInit(), Read))
          Read.insert(VD);
  });
  bool Found = false;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    for (unsigned I = 0; !Found && Call && I < Call->getNumArgs(); ++I)
      forEachDescendant(Call->getArg(I), [&](const Stmt *A) {
        const auto *ME = dyn_cast<MemberExpr>(A);
        Found = Found || (ME && Read.count(ME->getMemberDecl())) ||
                (isa<DeclRefExpr>(A) &&
                 Read.count(cast<DeclRefExpr>(A)->getDecl()));
      });
  });
  return Found;
}

/// A `for` whose increment steps a cursor, a pointer or an iterator held
/// in a variable or a member (`inst = inst->next`, `ctx->iov++`), to the
/// next item that a call of each round reads: a walk. An integer it steps
/// counts; it moves over no item.
static bool walksItems(const Stmt *Loop, const Stmt *Body,
                       llvm::ArrayRef<Operation> Ops) {
  const auto *For = dyn_cast<ForStmt>(Loop);
  if (!For || !For->getInc())
    return false;
  bool Walks = false;
  forEachChange(For->getInc(), [&](const Expr *Target, const Expr *) {
    if (Walks || Target->getType()->isIntegerType())
      return;
    const Expr *T = Target->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(T))
      Walks = callsRead(Body, ME->getMemberDecl());
    else if (const auto *V = dyn_cast_or_null<VarDecl>(rootDecl(T)))
      Walks = feedsRequest(V, Body, Ops) || callsRead(Body, V);
  });
  return Walks;
}

/// Does \p Cond ask an iterator for the next item (`lua_next(L, 2) != 0`,
/// `list_next(&it)`)? Each round then works on another item: a walk. A
/// backoff plan's next delay (`backoff_next(&b)`) is no item.
static bool stepsIterator(const Expr *Cond) {
  bool Steps = false;
  forEachDescendant(Cond, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (Steps || !Call)
      return;
    StringRef Name = calleeName(Call);
    llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
    Steps = llvm::is_contained(Words, "next") && !isSleepName(Name) &&
            !isPauseName(Name) &&
            llvm::none_of(Words, [](StringRef W) { return isRetryWord(W); });
  });
  return Steps;
}

/// Condition-controlled: \p Cond tests something the body changes other
/// than the counter (a done flag, the response), and that something does
/// not feed the next request (that is paging, not retrying).
static bool conditionControlled(const Expr *Cond, const Stmt *Body,
                                const VarDecl *Counter,
                                llvm::ArrayRef<Operation> Ops,
                                RetrySiteIndex &Index) {
  if (isConstantTrue(Cond, Index.context()))
    return false;
  bool Controlled = false, Feeds = false;
  for (const VarDecl *V : assignedVars(Body)) {
    if (V == Counter || !references(Cond, V))
      continue;
    Feeds = Feeds || feedsRequest(V, Body, Ops);
    Controlled = true;
  }
  // do { res = op(); } while (!res.ok()) tests the response directly.
  if (!Controlled && !Index.operationsIn(Cond).empty())
    Controlled = true;
  return Controlled && !Feeds;
}

const RetrySite *LoopRecognizer::recognize(const Stmt *Loop) {
  bool Fresh;
  if (const RetrySite *Known = Index.table().start(Loop, Fresh); !Fresh)
    return Known;
  ASTContext &Ctx = Index.context();

  LoopParts Parts = loopParts(Loop);
  if (!Parts.Body)
    return Index.table().notSite(Loop, "the loop has no body");
  if (const char *Why = notALoop(Loop, Parts, Ctx))
    return Index.table().notSite(Loop, Why);
  const Stmt *Body = Parts.Body;
  const Expr *Cond = Parts.Cond;
  const VarDecl *Counter = loopCounter(Loop, Parts, Ctx.getSourceManager());

  llvm::SmallVector<Operation, 2> Ops = Index.operationsIn(Body);
  if (Cond)
    for (const Operation &Op : Index.operationsIn(Cond))
      Ops.push_back(Op);
  // Calls the model does not know count when the loop goes back because
  // they failed (retry sites by structure).
  bool Structural = false, MovesOn = false;
  if (Ops.empty()) {
    Ops = structurallyRetried(Index, Loop, MovesOn);
    Structural = true;
  }
  if (Ops.empty())
    return Index.table().notSite(Loop,
                                 "it re-issues no operation: no call the model "
                                 "knows (API model, Operations option), and no "
                                 "unknown call that the loop goes back after "
                                 "because it failed");
  if (isIterationLoop(Body, Cond, Counter, Index.api()))
    return Index.table().notSite(
        Loop, "it iterates: its counter or iterator picks what "
              "each round sends");
  if (walksItems(Loop, Body, Ops) || (Cond && stepsIterator(Cond)))
    return Index.table().notSite(
        Loop, "it walks: its increment moves to the next item, "
              "which a call of each round reads");

  // A retry loop goes on or stops depending on how the operation went; a
  // work or accept loop that happens to perform operations does not, nor
  // does one that goes round after a success (rule 1 of the evidence:
  // the loop goes back because the call failed).
  bool Decides = Structural || outcomeDecides(Body, Cond, Ops);
  bool Round = !Structural && Decides &&
               goesRoundAfterSuccess(Loop, Ops, Ctx, Index.loopBodyReads());
  bool Retries = Decides && !Round;
  const char *Why =
      !Decides ? "the operations' outcome does not decide whether it goes "
                 "round (a work or accept loop)"
      : Round  ? "it goes round after a success too (an event, batch or "
                 "test loop): it does not go back because the call failed"
               : "it neither leaves on the outcome nor tests in its "
                 "condition something the body changes (or what it tests "
                 "feeds the next request: paging)";
  if (Retries && !leavesLoop(Body) && !Structural)
    Retries = conditionControlled(Cond, Body, Counter, Ops, Index);
  if (!Retries) {
    // The operations run inside a retry helper's callable, and the loop
    // decides on what the helper returns: it goes back when the helper gave
    // up (an outer layer around it, `while (running_) { if (!Retry(connect,
    // 5).IsNone()) continue; ... }`).
    Ops = structurallyRetried(Index, Loop, MovesOn);
    llvm::erase_if(Ops, [&](const Operation &Op) {
      return !Op.Call || !Index.helperSite(Op.Call);
    });
    if (Ops.empty())
      return Index.table().notSite(Loop, Why);
  }
  return record(Loop, Counter, std::move(Ops), MovesOn, Structural && Retries);
}

const RetrySite *LoopRecognizer::record(const Stmt *Loop,
                                        const VarDecl *Counter,
                                        llvm::SmallVector<Operation, 2> Ops,
                                        bool MovesOn, bool ByStructure) {
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Loop;
  Site->Site = Loop;
  Site->AttemptCounter = Counter;
  Site->Operations = std::move(Ops);
  Site->Failover = MovesOn;
  Index.summarizer().summarize(*Site);
  return Index.table().recordWithEvidence(
      Loop, Loop, std::move(Site), ByStructure, Index.enclosingFunction(Loop),
      Index.context());
}

} // namespace clang::tidy::retry::model
