// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a retry site waits between attempts (each wait's jitter, growth,
// Retry-After and whether its duration is readable at all) and where its
// per-attempt code reads Retry-After.

#include "RetrySite.h"
#include "StructuralRetryInternal.h"
#include "ValueOrigin.h"
#include "Waits.h"
#include "utils/IdentifierWords.h"
#include "utils/OutArguments.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace clang::tidy::retry::model {

/// Does \p E, evaluated in \p Fn, derive from a random source (jitter)?
static bool jittered(ValueOrigin &Origins, const Expr *E,
                     const FunctionDecl *Fn) {
  return llvm::any_of(Origins.perAttemptOrigins(E, Fn), [](const Origin &O) {
    return O.Kind == SourceKind::RandomNumber ||
           O.Kind == SourceKind::RandomUuid || O.Kind == SourceKind::Configured;
  });
}

void RetrySiteIndex::summarizeWaits(RetrySite &Site,
                                    llvm::ArrayRef<const Stmt *> Code,
                                    llvm::ArrayRef<const Stmt *> All,
                                    ValueOrigin &Origins) {
  llvm::SmallPtrSet<const VarDecl *, 8> Changing;
  if (Site.AttemptCounter)
    Changing.insert(Site.AttemptCounter);
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *BO = dyn_cast<BinaryOperator>(N))
        if (BO->isAssignmentOp())
          if (const VarDecl *V = refVarThroughUnary(BO->getLHS()))
            Changing.insert(V);
      if (const auto *UO = dyn_cast<UnaryOperator>(N))
        if (UO->isIncrementDecrementOp())
          if (const VarDecl *V = refVarThroughUnary(UO->getSubExpr()))
            Changing.insert(V);
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N))
        if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
          if (const VarDecl *V = refVarThroughUnary(OC->getArg(0)))
            Changing.insert(V);
    });
  auto DependsOnChanging = [&](const Expr *E) {
    bool Found = false;
    forEachDescendant(E, [&](const Stmt *N) {
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
  };
  auto MentionsRetryAfter = [&](const Stmt *S) {
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
  };

  // A local the duration reads that a call in the retried code fills
  // through a reference or an address (`ShouldRetry(resp, attempt,
  // retryAfter)`): its value is what the callee stores. Read there when the
  // callee's body is in the file: a random source in what it stores is
  // jitter; anything else leaves the duration unread (unknown), never
  // "constant".
  auto FilledByCall = [&](const Expr *Duration, bool &Jitter) {
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
        // A call computing the duration reads what it is handed.
        if (!FD || isStdLibrary(FD) || containsStmt(Duration, Call))
          return;
        for (const OutArgument &A : outArguments(Call)) {
          const ParmVarDecl *P = A.Param;
          const unsigned I = A.Index;
          if (!Read.count(A.Var) ||
              !(A.ByReference || (A.AddressOf && !A.ToConstPointee)))
            continue;
          Filled = true;
          const FunctionDecl *Def = nullptr;
          if (!P || !FD->hasBody(Def) || !Def)
            continue;
          const ParmVarDecl *DefP = Def->getParamDecl(I);
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
      });
    return Filled;
  };

  auto IsAttempt = [&](const CallExpr *Call) {
    return llvm::any_of(Site.Operations, [&](const Operation &Op) {
      return Op.Call == Call || Op.InnerCall == Call;
    });
  };
  auto InOperation = [&](const CallExpr *Call) {
    return llvm::any_of(Site.Operations, [&](const Operation &Op) {
      return Op.Call == Call || Op.InnerCall == Call ||
             (Op.Call && containsStmt(Op.Call, Call));
    });
  };
  const Stmt *LoopBody =
      Site.Kind == RetryKind::Loop ? loopParts(Site.Site).Body : nullptr;
  auto OnExitPath = [&](const CallExpr *Call) {
    return LoopBody && exitBranch(LoopBody, Call);
  };
  // Calls made for their effect, as statements (`limiter.Acquire();`): a
  // call whose value is used computes or tests something. Collected on
  // first need: most sites have no candidate call.
  std::optional<llvm::SmallPtrSet<const CallExpr *, 8>> Statements;
  auto IsStatement = [&](const CallExpr *Call) {
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
  };
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call)
        return;
      auto RecordWait = [&](const CallExpr *WaitCall, const Expr *Duration,
                            const FunctionDecl *DurationFn,
                            const CallExpr *Outer) {
        Wait W;
        W.Call = Outer ? Outer : WaitCall;
        W.Jitter = jittered(Origins, Duration, DurationFn);
        // Through a same-file wait helper: what the call hands it
        // (`sleep_with_backoff(apply_jitter(delay))`).
        if (Outer && !W.Jitter)
          W.Jitter = llvm::any_of(Outer->arguments(), [&](const Expr *A) {
            return jittered(Origins, A, enclosingFunction(Outer));
          });
        W.Grows =
            DependsOnChanging(Duration) || (Outer && DependsOnChanging(Outer));
        W.RetryAfter = MentionsRetryAfter(Duration) ||
                       (Outer && MentionsRetryAfter(Outer));
        W.Opaque = !Outer && comesFromOpaqueCall(Duration);
        bool FilledJitter = false;
        // Through a same-file wait helper, its arguments at the call.
        if (!W.Jitter && FilledByCall(Outer ? Outer : Duration, FilledJitter)) {
          W.Jitter = FilledJitter;
          W.Opaque = W.Opaque || !FilledJitter;
        }
        Site.Waits.push_back(W);
      };
      if (std::optional<unsigned> Arg = Model.waitDurationArg(Call)) {
        RecordWait(Call, Call->getArg(*Arg), enclosingFunction(Call), nullptr);
        return;
      }
      // A timer constructed with its duration, then waited on:
      // steady_timer t(io, d); t.wait();
      if (const Expr *D = timerConstructionDuration(Call)) {
        RecordWait(Call, D, enclosingFunction(Call), nullptr);
        return;
      }
      // A project's own sleep defined elsewhere (MySleep(1000), msleep(ms)):
      // a wait of the duration it is given; with none, of unknown shape.
      const FunctionDecl *Def = nullptr;
      const FunctionDecl *FD = calleeDecl(Call);
      if (FD && !FD->hasBody(Def) && !isStdLibrary(FD) &&
          FD->getDeclName().isIdentifier() && isSleepName(FD->getName())) {
        if (Call->getNumArgs() > 0) {
          RecordWait(Call, Call->getArg(0), enclosingFunction(Call), nullptr);
        } else {
          Wait W;
          W.Call = Call;
          W.Opaque = true;
          Site.Waits.push_back(W);
        }
        return;
      }
      // A call named as a wait (`wait(lk)`, `cv.Wait()`, `await(epoch)`)
      // blocks until something else happens: a wait of unknown length. One
      // that returns a number tells how long to wait
      // (`policy->waitForMicroseconds()`).
      // A wait whose length is not read; \p Maybe: the call may not wait
      // at all (its body is not read).
      auto RecordUnread = [&](bool Maybe) {
        Wait W;
        W.Call = Call;
        W.Opaque = true;
        W.MayWait = Maybe;
        Site.Waits.push_back(W);
      };
      QualType RT = FD ? FD->getReturnType() : QualType();
      if (FD && !isStdLibrary(FD) && FD->getDeclName().isIdentifier() &&
          isBlockingWaitName(FD->getName()) &&
          !(RT->isArithmeticType() && !RT->isBooleanType() &&
            !RT->isEnumeralType()) &&
          !IsAttempt(Call)) {
        RecordUnread(false);
        return;
      }
      // A helper whose body the frontend skipped (clangd's preamble) may
      // wait: unknown, never "no wait". The retried operation itself is
      // not a wait.
      if (FD && !isStdLibrary(FD) && bodySkipped(FD) && !IsAttempt(Call)) {
        RecordUnread(true);
        return;
      }
      // A call the model cannot read on the way back waits only with
      // evidence (docs/rules.md, waits need evidence): a parameter that is a
      // duration or named for a time unit (its argument is the duration),
      // or a name that says it pauses (a backoff defined in another file:
      // of unknown length). Any other call (log, free, close, set, a
      // refresh) does not wait. Not the attempt itself or what builds it,
      // and not a call on a path that leaves the loop.
      if (FD && !FD->hasBody(Def) && isProjectFunction(FD) &&
          FD->getDeclName().isIdentifier() && IsStatement(Call) &&
          !InOperation(Call) && !OnExitPath(Call)) {
        if (const ParmVarDecl *P = durationParam(FD))
          if (const Expr *Arg = argForParam(Call, P)) {
            RecordWait(Call, Arg, enclosingFunction(Call), nullptr);
            return;
          }
        if (isPauseName(FD->getName()))
          RecordUnread(true);
        return;
      }
      // A same-TU backoff helper: backoff(attempt) { sleep_for(...); }
      // (Not the recursion's own call: its waits are already here.)
      if (FD && FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
          !Model.isRetryHelper(FD) &&
          !(Site.Recursive &&
            Def->getCanonicalDecl() == Site.Recursive->getCanonicalDecl())) {
        size_t Before = Site.Waits.size();
        forEachDescendant(Def->getBody(), [&](const Stmt *M) {
          if (const auto *Inner = dyn_cast<CallExpr>(M))
            if (std::optional<unsigned> Arg = Model.waitDurationArg(Inner))
              RecordWait(Inner, Inner->getArg(*Arg), Def, Call);
        });
        // A sleep whose own body waits in a way the model does not know
        // (a fiber scheduler's `SleepFor(d)`): a wait of what it is given.
        if (Site.Waits.size() == Before && FD->getDeclName().isIdentifier() &&
            isSleepName(FD->getName()) && Call->getNumArgs() > 0)
          RecordWait(Call, Call->getArg(0), enclosingFunction(Call), nullptr);
      }
    });
  for (const Stmt *S : All)
    if (MentionsRetryAfter(S))
      Site.ReadsRetryAfter = true;
  // Where the per-attempt code reads it: the outermost expression that
  // mentions it, or a call into a same-file function that does.
  if (Site.ReadsRetryAfter)
    for (const Stmt *S : Code)
      forEachDescendant(S, [&](const Stmt *N) {
        const auto *E = dyn_cast<Expr>(N);
        if (!E || llvm::any_of(Site.RetryAfterReads, [&](const Stmt *R) {
              return containsStmt(R, N);
            }))
          return;
        const FunctionDecl *Def = nullptr;
        const auto *Call = dyn_cast<CallExpr>(E);
        const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
        if (MentionsRetryAfter(E) ||
            (FD && FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
             MentionsRetryAfter(Def->getBody())))
          Site.RetryAfterReads.push_back(E);
      });
}

} // namespace clang::tidy::retry::model
