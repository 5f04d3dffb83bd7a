// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retries by re-issue. The algorithm: in each function of the unit (a
// handler), find the calls that start an attempt again, either directly
// (`Connect(addr_)`) or handed to a scheduler as a callable (a lambda, a
// bound member, a function by name). A call is a retry when the handler
// runs on a failure (its name, or a test around the call, says error,
// timeout, retry ...) and the attempt leads back to the handler through
// what it calls or registers: the attempt and its failure handler form a
// cycle. Its cap is a counter the handler changes and a test compares; its
// wait is the delay the scheduler is handed.

#include "RetryReissue.h"
#include "ConstantCuts.h"
#include "LoopBackOnFailure.h"
#include "OperationFinder.h"
#include "ReissueFacts.h"
#include "RetryEvidence.h"
#include "RetryRecursion.h"
#include "RetrySiteIndex.h"
#include "RetrySiteSummary.h"
#include "WaitNames.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Does \p Name say that something failed or is tried again (`HandleError`,
/// `OnConnectTimeout`, `on_dial_failed`, `Reconnect`, `ec`)?
static bool saysFailure(StringRef Name, bool RetryOnly = false,
                        bool FailureOnly = false) {
  // (Not `close`: closing is how work ends, not how it fails.)
  static const llvm::StringSet<> Words = {
      "error",    "errors",     "err",     "errno",      "ec",
      "fail",     "failed",     "failure", "fails",      "timeout",
      "timeouts", "timedout",   "expired", "disconnect", "disconnected",
      "lost",     "broken",     "abort",   "aborted",    "reset",
      "refused",  "unreachable"};
  llvm::SmallVector<std::string, 4> W = identifierWords(Name);
  for (size_t I = 0; I < W.size(); ++I)
    if ((!RetryOnly && Words.contains(W[I])) ||
        (!FailureOnly &&
         isRetryWord(W[I], I + 1 < W.size() ? StringRef(W[I + 1]) : "")))
      return true;
  return false;
}

/// Does a name in \p Cond say failure or retry (`if (ec)`, `if
/// (auto_reconnect())`, `if (retried_ < retry_number_)`)?
static bool conditionSaysFailure(const Stmt *Cond, bool RetryOnly) {
  bool Says = false;
  forEachDescendant(Cond, [&](const Stmt *N) {
    const auto *X = dyn_cast<Expr>(N);
    const ValueDecl *D = X ? refDecl(X) : nullptr;
    Says = Says || (D && D->getDeclName().isIdentifier() &&
                    !isTimeoutValue(D) && saysFailure(D->getName(), RetryOnly));
  });
  return Says;
}

bool ReissueRecognizer::runsOnFailure(const FunctionDecl *H,
                                      const FunctionDecl *Attempt,
                                      const CallExpr *Again, bool Scheduled) {
  ASTContext &Ctx = Index.context();
  bool RetryOnly = !Scheduled;
  for (const FunctionDecl *F : {H, RetryOnly ? Attempt : H})
    if (F->getDeclName().isIdentifier() && saysFailure(F->getName(), RetryOnly))
      return true;
  return anyEnclosing(Again, Ctx, [&](const DynTypedNode &N) {
    if (N.get<CXXCatchStmt>() && !RetryOnly)
      return true;
    const Stmt *Cond = conditionOf(N.get<Stmt>());
    if (!Cond || containsStmt(Cond, Again))
      return false;
    // A test holds many calls: it is read once.
    auto [It, Fresh] =
        ConditionSays.try_emplace({Cond, unsigned(RetryOnly)}, false);
    if (Fresh)
      It->second = conditionSaysFailure(Cond, RetryOnly);
    return It->second;
  });
}

/// What stands for \p Again's running in \p H: the call itself, and the
/// assignments to the locals the tests around it read (`requeue = true;`
/// before `if (requeue) addTask(...)`): a flag set because a call failed
/// carries that failure to the call.
static llvm::SmallVector<const Stmt *, 4>
runsWith(const FunctionDecl *H, const CallExpr *Again, ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 4> Out{Again};
  llvm::SmallPtrSet<const VarDecl *, 4> Flags;
  anyEnclosing(Again, Ctx, [&](const DynTypedNode &N) {
    if (const Stmt *Cond = conditionOf(N.get<Stmt>());
        Cond && !containsStmt(Cond, Again))
      forEachDescendant(Cond, [&](const Stmt *X) {
        const auto *V = dyn_cast_or_null<VarDecl>(
            isa<Expr>(X) ? refDecl(cast<Expr>(X)) : nullptr);
        if (V && V->hasLocalStorage())
          Flags.insert(V);
      });
    return false;
  });
  if (Flags.empty())
    return Out;
  forEachInFunction(H->getBody(), [&](const Stmt *X) {
    const auto *BO = dyn_cast<BinaryOperator>(X);
    if (BO && BO->getOpcode() == BO_Assign &&
        Flags.count(dyn_cast_or_null<VarDecl>(refDecl(BO->getLHS()))))
      Out.push_back(BO);
  });
  return Out;
}

bool ReissueRecognizer::afterFailedCall(const FunctionDecl *H,
                                        const CallExpr *Again) {
  ASTContext &Ctx = Index.context();
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallVector<const Stmt *, 4> Targets = runsWith(H, Again, Ctx);
  bool Found = false;
  forEachInFunction(H->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (Found || !Call || containsStmt(Call, Again) ||
        containsStmt(Again, Call) ||
        !SM.isBeforeInTranslationUnit(Call->getBeginLoc(),
                                      Again->getBeginLoc()))
      return;
    // A call whose result is dropped (a statement of its own) is tested by
    // nothing.
    auto Parents = Ctx.getParents(*Call);
    if (!Parents.empty() && Parents[0].get<CompoundStmt>())
      return;
    if (Index.operationsIn(Call).empty() && !Index.unknownOperation(Call))
      return;
    for (const Stmt *T : Targets)
      Found = Found || (!containsStmt(T, Call) &&
                        goesBackOnFailure(H->getBody(), Call, T, Ctx,
                                          Index.loopBodyReads()));
  });
  return Found;
}

/// Is \p Call inside a `catch` handler of its function?
static bool inCatch(const CallExpr *Call, ASTContext &Ctx) {
  return anyEnclosing(Call, Ctx, [](const DynTypedNode &N) {
    return N.get<CXXCatchStmt>() != nullptr;
  });
}

/// Can \p FD start an attempt? Not when its name says it ends or tears
/// something down (`DestructTargetData`, `doZipFinish`, `close_conn`),
/// reads what arrived (`read_callback`), handles a failure
/// (`socket_failed`) or waits (`ss_backoff`, `delay_retry`, `wait(timer,
/// 1s, handler)`: it arms the next attempt, it is none): starting those
/// again re-issues nothing. A name that says it tries again
/// (`reconnect_timeout_cb`) starts the attempt, whatever failure it names.
static bool mayStartAttempt(const FunctionDecl *FD, bool SelfTimer = false) {
  // (A timer that re-arms itself starts itself again, whatever failure
  // its name says: `fsm_timeout` sends too.)
  if (!FD->getDeclName().isIdentifier() ||
      (!SelfTimer &&
       saysFailure(FD->getName(), /*RetryOnly=*/false, /*FailureOnly=*/true) &&
       !saysFailure(FD->getName(), /*RetryOnly=*/true)) ||
      isPauseName(FD->getName()) || isSleepName(FD->getName()) ||
      isBlockingWaitName(FD->getName()))
    return false;
  static const llvm::StringSet<> Ends = {
      "destroy", "destruct",   "free",     "close",      "cleanup", "clean",
      "release", "dispose",    "shutdown", "stop",       "cancel",  "abort",
      "finish",  "fini",       "finalize", "teardown",   "clear",   "delete",
      "remove",  "unregister", "detach",   "disconnect", "reset",   "read",
      "recv",    "receive"};
  for (const std::string &W : identifierWords(FD->getName()))
    if (Ends.contains(W))
      return false;
  return true;
}

/// \p Arg through the conversions to a parameter's type (a std::function
/// made from a lambda or a bind expression).
static const Expr *unwrapCallable(const Expr *Arg) {
  const Expr *E = ignoreWrappers(Arg);
  // A callable made first and handed by name (`auto f = std::bind(...);
  // tasks.addTask(f, 500);`).
  if (const VarDecl *V = refVar(E); V && V->hasLocalStorage() && V->getInit() &&
                                    !V->getType()->isPointerType())
    E = ignoreWrappers(V->getInit());
  return E;
}

namespace {
/// What a callable handed to a scheduler starts: the function, the call to
/// it when one is written, and the arguments it is handed.
struct Started {
  const FunctionDecl *Fn = nullptr;
  const CallExpr *Call = nullptr;
  llvm::SmallVector<const Expr *, 4> Args;
};
} // namespace

/// What a callable argument \p Arg starts: a lambda's first call to a
/// function defined here, a bound function (`std::bind(&C::Start, this)`),
/// a function by name (a C callback).
static Started attemptIn(const Expr *Arg) {
  const Expr *E = unwrapCallable(Arg);
  Started Out;
  if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    forEachInFunction(LE->getBody(), [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
      const FunctionDecl *Def = nullptr;
      if (!Out.Fn && FD && isProjectFunction(FD) && FD->hasBody(Def)) {
        Out.Fn = Def;
        Out.Call = Call;
        Out.Args.append(Call->arg_begin(), Call->arg_end());
      }
    });
    return Out;
  }
  const CallExpr *Bind = dyn_cast<CallExpr>(E);
  if (Bind && (calleeName(Bind) != "bind" || Bind->getNumArgs() == 0))
    return Out;
  if (Bind)
    E = Bind->getArg(0)->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD || !isProjectFunction(FD) || !FD->hasBody(Def))
    return Out;
  Out.Fn = Def;
  // A member is bound to its object first: the rest are its arguments.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  unsigned First = MD && !MD->isStatic() ? 2 : 1;
  if (Bind)
    for (unsigned I = First; I < Bind->getNumArgs(); ++I)
      Out.Args.push_back(Bind->getArg(I));
  return Out;
}

/// Does \p Call hand on \p F as a callable (a scheduler arming it)?
static bool handsOn(const CallExpr *Call, const FunctionDecl *F) {
  return llvm::any_of(Call->arguments(), [&](const Expr *A) {
    const FunctionDecl *Fn = attemptIn(A).Fn;
    return Fn && Fn->getCanonicalDecl() == F->getCanonicalDecl();
  });
}

const llvm::DenseMap<const ValueDecl *,
                     llvm::SmallVector<const FunctionDecl *, 1>> &
ReissueRecognizer::eventCallbacks() {
  if (EventCallbacks)
    return *EventCallbacks;
  EventCallbacks.emplace();
  for (const CallExpr *Call : Index.unitNodes().Calls) {
    // A call handed a function by name and an event object registers it.
    // (The callback first: it is rare, and the object's test reads names.)
    const FunctionDecl *Callback = nullptr;
    for (const Expr *Arg : Call->arguments()) {
      const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
      const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
      const FunctionDecl *Def = nullptr;
      if (!Callback && FD && isProjectFunction(FD) && FD->hasBody(Def))
        Callback = Def;
    }
    const ValueDecl *Object = nullptr;
    for (const Expr *Arg : Call->arguments())
      if (Callback && !Object)
        Object = eventObject(Arg);
    if (!Object)
      continue;
    auto &List = (*EventCallbacks)[Object];
    if (!llvm::is_contained(List, Callback))
      List.push_back(Callback);
  }
  return *EventCallbacks;
}

/// The callback \p Call arms when it hands a delay to an event object that
/// one callback is registered on (`evtimer_add(&ns->timeout_event, &tv)`).
static const FunctionDecl *
armedCallback(const CallExpr *Call,
              const llvm::DenseMap<const ValueDecl *,
                                   llvm::SmallVector<const FunctionDecl *, 1>>
                  &Callbacks) {
  for (const Expr *Arg : Call->arguments())
    if (const ValueDecl *Object = eventObject(Arg)) {
      auto It = Callbacks.find(Object);
      if (It != Callbacks.end() && It->second.size() == 1)
        return It->second.front();
    }
  return nullptr;
}

llvm::ArrayRef<const FunctionDecl *>
ReissueRecognizer::referenced(const FunctionDecl *F) {
  auto [It, Fresh] = Refs.try_emplace(F);
  if (!Fresh || !F->getBody())
    return It->second;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallVector<const FunctionDecl *, 8> Out;
  forEachDescendant(F->getBody(), [&](const Stmt *N) {
    const auto *X = dyn_cast<Expr>(N);
    const auto *FD = dyn_cast_or_null<FunctionDecl>(X ? refDecl(X) : nullptr);
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
        Seen.insert(Def).second)
      Out.push_back(Def);
    // A lambda written here is handed on to run later (a completion
    // handler).
    if (const auto *L = dyn_cast<LambdaExpr>(N);
        L && Seen.insert(L->getCallOperator()).second)
      Out.push_back(L->getCallOperator());
    // Arming an event object starts the callback registered on it.
    if (const auto *Call = dyn_cast<CallExpr>(N);
        Call && !eventCallbacks().empty())
      if (const FunctionDecl *CB = armedCallback(Call, eventCallbacks());
          CB && Seen.insert(CB).second)
        Out.push_back(CB);
  });
  Refs[F] = Out;
  return Refs[F];
}

std::optional<unsigned> ReissueRecognizer::reaches(const FunctionDecl *From,
                                                   const FunctionDecl *To) {
  const FunctionDecl *Target = To->getCanonicalDecl();
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen{From};
  llvm::SmallVector<const FunctionDecl *, 8> Level{From};
  for (unsigned Depth = 0; Depth < 4 && !Level.empty(); ++Depth) {
    llvm::SmallVector<const FunctionDecl *, 8> Next;
    for (const FunctionDecl *F : Level)
      for (const FunctionDecl *G : referenced(F)) {
        if (G->getCanonicalDecl() == Target)
          return Depth + 1;
        if (Seen.insert(G).second)
          Next.push_back(G);
      }
    Level = std::move(Next);
  }
  return std::nullopt;
}

std::optional<ReissueRecognizer::Candidate>
ReissueRecognizer::candidateAt(const FunctionDecl *H, const CallExpr *Call) {
  ASTContext &Ctx = Index.context();
  Candidate C{H, Call, nullptr, nullptr, false, false};
  bool Self = false;
  const FunctionDecl *FD = calleeDecl(Call), *Def = nullptr;
  // (A project's own scheduler, `wait(timer, 1s, [this] { connect(); })`,
  // starts no attempt itself: what it is handed is read below.)
  if (FD && isProjectFunction(FD) && FD->hasBody(Def) &&
      Def->getCanonicalDecl() != H->getCanonicalDecl() &&
      mayStartAttempt(Def)) {
    C.Attempt = Def;
    C.AttemptCall = Call;
  }
  for (unsigned I = 0; !C.Attempt && I < Call->getNumArgs(); ++I) {
    Started S = attemptIn(Call->getArg(I));
    if (!S.Fn)
      continue;
    // A callable handed to anything but a scheduler is a completion
    // handler of that call (`async_read(fd, on_read)`), not a start.
    if (!isScheduler(Call, H, Ctx))
      return std::nullopt;
    C.Attempt = S.Fn;
    C.AttemptCall = S.Call;
    C.Scheduled = true;
    // A handler that schedules itself again must hand on the same
    // request, as a recursion does.
    Self = S.Fn->getCanonicalDecl() == H->getCanonicalDecl();
    if (Self && !handsOnSameRequest(H, S.Args))
      return std::nullopt;
  }
  // Arming a timer whose callback was registered elsewhere
  // (`evtimer_add(&ns->timeout_event, &tv)`).
  if (!C.Attempt && !eventCallbacks().empty() && delayArgument(Call, Ctx))
    if (const FunctionDecl *CB = armedCallback(Call, eventCallbacks())) {
      C.Attempt = CB;
      C.Scheduled = true;
      Self = CB->getCanonicalDecl() == H->getCanonicalDecl();
    }
  if (!C.Attempt || !mayStartAttempt(C.Attempt, Self && C.Scheduled))
    return std::nullopt;
  bool Named = runsOnFailure(H, C.Attempt, Call, C.Scheduled);
  // A handler named for a failure (`pap_timeout`) that starts the attempt
  // at once under a count of its sends retransmits.
  bool Counted = (C.Scheduled ? Self
                              : H->getDeclName().isIdentifier() &&
                                    saysFailure(H->getName())) &&
                 sentUnderCount(H, C.Attempt, Call, Ctx);
  if (!Named && !C.Scheduled && !Counted)
    return std::nullopt;
  std::optional<unsigned> Distance =
      Self ? std::optional<unsigned>(0) : reaches(C.Attempt, H);
  if (!Distance)
    return std::nullopt;
  // (Read last: it reads the handler's tests for each call before.) A
  // scheduled call also runs on the failure of a call the handler made. A
  // timer that re-arms itself retries only after a call it made failed (or
  // in a handler of what one threw), or under a count of its own sends (a
  // retransmission a reply cancels); re-armed on a state it polls (a
  // bucket still empty, a child not yet reaped), it is a poll.
  if (!Named || Self) {
    bool Failed = Counted || afterFailedCall(H, Call);
    if ((!Named && !Failed) || (Self && !Failed && !inCatch(Call, Ctx)))
      return std::nullopt;
  }
  if ((C.Scheduled && keepsPeriod(H, Call, C.Attempt)) ||
      cutByArguments(H, C.Attempt, Call, Ctx))
    return std::nullopt;
  C.Distance = *Distance;
  C.Counted = Counted;
  return C;
}

bool ReissueRecognizer::keepsPeriod(const FunctionDecl *H,
                                    const CallExpr *Again,
                                    const FunctionDecl *Attempt) {
  ASTContext &Ctx = Index.context();
  const Expr *Delay = delayArgument(Again, Ctx);
  const ValueDecl *D = Delay ? refDecl(Delay->IgnoreParenImpCasts()) : nullptr;
  if (!D)
    return false;
  bool Periodic = false;
  forEachInFunction(H->getBody(), [&](const Stmt *N) {
    const auto *Other = dyn_cast<CallExpr>(N);
    const Expr *OtherDelay = Other && Other != Again && !Periodic
                                 ? delayArgument(Other, Ctx)
                                 : nullptr;
    if (!OtherDelay || refDecl(OtherDelay->IgnoreParenImpCasts()) != D)
      return;
    Periodic = handsOn(Other, Attempt) && !afterFailedCall(H, Other);
  });
  return Periodic;
}

void ReissueRecognizer::collect(const FunctionDecl *H,
                                std::vector<Candidate> &Out) {
  // A loop in the handler is the loop recognizer's; a lambda runs later.
  auto Enter = [](const Stmt *N) {
    return !isa<LambdaExpr, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(N);
  };
  walkStatements(
      H->getBody(),
      [&](const Stmt *N) {
        const auto *Call = dyn_cast<CallExpr>(N);
        // A bind expression is what a scheduler is handed, not a start.
        if (!Call || calleeName(Call) == "bind")
          return;
        if (std::optional<Candidate> C = candidateAt(H, Call))
          Out.push_back(*C);
      },
      Enter);
}

/// The operations the attempt \p C starts again performs.
static llvm::SmallVector<Operation, 2>
attemptOperations(RetrySiteIndex &Index, const CallExpr *Call,
                  const FunctionDecl *A) {
  if (Call) {
    llvm::SmallVector<Operation, 2> Ops = Index.operationsIn(Call);
    if (Ops.empty())
      if (std::optional<Operation> Op = Index.unknownOperation(Call))
        Ops.push_back(*Op);
    return Ops;
  }
  if (std::optional<Operation> Op = Index.operationIn(A))
    return {*Op};
  return Index.operations().unknownOperationsIn(A->getBody());
}

const RetrySite *ReissueRecognizer::recognize(const Candidate &C) {
  ASTContext &Ctx = Index.context();
  // (Asked once per call: the unit is scanned once. The table is not
  // asked first: the helper recognizer has asked it about the same call.)
  llvm::SmallVector<Operation, 2> Ops =
      attemptOperations(Index, C.AttemptCall, C.Attempt);
  if (Ops.empty())
    return Index.table().notSite(
        C.Again, "the function it starts again performs no operation");
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Reissue;
  Site->Site = C.Again;
  Site->Handler = C.Handler;
  Site->Reissued = C.Attempt;
  Site->CountedSends = C.Counted;
  Site->Operations = std::move(Ops);
  Index.summarizer().summarize(*Site);
  // Started at once, the attempt waits the timer it arms for the handler.
  const CallExpr *Arms = nullptr;
  if (!C.Scheduled && C.Attempt->getBody())
    forEachInFunction(C.Attempt->getBody(), [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Arms && Call && handsOn(Call, C.Handler) &&
          isScheduler(Call, C.Attempt, Ctx))
        Arms = Call;
    });
  readReissueWaits(*Site, C.Handler, C.Scheduled ? C.Again : Arms,
                   C.Scheduled ? C.Handler : C.Attempt, Index.api(), Ctx);
  readReissueCap(*Site, C.Handler, C.Attempt, Ctx, Index.files());
  return Index.table().recordWithEvidence(C.Again, C.Again, std::move(Site),
                                          /*ByStructure=*/true, C.Handler, Ctx);
}

void ReissueRecognizer::scan() {
  Scanned = true;
  std::vector<Candidate> Found;
  for (const FunctionDecl *H : Index.unitNodes().Functions)
    if (H->getBody() && !isa<CXXConstructorDecl, CXXDestructorDecl>(H))
      collect(H, Found);
  // A completion handler written as a lambda (`async_connect(ep, [this](ec)
  // { ... })`) is a handler too.
  for (const LambdaExpr *L : Index.unitNodes().Lambdas)
    if (const CXXMethodDecl *Op = L->getCallOperator(); Op && Op->getBody())
      collect(Op, Found);
  // A call to a handler that itself starts the attempt again is not the
  // retry: the handler is. One site per handler and attempt.
  // A callback that a handler hands to a timer only runs the attempt: the
  // handler that armed the timer (with its delay and its count) is the site.
  llvm::SmallPtrSet<const FunctionDecl *, 8> TimerCallbacks;
  for (const Candidate &C : Found)
    if (C.Scheduled && C.Attempt != C.Handler)
      TimerCallbacks.insert(C.Attempt->getCanonicalDecl());
  llvm::erase_if(Found, [&](const Candidate &C) {
    return !C.Scheduled && TimerCallbacks.count(C.Handler->getCanonicalDecl());
  });
  // Of the handlers that start one attempt again, the one its failure
  // reaches first retries it; the others start it for another reason (a
  // server marked down starts the probes its failed probe repeats).
  llvm::DenseMap<const FunctionDecl *, unsigned> Closest;
  for (const Candidate &C : Found) {
    auto [It, New] =
        Closest.try_emplace(C.Attempt->getCanonicalDecl(), C.Distance);
    It->second = std::min(It->second, C.Distance);
  }
  llvm::erase_if(Found, [&](const Candidate &C) {
    return C.Distance > Closest.lookup(C.Attempt->getCanonicalDecl());
  });
  llvm::SmallPtrSet<const FunctionDecl *, 8> Handlers;
  for (const Candidate &C : Found)
    Handlers.insert(C.Handler->getCanonicalDecl());
  llvm::DenseSet<std::pair<const FunctionDecl *, const FunctionDecl *>> Done;
  for (const Candidate &C : Found) {
    if (Handlers.count(C.Attempt->getCanonicalDecl()) &&
        C.Attempt->getCanonicalDecl() != C.Handler->getCanonicalDecl())
      continue;
    if (!Done.insert({C.Handler, C.Attempt}).second ||
        Index.helperSite(C.Again) || callsAgain(C.Again, C.Handler))
      continue;
    if (const RetrySite *Site = recognize(C)) {
      All.push_back(Site);
      ByCall[C.Again] = Site;
      ByFunction[C.Handler->getCanonicalDecl()].push_back(Site);
      if (C.Attempt->getCanonicalDecl() != C.Handler->getCanonicalDecl())
        ByFunction[C.Attempt->getCanonicalDecl()].push_back(Site);
    }
  }
}

const RetrySite *ReissueRecognizer::siteAt(const CallExpr *Call) {
  if (!Scanned)
    scan();
  return ByCall.lookup(Call);
}

llvm::ArrayRef<const RetrySite *>
ReissueRecognizer::byFunction(const FunctionDecl *FD) {
  if (!Scanned)
    scan();
  auto It = ByFunction.find(FD->getCanonicalDecl());
  if (It == ByFunction.end())
    return {};
  return It->second;
}

llvm::ArrayRef<const RetrySite *> ReissueRecognizer::sites() {
  if (!Scanned)
    scan();
  return All;
}

} // namespace clang::tidy::retry::model
