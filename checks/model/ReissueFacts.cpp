// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The facts of a retry by re-issue (RetryReissue.h), read in the handler
// that starts the attempt again: its cap (a counter the handler steps and
// a test compares, or a policy it asks) and its wait (the delay a
// scheduler or a timer is handed), and whether a call schedules what it is
// handed at all.

#include "ReissueFacts.h"
#include "Callers.h"
#include "RetryEvidence.h"
#include "ValueOrigin.h"
#include "WaitNames.h"
#include "utils/AssignedVars.h"
#include "utils/Duration.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Is \p Name that of a time: it ends in a unit (`waited_ms`; not
/// `us_transmits`) or names a delay (`timeout`, `retry_interval`)? Stepped,
/// it grows a wait; it counts no attempts.
static bool namesTime(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  return !Words.empty() &&
         (durationUnitFromName(Words.back()) ||
          llvm::any_of(Words, [](const std::string &W) {
            return llvm::is_contained(
                {"timeout", "delay", "interval", "backoff", "period"}, W);
          }));
}

/// What \p Body increments or decrements that outlives a call of the
/// handler and counts: a member, a field, a global or a static integer,
/// not a local (a loop index) and not a time (`tv.tv_sec += ...`).
static llvm::SmallPtrSet<const ValueDecl *, 4> countersIn(const Stmt *Body) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Out;
  forEachInFunction(Body, [&](const Stmt *N) {
    const Expr *Operand = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(N);
        UO && UO->isIncrementDecrementOp())
      Operand = UO->getSubExpr();
    else if (const auto *CA = dyn_cast<CompoundAssignOperator>(N);
             CA && (CA->getOpcode() == BO_AddAssign ||
                    CA->getOpcode() == BO_SubAssign))
      Operand = CA->getLHS();
    const ValueDecl *D = Operand ? refDecl(Operand) : nullptr;
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    if (D && !(V && V->hasLocalStorage()) && D->getType()->isIntegerType() &&
        D->getDeclName().isIdentifier() && !namesTime(D->getName()))
      Out.insert(D);
  });
  return Out;
}

/// The counters of handler \p H's sends: what it steps, and what the
/// attempt it starts steps (`++u->transmits` where the request goes out).
static llvm::SmallPtrSet<const ValueDecl *, 4>
sendCounters(const FunctionDecl *H, const FunctionDecl *Attempt) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Counters = countersIn(H->getBody());
  if (Attempt && Attempt != H && Attempt->getBody())
    for (const ValueDecl *D : countersIn(Attempt->getBody()))
      Counters.insert(D);
  return Counters;
}

/// Does \p E name a counter in \p Counters or, when \p ByName, a value
/// named for counting attempts (`cmd->retried_time()`, `max_retries`)?
static bool
namesCounter(const Expr *E,
             const llvm::SmallPtrSetImpl<const ValueDecl *> &Counters,
             bool ByName) {
  bool Yes = false;
  forEachDescendant(E, [&](const Stmt *N) {
    const auto *X = dyn_cast<Expr>(N);
    const ValueDecl *D = X ? refDecl(X) : nullptr;
    Yes = Yes || (D && (Counters.count(D) ||
                        (ByName && D->getDeclName().isIdentifier() &&
                         countsAttempts(D->getName()))));
  });
  return Yes;
}

/// The first comparison in \p S of a counter in \p Counters with its bound
/// (\p ByName: or of a value named for counting attempts).
static const BinaryOperator *
counterComparison(const Stmt *S,
                  const llvm::SmallPtrSetImpl<const ValueDecl *> &Counters,
                  bool ByName) {
  const BinaryOperator *Found = nullptr;
  forEachInFunction(S, [&](const Stmt *N) {
    const auto *BO = dyn_cast<BinaryOperator>(N);
    if (!Found && BO && BO->isComparisonOp() &&
        (namesCounter(BO->getLHS(), Counters, ByName) ||
         namesCounter(BO->getRHS(), Counters, ByName)))
      Found = BO;
  });
  return Found;
}

/// Does \p S leave the function: a return, or a block that ends in one?
static bool returns(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  return isa_and_nonnull<ReturnStmt>(S);
}

/// The conditions that decide whether \p S runs in its function: those of
/// the ifs around it, and of the earlier ifs in its blocks that return.
static llvm::SmallVector<const Expr *, 4> decidingTests(const Stmt *S,
                                                        ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 4> Out;
  const Stmt *Child = S;
  anyEnclosing(S, Ctx, [&](const DynTypedNode &N) {
    if (const auto *If = N.get<IfStmt>(); If && !containsStmt(If->getCond(), S))
      Out.push_back(If->getCond());
    if (const auto *CS = N.get<CompoundStmt>())
      for (const Stmt *Sib : CS->body()) {
        if (Sib == Child)
          break;
        // Each link of an if-else chain (`if (!valid) { ... } else if
        // (xmits >= max) { ...; return; }`).
        for (const auto *If = dyn_cast<IfStmt>(Sib); If;
             If = dyn_cast_or_null<IfStmt>(If->getElse()))
          if (returns(If->getThen()))
            Out.push_back(If->getCond());
      }
    Child = N.get<Stmt>();
    return false;
  });
  return Out;
}

/// The tests that decide whether handler \p H starts the attempt again:
/// its own conditions, and the conditions around the calls to it.
static llvm::SmallVector<const Stmt *, 4>
guardsOf(const FunctionDecl *H, ASTContext &Ctx, const AnalysedFiles &Files) {
  llvm::SmallVector<const Stmt *, 4> Out;
  forEachInFunction(H->getBody(), [&](const Stmt *N) {
    if (const auto *If = dyn_cast<IfStmt>(N))
      Out.push_back(If->getCond());
    else if (const auto *CO = dyn_cast<ConditionalOperator>(N))
      Out.push_back(CO->getCond());
  });
  for (const CallExpr *Call : callsFromOutside(H, Ctx, Files))
    for (DynTypedNode N = DynTypedNode::create(*Call);;) {
      auto Parents = Ctx.getParents(N);
      if (Parents.empty() || Parents[0].get<FunctionDecl>() ||
          Parents[0].get<LambdaExpr>())
        break;
      N = Parents[0];
      if (const auto *If = N.get<IfStmt>())
        Out.push_back(If->getCond());
    }
  return Out;
}

bool sentUnderCount(const FunctionDecl *H, const FunctionDecl *Attempt,
                    const CallExpr *Again, ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Counters = sendCounters(H, Attempt);
  if (Counters.empty())
    return false;
  for (const Expr *Cond : decidingTests(Again, Ctx)) {
    const BinaryOperator *Cmp =
        counterComparison(Cond, Counters, /*ByName=*/false);
    if (!Cmp || Cmp != Cond->IgnoreParenImpCasts())
      continue;
    bool Left = namesCounter(Cmp->getLHS(), Counters, false);
    const Expr *Bound = Left ? Cmp->getRHS() : Cmp->getLHS();
    if (!namesCounter(Bound, Counters, false) &&
        !isa<CallExpr>(Bound->IgnoreParenImpCasts()))
      return true;
  }
  return false;
}

bool handsOnSameRequest(const FunctionDecl *H,
                        llvm::ArrayRef<const Expr *> Args) {
  return llvm::all_of(Args, [&](const Expr *Arg) {
    const Expr *E = ignoreWrappers(Arg);
    if (isa<CXXThisExpr>(E) ||
        E->getType().getAsString().find("placeholder") != std::string::npos)
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
      E = ignoreWrappers(BO->getLHS());
    const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(E));
    return P && llvm::is_contained(H->parameters(), P);
  });
}

/// A call in \p Guard that asks whether to retry (`ShouldRetry()`,
/// `can_retry(err)`, `is_retryable()`); not a switch (`auto_reconnect()`).
static const CallExpr *policyCall(const Stmt *Guard) {
  const CallExpr *Found = nullptr;
  forEachInFunction(Guard, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (Found || !Call)
      return;
    llvm::SmallVector<std::string, 4> W = identifierWords(calleeName(Call));
    bool Retry = false, Asks = false;
    for (size_t I = 0; I < W.size(); ++I) {
      Retry = Retry ||
              isRetryWord(W[I], I + 1 < W.size() ? StringRef(W[I + 1]) : "");
      Asks = Asks ||
             llvm::is_contained({"should", "can", "may", "allow", "allowed",
                                 "need", "needs", "retryable", "retriable"},
                                W[I]);
    }
    if (Retry && Asks)
      Found = Call;
  });
  return Found;
}

/// The cap of the re-issue \p Site by handler \p H: a counter the handler
/// changes (or one named for attempts) compared in a test that decides on
/// it; a counter compared only elsewhere in the attempt is a cap of unknown
/// size. A stop switch (`auto_reconnect_`) is no cap.
void readReissueCap(RetrySite &Site, const FunctionDecl *H,
                    const FunctionDecl *Attempt, ASTContext &Ctx,
                    const AnalysedFiles &Files) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Counters = sendCounters(H, Attempt);
  llvm::SmallVector<const Stmt *, 4> Guards = guardsOf(H, Ctx, Files);
  // A counter the handler steps, compared with a constant, makes a cap of
  // that size (`++attempts_ > 5`); with anything else, or a value only
  // named for attempts (`retry_max < 0` is no bound), of unknown size.
  for (bool ByName : {false, true})
    for (const Stmt *Guard : Guards)
      if (const BinaryOperator *Cmp =
              counterComparison(Guard, Counters, ByName)) {
        Site.CapWhere = Cmp;
        Site.Cap = CapKind::Variable;
        int64_t K = constInt(Cmp->getRHS(), Ctx, INT64_MIN);
        if (K == INT64_MIN)
          K = constInt(Cmp->getLHS(), Ctx, INT64_MIN);
        if (!ByName && K >= 0 && K < 100000) {
          Site.Cap = CapKind::Constant;
          Site.MaxAttempts = unsigned(K) + 1;
        }
        return;
      }
  // A policy asked in a test (`if (cmd->ShouldRetry())`) decides.
  for (const Stmt *Guard : Guards)
    if (const CallExpr *Ask = policyCall(Guard)) {
      Site.Cap = CapKind::Policy;
      Site.CapWhere = Ask;
      return;
    }
  if (!Counters.empty() &&
      counterComparison(Attempt->getBody(), Counters, /*ByName=*/false)) {
    Site.Cap = CapKind::Variable;
    Site.CapWhere = Site.Site;
  }
}

/// \p E as written (`c->retry_ms`), or the macro written for it
/// (`RTR_SOLICITATION_INTERVAL`), also when handed through a macro's
/// arguments; empty when it comes from inside a macro's body.
static StringRef spelled(const Expr *E, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto AsWritten = [&](SourceLocation L) {
    while (L.isMacroID() && SM.isMacroArgExpansion(L))
      L = SM.getImmediateSpellingLoc(L);
    return L;
  };
  E = E->IgnoreParenImpCasts();
  SourceLocation B = AsWritten(E->getBeginLoc()),
                 End = AsWritten(E->getEndLoc());
  if (B.isMacroID())
    return Lexer::isAtStartOfMacroExpansion(B, SM, LO) &&
                   Lexer::isAtEndOfMacroExpansion(End, SM, LO)
               ? Lexer::getImmediateMacroName(B, SM, LO)
               : StringRef();
  return Lexer::getSourceText(CharSourceRange::getTokenRange(B, End), SM, LO);
}

/// The delay \p Scheduler is handed: an argument of a duration type, one
/// whose parameter or type is named for a delay, or, handed to a parameter
/// with no name, one written with a name for a delay.
const Expr *delayArgument(const CallExpr *Scheduler, ASTContext &Ctx) {
  const FunctionDecl *FD = calleeDecl(Scheduler);
  // A number handed to a parameter named for a delay (`us`, `timeout_ms`)
  // says more than a record whose type is (`struct timeval *`): the timer
  // handed first (`lws_sorted_usec_list_t *sul`) is no delay.
  for (bool ByRecord : {false, true})
    for (unsigned I = 0; I < Scheduler->getNumArgs(); ++I) {
      const Expr *Arg = Scheduler->getArg(I);
      if (Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        continue; // no timeout: the event waits for its descriptor
      QualType T = Arg->getType().getNonReferenceType().getUnqualifiedType();
      if (T->isPointerType())
        T = T->getPointeeType().getUnqualifiedType();
      const ParmVarDecl *P =
          FD && I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
      const auto *RD = T->getAsRecordDecl();
      bool Named = P && P->getIdentifier() ? namesDelay(P->getName())
                                           : namesDelay(spelled(Arg, Ctx));
      if (ByRecord ? RD && RD->getDeclName().isIdentifier() &&
                         namesDelay(RD->getName())
                   : durationTypeUnit(T) || (T->isArithmeticType() && Named))
        return Arg;
    }
  return nullptr;
}

/// What \p E reads that outlives one call of the handler: members and
/// fields (`backoff_`, `evcon->retry_cnt`), globals and statics. A local
/// is followed into what it is made from: its initializer, what is
/// assigned to it, and the tests of the loops and branches that change it
/// (`for (i = 0; i < evcon->retry_cnt; ++i) tv.tv_sec *= 2;`).
/// Whether a random source feeds it on the way is \p Random.
static llvm::SmallPtrSet<const ValueDecl *, 16>
persistentReads(const Expr *E, const FunctionDecl *H, const ApiModel &Model,
                ASTContext &Ctx, bool &Random) {
  llvm::SmallPtrSet<const ValueDecl *, 16> Out, Seen;
  llvm::SmallVector<const Stmt *, 8> Work{E};
  auto Read = [&](const Stmt *S) {
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *Call = dyn_cast<CallExpr>(N))
        Random =
            Random || Model.perAttemptSource(Call) == SourceKind::RandomNumber;
      const auto *X = dyn_cast<Expr>(N);
      const ValueDecl *D = X ? refDecl(X) : nullptr;
      const auto *V = dyn_cast_or_null<VarDecl>(D);
      if (!D || !Seen.insert(D).second)
        return;
      if (!V || !V->hasLocalStorage()) {
        Out.insert(D);
        return;
      }
      if (V->getInit())
        Work.push_back(V->getInit());
      // A change through a pointer the local holds (`f->state = 0`) is not
      // one of the local; one of a field of a local record (`tv.tv_sec *=
      // 2`) is.
      forEachChange(H->getBody(), [&](const Expr *LHS, const Expr *Value) {
        for (const Expr *E = LHS->IgnoreParenImpCasts();
             const auto *ME = dyn_cast<MemberExpr>(E);
             E = ME->getBase()->IgnoreParenImpCasts())
          if (ME->isArrow())
            return;
        if (rootDecl(LHS) != V)
          return;
        if (Value)
          Work.push_back(Value);
        anyEnclosing(LHS, Ctx, [&](const DynTypedNode &P) {
          if (const Stmt *Cond = conditionOf(P.get<Stmt>()))
            Work.push_back(Cond);
          return false;
        });
      });
    });
  };
  while (!Work.empty())
    Read(Work.pop_back_val());
  return Out;
}

/// What \p Body changes that outlives one call of it (members, fields,
/// globals, statics).
static llvm::SmallPtrSet<const ValueDecl *, 8>
persistentChanges(const Stmt *Body) {
  llvm::SmallPtrSet<const ValueDecl *, 8> Out;
  forEachChange(Body, [&](const Expr *LHS, const Expr *) {
    for (const Expr *E = LHS->IgnoreParenImpCasts(); E;) {
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        Out.insert(ME->getMemberDecl());
        E = ME->getBase()->IgnoreParenImpCasts();
      } else {
        const auto *V = dyn_cast_or_null<VarDecl>(refDecl(E));
        if (V && !V->hasLocalStorage())
          Out.insert(V);
        break;
      }
    }
  });
  return Out;
}

const ValueDecl *eventObject(const Expr *E) {
  const ValueDecl *D = refDecl(E);
  if (!isa_and_nonnull<FieldDecl, VarDecl>(D) || isa<ParmVarDecl>(D))
    return nullptr;
  QualType T = D->getType().getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDeclName().isIdentifier())
    return nullptr;
  for (const std::string &W : identifierWords(RD->getName()))
    if (llvm::is_contained({"event", "timer", "watcher", "alarm"}, W))
      return D;
  return nullptr;
}

/// The call in \p H that arms the timer \p Scheduler registered (the same
/// event: `event_assign(&c->ev, base, -1, 0, cb, c); event_add(&c->ev,
/// &tv);`) with a delay, and that delay.
static std::pair<const CallExpr *, const Expr *>
armingCall(const FunctionDecl *H, const CallExpr *Scheduler, ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Objects;
  for (const Expr *Arg : Scheduler->arguments())
    if (const ValueDecl *D = eventObject(Arg))
      Objects.insert(D);
  std::pair<const CallExpr *, const Expr *> Found{};
  forEachInFunction(H->getBody(), [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (Found.first || !Call || Call == Scheduler ||
        llvm::none_of(Call->arguments(), [&](const Expr *Arg) {
          return Objects.count(eventObject(Arg));
        }))
      return;
    if (const Expr *Delay = delayArgument(Call, Ctx))
      Found = {Call, Delay};
  });
  return Found;
}

/// Does \p Call run what it is handed later, as a scheduler: it is handed
/// a delay, or its name as written says so (`RunAfter`, `RunInLoop`,
/// `post`, `addTask`, `async_wait`, `evtimer_assign`), or the handler \p H
/// arms a timer with a delay?
bool isScheduler(const CallExpr *Call, const FunctionDecl *H, ASTContext &Ctx) {
  if (delayArgument(Call, Ctx))
    return true;
  std::string Name = calleeName(Call).str();
  SourceLocation Loc = Call->getBeginLoc();
  if (Loc.isMacroID())
    Name += "_" + Lexer::getImmediateMacroName(Loc, Ctx.getSourceManager(),
                                               Ctx.getLangOpts())
                      .str();
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  for (const std::string &W : Words)
    if (llvm::is_contained({"run", "post", "dispatch", "defer", "schedule",
                            "after", "later", "timer", "evtimer", "task",
                            "enqueue", "queue", "submit", "wait"},
                           W))
      return true;
  // A timeout added to an event loop (`g_timeout_add`,
  // `eloop_timeout_add_sec`) runs its callback when it expires.
  if (llvm::is_contained(Words, "timeout") &&
      (llvm::is_contained(Words, "add") || llvm::is_contained(Words, "set")))
    return true;
  return armingCall(H, Call, Ctx).first != nullptr;
}

/// The wait of a re-issue handed to a scheduler: the delay it is handed,
/// or that a timer is armed with in the handler, growing when it reads what
/// the handler changes and keeps (a member doubled, a counter of the
/// connection), jittered when it derives from a random source. A scheduler
/// handed no delay runs the attempt at once, unless its name says it waits
/// (`async_wait`, after an `expires_after` the general reader took).
static void readScheduledWait(RetrySite &Site, const FunctionDecl *H,
                              const CallExpr *Scheduler, const ApiModel &Model,
                              ASTContext &Ctx) {
  llvm::erase_if(Site.Waits,
                 [&](const Wait &W) { return W.Call == Scheduler; });
  Wait W;
  W.Call = Scheduler;
  const Expr *Delay = delayArgument(Scheduler, Ctx);
  if (!Delay && Site.Waits.empty())
    std::tie(W.Call, Delay) = armingCall(H, Scheduler, Ctx);
  if (!Delay) {
    W.Call = Scheduler;
    W.Opaque = W.MayWait = true;
    W.Jitter = Fact::Unknown;
    if (Site.Waits.empty() &&
        llvm::any_of(identifierWords(calleeName(Scheduler)),
                     [](const std::string &Word) {
                       return Word == "wait" || Word == "later" ||
                              Word == "timer" || Word == "schedule";
                     }))
      Site.Waits.push_back(W);
    return;
  }
  llvm::erase_if(Site.Waits, [&](const Wait &X) { return X.Call == W.Call; });
  llvm::SmallPtrSet<const ValueDecl *, 8> Changed =
      persistentChanges(H->getBody());
  bool Random = false;
  for (const ValueDecl *D : persistentReads(Delay, H, Model, Ctx, Random))
    W.Grows = W.Grows || Changed.count(D);
  if (Random)
    W.Jitter = Fact::Yes;
  ValueOrigin Origins(Model);
  for (const Origin &O : Origins.perAttemptOrigins(Delay, H))
    if (O.Kind == SourceKind::RandomNumber)
      W.Jitter = Fact::Yes;
  Site.Waits.push_back(W);
}

/// Does \p S run on every way to \p Again: is it in a statement before
/// one holding \p Again, in the same block, and not inside a branch or a
/// loop of that statement?
static bool runsBefore(const Stmt *S, const Stmt *Again, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*Again);
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      return false;
    if (const auto *CS = Parents[0].get<CompoundStmt>()) {
      const Stmt *Child = N.get<Stmt>();
      for (const Stmt *Sib : CS->body()) {
        if (Sib == Child)
          break;
        if (!containsStmt(Sib, S))
          continue;
        bool Branch = false;
        forEachDescendant(Sib, [&](const Stmt *X) {
          if (isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt,
                  CXXForRangeStmt, LambdaExpr>(X) &&
              containsStmt(X, S) && X != S)
            Branch = true;
        });
        return !Branch;
      }
    }
    N = Parents[0];
  }
  return false;
}

void readReissueWaits(RetrySite &Site, const FunctionDecl *H,
                      const CallExpr *Timer, const FunctionDecl *Arming,
                      const ApiModel &Model, ASTContext &Ctx) {
  // Only what runs before the re-issue on its way waits for it.
  llvm::erase_if(Site.Waits, [&](const Wait &W) {
    return W.Call && W.Call != Site.Site && !runsBefore(W.Call, Site.Site, Ctx);
  });
  if (Timer)
    readScheduledWait(Site, Arming, Timer, Model, Ctx);
}

} // namespace clang::tidy::retry::model
