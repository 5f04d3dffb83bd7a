// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a retry site waits between attempts (each wait's jitter, growth,
// Retry-After and whether its duration is readable at all) and where its
// per-attempt code reads Retry-After.

#include "RetryWaits.h"
#include "OperationFinder.h"
#include "ReplyWaits.h"
#include "RetrySiteIndex.h"
#include "ValueOrigin.h"
#include "WaitNames.h"
#include "utils/IdentifierWords.h"
#include "utils/OutArguments.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace clang::tidy::retry::model {

using namespace utils;

/// Does \p E, evaluated in \p Fn, derive from a random source (jitter)?
static bool jittered(ValueOrigin &Origins, const Expr *E,
                     const FunctionDecl *Fn) {
  return llvm::any_of(Origins.perAttemptOrigins(E, Fn), [](const Origin &O) {
    return O.Kind == SourceKind::RandomNumber ||
           O.Kind == SourceKind::RandomUuid || O.Kind == SourceKind::Configured;
  });
}

namespace {

/// Reads the waits of one retry site. The algorithm: collect what changes
/// from one attempt to the next (the counter, what the per-attempt code
/// assigns or steps); then read each call of the per-attempt code once, in
/// walk order, as the first kind of wait it is (a known wait, a timer, a
/// project's own sleep, a blocking wait, a body not read, a call that waits
/// only with evidence, a same-TU helper whose body waits). Each wait records
/// its jitter, growth and Retry-After; last, where the code reads
/// Retry-After.
class WaitReader {
public:
  WaitReader(RetrySiteIndex &Index, RetrySite &Site,
             llvm::ArrayRef<const Stmt *> Code, ValueOrigin &Origins)
      : Index(Index), Model(Index.api()), Ctx(Index.context()), Site(Site),
        Code(Code), Origins(Origins),
        LoopBody(Site.Kind == RetryKind::Loop ? loopParts(Site.Site).Body
                                              : nullptr) {
    collectChanging();
  }

  void read(llvm::ArrayRef<const Stmt *> All) {
    for (const Stmt *S : Code)
      forEachDescendant(S, [&](const Stmt *N) {
        if (const auto *Call = dyn_cast<CallExpr>(N))
          readCall(Call);
      });
    readRetryAfter(All);
  }

private:
  void collectChanging();
  bool dependsOnChanging(const Expr *E) const;
  bool readsOnlyClock(const Expr *E);
  bool mentionsRetryAfter(const Stmt *S) const;
  bool filledByCall(const Expr *Duration, bool &Jitter);
  void filledIn(const FunctionDecl *Def, const ParmVarDecl *DefP, bool &Jitter);
  bool isAttempt(const CallExpr *Call) const;
  bool inOperation(const CallExpr *Call) const;
  bool onExitPath(const CallExpr *Call) const {
    return LoopBody && exitBranch(LoopBody, Call);
  }
  bool isStatement(const CallExpr *Call);
  void recordWait(const CallExpr *WaitCall, const Expr *Duration,
                  const FunctionDecl *DurationFn, const CallExpr *Outer);
  void recordUnread(const CallExpr *Call, bool Maybe);
  void readIoWait(const CallExpr *Call);
  void readCall(const CallExpr *Call);
  bool readUnreadableCall(const CallExpr *Call, const FunctionDecl *FD);
  void readHelper(const CallExpr *Call, const FunctionDecl *FD,
                  const FunctionDecl *Def);
  bool bodyWaitsOnIo(const Stmt *Body) const;
  void readRetryAfter(llvm::ArrayRef<const Stmt *> All);

  RetrySiteIndex &Index;
  const ApiModel &Model;
  ASTContext &Ctx;
  RetrySite &Site;
  llvm::ArrayRef<const Stmt *> Code;
  ValueOrigin &Origins;
  const Stmt *LoopBody;
  /// What changes from one attempt to the next.
  llvm::SmallPtrSet<const VarDecl *, 8> Changing;
  /// The members and fields it stores in (`p.interval *= 2`, `delay_ =
  /// ...`), read as the same member wherever the wait reads it.
  llvm::SmallPtrSet<const ValueDecl *, 8> ChangingMembers;
  /// The I/O waits of the per-attempt code: a call that fills one's
  /// timeout is not a wait of its own.
  llvm::SmallVector<const CallExpr *, 2> IoWaits;
  /// Calls made for their effect, as statements (`limiter.Acquire();`): a
  /// call whose value is used computes or tests something. Collected on
  /// first need: most sites have no candidate call.
  std::optional<llvm::SmallPtrSet<const CallExpr *, 8>> Statements;
};

} // namespace

void WaitReader::collectChanging() {
  if (Site.AttemptCounter)
    Changing.insert(Site.AttemptCounter);
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *Call = dyn_cast<CallExpr>(N);
          Call && ioWaitTimeoutArg(Call))
        IoWaits.push_back(Call);
      // The time left before a deadline (`diff = ms_diff(&end, &now)`)
      // shrinks as the clock moves: no growth between attempts.
      if (const auto *BO = dyn_cast<BinaryOperator>(N))
        if (BO->isAssignmentOp() && !readsOnlyClock(BO->getRHS())) {
          if (const VarDecl *V = refVarThroughUnary(BO->getLHS()))
            Changing.insert(V);
          else if (const auto *ME = dyn_cast<MemberExpr>(
                       BO->getLHS()->IgnoreParenImpCasts()))
            ChangingMembers.insert(ME->getMemberDecl());
        }
      if (const auto *UO = dyn_cast<UnaryOperator>(N))
        if (UO->isIncrementDecrementOp())
          if (const VarDecl *V = refVarThroughUnary(UO->getSubExpr()))
            Changing.insert(V);
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N))
        if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
          if (const VarDecl *V = refVarThroughUnary(OC->getArg(0)))
            Changing.insert(V);
    });
}

bool WaitReader::readsOnlyClock(const Expr *E) {
  llvm::SmallVector<Origin, 2> From =
      Origins.perAttemptOrigins(E, Index.enclosingFunction(Site.Site));
  return !From.empty() && llvm::all_of(From, [](const Origin &O) {
    return O.Kind == SourceKind::Clock;
  });
}

bool WaitReader::dependsOnChanging(const Expr *E) const {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *N) {
    if (const auto *ME = dyn_cast<MemberExpr>(N))
      Found = Found || ChangingMembers.count(ME->getMemberDecl());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (Changing.count(V))
          Found = true;
        // One level through locals: auto d = base * (1 << attempt);
        else if (V->hasLocalStorage() && V->getInit())
          forEachDescendant(V->getInit(), [&](const Stmt *M) {
            if (const auto *D2 = dyn_cast<DeclRefExpr>(M))
              if (const auto *V2 = dyn_cast<VarDecl>(D2->getDecl()))
                if (Changing.count(V2))
                  Found = true;
          });
      }
  });
  return Found;
}

bool WaitReader::mentionsRetryAfter(const Stmt *S) const {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *SL = dyn_cast<StringLiteral>(N)) {
      if (SL->getCharByteWidth() == 1 &&
          SL->getString().lower().find("retry-after") != std::string::npos)
        Found = true;
    } else if (isa<DeclRefExpr, MemberExpr>(N)) {
      // A header named by a constant or a field of a parsed reply
      // (res[http::field::retry_after], reply.retry_after_s).
      const ValueDecl *D = isa<DeclRefExpr>(N)
                               ? cast<DeclRefExpr>(N)->getDecl()
                               : cast<MemberExpr>(N)->getMemberDecl();
      if (D->getDeclName().isIdentifier() &&
          StringRef(normalizeIdentifier(D->getName())).contains("retryafter"))
        Found = true;
    } else if (const auto *Call = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *FD = calleeDecl(Call);
      if (FD && FD->getDeclName().isIdentifier()) {
        std::string L = normalizeIdentifier(FD->getName());
        if (StringRef(L).contains("retryafter"))
          Found = true;
        if (FD->getName() == "curl_easy_getinfo" && Call->getNumArgs() > 1 &&
            constInt(Call->getArg(1), Ctx, 0) == 0x600000 + 57)
          Found = true; // CURLINFO_RETRY_AFTER
      }
    }
  });
  return Found;
}

/// A local the duration reads that a call in the retried code fills
/// through a reference or an address (`ShouldRetry(resp, attempt,
/// retryAfter)`): its value is what the callee stores. Read there when the
/// callee's body is in the file: a random source in what it stores is
/// jitter; anything else leaves the duration unread (unknown), never
/// "constant".
bool WaitReader::filledByCall(const Expr *Duration, bool &Jitter) {
  llvm::SmallPtrSet<const VarDecl *, 4> Read;
  forEachDescendant(Duration, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->hasLocalStorage())
        Read.insert(V);
  });
  bool Filled = false;
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
      // A call computing the duration reads what it is handed; a clock
      // fills in a time, no random source.
      if (!FD || isStdLibrary(FD) || containsStmt(Duration, Call) ||
          Model.perAttemptSource(Call) == SourceKind::Clock)
        return;
      for (const OutArgument &A : outArguments(Call)) {
        if (!Read.count(A.Var) ||
            !(A.ByReference || (A.AddressOf && !A.ToConstPointee)))
          continue;
        Filled = true;
        const FunctionDecl *Def = nullptr;
        if (A.Param && FD->hasBody(Def) && Def)
          filledIn(Def, Def->getParamDecl(A.Index), Jitter);
      }
    });
  return Filled;
}

/// Sets \p Jitter when \p Def stores a random value through \p DefP.
void WaitReader::filledIn(const FunctionDecl *Def, const ParmVarDecl *DefP,
                          bool &Jitter) {
  forEachDescendant(Def->getBody(), [&](const Stmt *M) {
    const Expr *RHS = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(M);
        BO && BO->isAssignmentOp())
      RHS = BO->getRHS();
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(M);
             OC && OC->isAssignmentOp() && OC->getNumArgs() == 2)
      RHS = OC->getArg(1);
    if (!RHS || !isa<BinaryOperator, CXXOperatorCallExpr>(M))
      return;
    const Expr *LHS = isa<BinaryOperator>(M)
                          ? cast<BinaryOperator>(M)->getLHS()
                          : cast<CXXOperatorCallExpr>(M)->getArg(0);
    const Expr *L = LHS->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(L);
        UO && UO->getOpcode() == UO_Deref)
      L = UO->getSubExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(L);
    if (!DRE || DRE->getDecl() != DefP)
      return;
    Jitter = Jitter || jittered(Origins, RHS, Def);
  });
}

bool WaitReader::isAttempt(const CallExpr *Call) const {
  return llvm::any_of(Site.Operations, [&](const Operation &Op) {
    return Op.Call == Call || Op.InnerCall == Call;
  });
}

bool WaitReader::inOperation(const CallExpr *Call) const {
  return llvm::any_of(Site.Operations, [&](const Operation &Op) {
    return Op.Call == Call || Op.InnerCall == Call ||
           (Op.Call && containsStmt(Op.Call, Call));
  });
}

bool WaitReader::isStatement(const CallExpr *Call) {
  if (!Statements) {
    Statements.emplace();
    auto Add = [&](const Stmt *S) {
      if (const auto *E = dyn_cast_or_null<Expr>(S))
        if (const auto *C =
                dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParens()))
          Statements->insert(C);
    };
    for (const Stmt *S : Code) {
      Add(S);
      forEachDescendant(S, [&](const Stmt *N) {
        if (const auto *CS = dyn_cast<CompoundStmt>(N))
          for (const Stmt *Child : CS->body())
            Add(Child);
        else if (const auto *If = dyn_cast<IfStmt>(N)) {
          Add(If->getThen());
          Add(If->getElse());
        }
      });
    }
  }
  return Statements->count(Call) > 0;
}

/// A wait of \p Duration (read in \p DurationFn) made by \p WaitCall, or
/// through the same-file wait helper \p Outer calls.
void WaitReader::recordWait(const CallExpr *WaitCall, const Expr *Duration,
                            const FunctionDecl *DurationFn,
                            const CallExpr *Outer) {
  Wait W;
  W.Call = Outer ? Outer : WaitCall;
  bool Jitter = jittered(Origins, Duration, DurationFn);
  // Through a same-file wait helper: what the call hands it
  // (`sleep_with_backoff(apply_jitter(delay))`).
  if (Outer && !Jitter)
    Jitter = llvm::any_of(Outer->arguments(), [&](const Expr *A) {
      return jittered(Origins, A, Index.enclosingFunction(Outer));
    });
  W.Grows = dependsOnChanging(Duration) || (Outer && dependsOnChanging(Outer));
  W.RetryAfter =
      mentionsRetryAfter(Duration) || (Outer && mentionsRetryAfter(Outer));
  // A pace kept by the clock (`sleep(5 - (time(0) - try_time))`) reads
  // only times: no random source is hidden in it.
  W.Opaque =
      !Outer && comesFromOpaqueCall(Duration) && !readsOnlyClock(Duration);
  bool FilledJitter = false;
  // Through a same-file wait helper, its arguments at the call.
  if (!Jitter && filledByCall(Outer ? Outer : Duration, FilledJitter)) {
    Jitter = FilledJitter;
    W.Opaque = W.Opaque || !FilledJitter;
  }
  W.Jitter = Jitter ? Fact::Yes : W.Opaque ? Fact::Unknown : Fact::No;
  Site.Waits.push_back(W);
}

/// A wait whose length is not read; \p Maybe: the call may not wait at all
/// (its body is not read).
void WaitReader::recordUnread(const CallExpr *Call, bool Maybe) {
  Wait W;
  W.Call = Call;
  W.Opaque = true;
  W.Jitter = Fact::Unknown;
  W.MayWait = Maybe;
  Site.Waits.push_back(W);
}

/// An I/O wait (`select`, `poll`) waits its timeout, one wait of all its
/// timeout is made of (`tv.tv_sec = 1 << n; tv.tv_usec = rand() % k;`);
/// without end, it waits for an event, of no length read.
void WaitReader::readIoWait(const CallExpr *Call) {
  const FunctionDecl *Fn = Index.enclosingFunction(Call);
  llvm::SmallVector<const Expr *, 2> From;
  if (!waitsWithoutEnd(Call, Ctx))
    From = timeoutSources(Call, Fn ? Fn->getBody() : nullptr);
  if (From.empty()) {
    recordUnread(Call, false);
    return;
  }
  size_t First = Site.Waits.size();
  for (const Expr *E : From)
    recordWait(Call, E, Fn, nullptr);
  Wait W = Site.Waits[First];
  for (const Wait &O : llvm::drop_begin(Site.Waits, First + 1)) {
    W.Grows = W.Grows || O.Grows;
    W.RetryAfter = W.RetryAfter || O.RetryAfter;
    W.Opaque = W.Opaque || O.Opaque;
    if (O.Jitter == Fact::Yes || W.Jitter == Fact::Yes)
      W.Jitter = Fact::Yes;
    else if (O.Jitter == Fact::Unknown)
      W.Jitter = Fact::Unknown;
  }
  Site.Waits.resize(First);
  Site.Waits.push_back(W);
}

void WaitReader::readCall(const CallExpr *Call) {
  if (ioWaitTimeoutArg(Call)) {
    readIoWait(Call);
    return;
  }
  if (fillsTimeout(Call, IoWaits))
    return;
  if (std::optional<unsigned> Arg = Model.waitDurationArg(Call)) {
    recordWait(Call, Call->getArg(*Arg), Index.enclosingFunction(Call),
               nullptr);
    return;
  }
  // A timer constructed with its duration, then waited on:
  // steady_timer t(io, d); t.wait();
  if (const Expr *D = timerConstructionDuration(Call)) {
    recordWait(Call, D, Index.enclosingFunction(Call), nullptr);
    return;
  }
  // A project's own sleep defined elsewhere (MySleep(1000), msleep(ms)):
  // a wait of the duration it is given; with none, of unknown shape.
  const FunctionDecl *Def = nullptr;
  const FunctionDecl *FD = calleeDecl(Call);
  if (FD && !FD->hasBody(Def) && !isStdLibrary(FD) &&
      FD->getDeclName().isIdentifier() && isSleepName(FD->getName())) {
    if (Call->getNumArgs() > 0)
      recordWait(Call, Call->getArg(0), Index.enclosingFunction(Call), nullptr);
    else
      recordUnread(Call, false);
    return;
  }
  if (readUnreadableCall(Call, FD))
    return;
  // A same-TU backoff helper: backoff(attempt) { sleep_for(...); }
  // (Not the recursion's own call: its waits are already here.)
  if (FD && FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
      !Model.isRetryHelper(FD) &&
      !(Site.Recursive &&
        Def->getCanonicalDecl() == Site.Recursive->getCanonicalDecl()))
    readHelper(Call, FD, Def);
}

/// The calls whose waiting the model cannot read: a call named as a wait,
/// a body the frontend skipped, a project's call defined elsewhere. True
/// when \p Call is one of them (recorded as a wait or not).
bool WaitReader::readUnreadableCall(const CallExpr *Call,
                                    const FunctionDecl *FD) {
  // A call named as a wait (`wait(lk)`, `cv.Wait()`, `await(epoch)`)
  // blocks until something else happens: a wait of unknown length. One
  // that returns a number tells how long to wait
  // (`policy->waitForMicroseconds()`). Handed a timeout
  // (`wait_for_pado(conn, timeout)`), it waits that long when nothing
  // comes, as on a way back after no reply.
  QualType RT = FD ? FD->getReturnType() : QualType();
  if (FD && !isStdLibrary(FD) && FD->getDeclName().isIdentifier() &&
      isBlockingWaitName(FD->getName()) &&
      !(RT->isArithmeticType() && !RT->isBooleanType() &&
        !RT->isEnumeralType()) &&
      !isAttempt(Call)) {
    const ParmVarDecl *P = waitBoundParam(FD);
    if (const Expr *Arg = P ? argForParam(Call, P) : nullptr)
      recordWait(Call, Arg, Index.enclosingFunction(Call), nullptr);
    else
      recordUnread(Call, false);
    return true;
  }
  // A helper whose body the frontend skipped (clangd's preamble) may
  // wait: unknown, never "no wait". The retried operation itself is
  // not a wait.
  if (FD && !isStdLibrary(FD) && bodySkipped(FD) && !isAttempt(Call)) {
    recordUnread(Call, true);
    return true;
  }
  // A call the model cannot read on the way back waits only with
  // evidence (docs/rules.md, waits need evidence): a parameter that is a
  // duration or named for a time unit (its argument is the duration),
  // or a name that says it pauses (a backoff defined in another file:
  // of unknown length). Any other call (log, free, close, set, a
  // refresh) does not wait. Not the attempt itself or what builds it,
  // and not a call on a path that leaves the loop.
  const FunctionDecl *Def = nullptr;
  if (!FD || FD->hasBody(Def) || !isProjectFunction(FD) ||
      !FD->getDeclName().isIdentifier() || !isStatement(Call) ||
      inOperation(Call) || onExitPath(Call))
    return false;
  if (const ParmVarDecl *P = durationParam(FD))
    if (const Expr *Arg = argForParam(Call, P)) {
      recordWait(Call, Arg, Index.enclosingFunction(Call), nullptr);
      return true;
    }
  if (isPauseName(FD->getName()))
    recordUnread(Call, true);
  return true;
}

/// The waits in the body of \p Def, the same-TU helper \p Call calls.
void WaitReader::readHelper(const CallExpr *Call, const FunctionDecl *FD,
                            const FunctionDecl *Def) {
  size_t Before = Site.Waits.size();
  forEachDescendant(Def->getBody(), [&](const Stmt *M) {
    if (const auto *Inner = dyn_cast<CallExpr>(M))
      if (std::optional<unsigned> Arg = Model.waitDurationArg(Inner))
        recordWait(Inner, Inner->getArg(*Arg), Def, Call);
  });
  // A sleep whose own body waits in a way the model does not know
  // (a fiber scheduler's `SleepFor(d)`): a wait of what it is given.
  if (Site.Waits.size() == Before && FD->getDeclName().isIdentifier() &&
      isSleepName(FD->getName()) && Call->getNumArgs() > 0)
    recordWait(Call, Call->getArg(0), Index.enclosingFunction(Call), nullptr);
  // A procedure that waits on I/O with a timeout (`poll_cmd_fd(v,
  // interval)` selects until its `timeout` passes) pauses: a wait of what
  // its time-named parameter is given. (One that returns what came is an
  // operation awaiting its reply.)
  if (Site.Waits.size() == Before && Def->getReturnType()->isVoidType() &&
      bodyWaitsOnIo(Def->getBody())) {
    const ParmVarDecl *P = waitBoundParam(FD);
    if (const Expr *Arg = P ? argForParam(Call, P) : nullptr)
      recordWait(Call, Arg, Index.enclosingFunction(Call), nullptr);
    else
      recordUnread(Call, false);
  }
}

bool WaitReader::bodyWaitsOnIo(const Stmt *Body) const {
  bool Found = false;
  forEachDescendant(Body, [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    Found = Found || (C && ioWaitTimeoutArg(C) && !waitsWithoutEnd(C, Ctx));
  });
  return Found;
}

void WaitReader::readRetryAfter(llvm::ArrayRef<const Stmt *> All) {
  for (const Stmt *S : All)
    if (mentionsRetryAfter(S))
      Site.ReadsRetryAfter = true;
  // Where the per-attempt code reads it: the outermost expression that
  // mentions it, or a call into a same-file function that does.
  if (!Site.ReadsRetryAfter)
    return;
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      const auto *E = dyn_cast<Expr>(N);
      if (!E || llvm::any_of(Site.RetryAfterReads,
                             [&](const Stmt *R) { return containsStmt(R, N); }))
        return;
      const FunctionDecl *Def = nullptr;
      const auto *Call = dyn_cast<CallExpr>(E);
      const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
      if (mentionsRetryAfter(E) ||
          (FD && FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
           mentionsRetryAfter(Def->getBody())))
        Site.RetryAfterReads.push_back(E);
    });
}

void readWaits(RetrySiteIndex &Index, RetrySite &Site,
               llvm::ArrayRef<const Stmt *> Code,
               llvm::ArrayRef<const Stmt *> All, ValueOrigin &Origins) {
  WaitReader(Index, Site, Code, Origins).read(All);
}

} // namespace clang::tidy::retry::model
