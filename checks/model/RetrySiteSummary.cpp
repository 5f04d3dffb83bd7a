// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The behaviour of a retry site once it is recognized: what it sends (HTTP
// methods resolved from curl options and Beast verbs), how its attempts are
// bounded (cap, deadline), how it waits between them, whether it carries an
// idempotency key and whether it looks the outcome up before re-sending.

#include "Callers.h"
#include "KeySink.h"
#include "RetrySite.h"
#include "ValueOrigin.h"
#include "Waits.h"
#include "utils/AssignedVars.h"
#include "utils/Duration.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

/// Same-TU functions called from \p S, up to \p Depth levels.
static void calleeBodies(const Stmt *S, unsigned Depth,
                         llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen,
                         llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (Depth == 0)
    return;
  forEachDescendant(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call)
      return;
    const FunctionDecl *Def = nullptr;
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def) ||
        !Seen.insert(Def).second)
      return;
    Out.push_back(Def->getBody());
    calleeBodies(Def->getBody(), Depth - 1, Seen, Out);
  });
}

/// The parameter of \p Helper that the cap comparison \p CapWhere reads
/// (`n >= max_tries`), and whether a zero argument turns that comparison
/// off (`max_tries != 0 && n >= max_tries`: 0 means no limit).
static const ParmVarDecl *capParameter(const Stmt *CapWhere,
                                       const FunctionDecl *Helper,
                                       const VarDecl *Counter, ASTContext &Ctx,
                                       bool &ZeroDisables) {
  ZeroDisables = false;
  const ParmVarDecl *Param = nullptr;
  forEachDescendant(CapWhere, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (P != Counter && llvm::is_contained(Helper->parameters(), P))
          Param = Param ? Param : P;
  });
  if (!Param)
    return nullptr;
  // Conjuncts next to the comparison that test the parameter against zero.
  DynTypedNode N = DynTypedNode::create(*CapWhere);
  for (int Steps = 0; Steps < 8; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      break;
    const auto *BO = Parents[0].get<BinaryOperator>();
    if (!BO) {
      if (Parents[0].get<ParenExpr>() || Parents[0].get<ImplicitCastExpr>()) {
        N = Parents[0];
        continue;
      }
      break;
    }
    if (BO->getOpcode() != BO_LAnd)
      break;
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
      const Expr *E = Side->IgnoreParenImpCasts();
      if (E == CapWhere)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        ZeroDisables = ZeroDisables || DRE->getDecl() == Param; // `&& max`
      if (const auto *Cmp = dyn_cast<BinaryOperator>(E))
        if (Cmp->getOpcode() == BO_NE || Cmp->getOpcode() == BO_GT) {
          const auto *L =
              dyn_cast<DeclRefExpr>(Cmp->getLHS()->IgnoreParenImpCasts());
          ZeroDisables =
              ZeroDisables || (L && L->getDecl() == Param &&
                               constInt(Cmp->getRHS(), Ctx, -1) == 0);
        }
    }
    N = Parents[0];
  }
  return Param;
}

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

/// Does \p Call close a gate of its helper's loop \p Own: a test at the top
/// level of the loop body that leaves (`if (idempotency == kNonIdempotent
/// || ...) return last;`) when a parameter of \p HelperDef equals a
/// constant, and \p Call passes that constant? Then the helper makes one
/// attempt for this call.
static bool closesGate(const RetrySite &Own, const FunctionDecl *HelperDef,
                       const CallExpr *Call, ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(loopParts(Own.Site).Body);
  if (!Body || !HelperDef)
    return false;
  auto Test = [&](const Expr *X, const Expr *K) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(X));
    if (!P || P->getDeclContext() != HelperDef)
      return false;
    int64_t KV = constInt(K, Ctx, INT64_MIN);
    const Expr *Arg = argForParam(Call, P);
    return KV != INT64_MIN && Arg && constInt(Arg, Ctx, INT64_MIN) == KV;
  };
  std::function<bool(const Expr *)> Closed = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_LOr)
        return Closed(BO->getLHS()) || Closed(BO->getRHS());
      if (BO->getOpcode() == BO_EQ)
        return Test(BO->getLHS(), BO->getRHS()) ||
               Test(BO->getRHS(), BO->getLHS());
    }
    return false;
  };
  for (const Stmt *S : Body->body()) {
    bool GoesBack = false;
    forEachDescendant(
        S, [&](const Stmt *N) { GoesBack = GoesBack || isa<ContinueStmt>(N); });
    const auto *If = dyn_cast<IfStmt>(S);
    const Stmt *Then = If ? If->getThen() : nullptr;
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then))
      Then = CS->body_empty() ? nullptr : CS->body_back();
    if (If && !If->getElse() && isa_and_nonnull<ReturnStmt, BreakStmt>(Then) &&
        Closed(If->getCond()))
      return true;
    // Something before the gate may go back without passing it.
    if (GoesBack)
      return false;
  }
  return false;
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

/// A method from text such as Beast's verb::delete_ or curl's
/// CURLOPT_CUSTOMREQUEST value.
static HttpMethod methodFromText(StringRef T) {
  T.consume_back("_"); // beast's verb::delete_
  return httpMethodFromName(T);
}

/// libcurl: POST unless CURLOPT_CUSTOMREQUEST names another method.
static HttpMethod curlMethod(const FunctionDecl *Fn, ASTContext &Ctx) {
  HttpMethod M = HttpMethod::Get;
  HttpMethod Custom = HttpMethod::Unknown;
  if (!Fn || !Fn->getBody())
    return HttpMethod::Unknown;
  forEachDescendant(Fn->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD || !FD->getDeclName().isIdentifier() ||
        FD->getName() != "curl_easy_setopt" || Call->getNumArgs() < 3)
      return;
    int64_t Opt = constInt(Call->getArg(1), Ctx, -1);
    if (Opt == 47 /*CURLOPT_POST*/ || Opt == 10015 /*POSTFIELDS*/ ||
        Opt == 10165 /*COPYPOSTFIELDS*/ || Opt == 30120 /*POSTFIELDSIZE_LARGE*/)
      M = HttpMethod::Post;
    else if (Opt == 10036 /*CUSTOMREQUEST*/)
      if (std::optional<StringRef> L = stringLiteralText(Call->getArg(2)))
        Custom = methodFromText(*L);
  });
  return Custom != HttpMethod::Unknown ? Custom : M;
}

/// Boost.Beast: the verb the request passed to http::write was built with.
static HttpMethod beastMethod(const CallExpr *Write, const FunctionDecl *Fn) {
  if (Write->getNumArgs() < 2 || !Fn)
    return HttpMethod::Unknown;
  const VarDecl *Req = refVarThroughUnary(Write->getArg(1));
  if (!Req)
    return HttpMethod::Unknown;
  HttpMethod M = HttpMethod::Unknown;
  auto VerbOf = [&](const Stmt *S) {
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
          if (StringRef(cast<EnumDecl>(EC->getDeclContext())
                            ->getQualifiedNameAsString())
                  .ends_with("http::verb"))
            M = methodFromText(EC->getName());
    });
  };
  if (Req->getInit())
    VerbOf(Req->getInit());
  forEachDescendant(Fn->getBody(), [&](const Stmt *S) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (refVarThroughUnary(MC->getImplicitObjectArgument()) == Req &&
          MC->getMethodDecl() &&
          MC->getMethodDecl()->getNameAsString() == "method")
        VerbOf(MC);
  });
  return M;
}

void RetrySiteIndex::resolveCurlMethods(RetrySite &Site) {
  for (Operation &Op : Site.Operations) {
    const CallExpr *Inner = Op.InnerCall ? Op.InnerCall : Op.Call;
    if (Op.Kind == OperationKind::Curl) {
      Op.Method = curlMethod(enclosingFunction(Inner), Ctx);
      Op.SideEffect = isSideEffectMethod(Op.Method);
    } else if (Op.Kind == OperationKind::Beast) {
      Op.Method = beastMethod(Inner, enclosingFunction(Inner));
      Op.SideEffect = isSideEffectMethod(Op.Method);
    }
  }
}

void RetrySiteIndex::summarize(RetrySite &Site) {
  resolveCurlMethods(Site);
  llvm::SmallVector<const Stmt *, 3> Code = Site.perAttemptCode();
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallVector<const Stmt *, 8> Callees;
  for (const Stmt *S : Code)
    calleeBodies(S, 2, Seen, Callees);
  llvm::SmallVector<const Stmt *, 12> All(Code.begin(), Code.end());
  All.append(Callees.begin(), Callees.end());

  // --- attempt cap and deadline ---
  ValueOrigin Origins(Model);
  auto IsClockDerived = [&](const Expr *E, const FunctionDecl *Fn) {
    for (const Origin &O : Origins.perAttemptOrigins(E, Fn))
      if (O.Kind == SourceKind::Clock)
        return true;
    return false;
  };
  const FunctionDecl *Fn = enclosingFunction(Site.Site);
  const Expr *LoopCond = nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(Site.Site))
    LoopCond = W->getCond();
  else if (const auto *D = dyn_cast<DoStmt>(Site.Site))
    LoopCond = D->getCond();
  // Attempts counted in a struct (`token.retries++`): the struct's bounds
  // are the cap. Only for the cap: the struct is not a per-attempt value.
  const VarDecl *FieldCounterOwner = nullptr;
  const ValueDecl *FieldCounter = nullptr;
  // A member of the object counted down (`--retries_remaining_`): its start
  // is not known here, so its test is a cap of unknown size.
  bool FieldCountsDown = false;
  if (Site.Kind == RetryKind::Loop)
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
  // The counter, or the counted field of its struct: the limit may sit in
  // the same struct (st.attempts >= st.max_attempts).
  auto MentionsField = [&](const Expr *E) {
    bool Found = false;
    forEachDescendant(E, [&](const Stmt *N) {
      if (const auto *ME = dyn_cast<MemberExpr>(N))
        Found = Found || (ME->getMemberDecl() == FieldCounter &&
                          refVar(ME->getBase()) == FieldCounterOwner);
    });
    return Found;
  };
  auto MentionsCounter = [&](const Expr *E) {
    return Site.AttemptCounter ? references(E, Site.AttemptCounter)
                               : MentionsField(E);
  };
  // Locals that hold an operation's result (`auto out = client.PutItem(req)`),
  // found when a policy call needs them.
  std::optional<llvm::SmallPtrSet<const VarDecl *, 4>> ResultVars;
  // `out.GetError().ShouldRetry()`: a question asked of this failure, with
  // no attempt count to go by, classifies it; it bounds nothing.
  auto Results = [&]() -> const llvm::SmallPtrSet<const VarDecl *, 4> & {
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
  };
  // Does \p E read the operation's result?
  auto ReadsResult = [&](const Expr *E) {
    bool Reads = false;
    forEachDescendant(E, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          Reads = Reads || Results().count(V);
      for (const Operation &Op : Site.Operations)
        Reads = Reads || N == Op.Call;
    });
    return Reads;
  };
  auto ClassifiesResult = [&](const CallExpr *Call) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
    if (!MC || MC->getNumArgs() != 0)
      return false;
    return ReadsResult(MC->getImplicitObjectArgument());
  };
  // A policy method defined in the file that is handed only the outcome
  // and decides on nothing else never ends the retry.
  auto IgnoresAttempts = [&](const CallExpr *Call) {
    const FunctionDecl *FD = calleeDecl(Call), *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Def ||
        !Ctx.getSourceManager().isInMainFile(Def->getLocation()))
      return false;
    llvm::SmallPtrSet<const ParmVarDecl *, 4> Outcome;
    for (const ParmVarDecl *P : Def->parameters())
      if (const Expr *A = argForParam(Call, P); A && ReadsResult(A))
        Outcome.insert(P);
    return decidesOnOutcomeOnly(Def, Outcome, 0);
  };
  // A counter declared in the loop body starts again on every pass (`for
  // (;;) { int attempts = 0; ... if (++attempts >= 5) return false; }`):
  // stepped once a pass, its test never trips.
  bool CounterResets = false;
  if (Site.Kind == RetryKind::Loop && Site.AttemptCounter &&
      Site.AttemptCounter->hasLocalStorage()) {
    const Stmt *LoopBody = loopParts(Site.Site).Body;
    const SourceManager &SM = Ctx.getSourceManager();
    CounterResets =
        LoopBody && SM.isPointWithin(Site.AttemptCounter->getLocation(),
                                     LoopBody->getBeginLoc(),
                                     LoopBody->getEndLoc());
    // Stepped inside a nested loop, it may reach the limit within a pass.
    forEachDescendant(LoopBody, [&](const Stmt *N) {
      if (CounterResets && N != LoopBody &&
          isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(N) &&
          changedDecls(N).count(Site.AttemptCounter))
        CounterResets = false;
    });
  }
  auto ExamineBound = [&](const Expr *Cond) {
    forEachDescendant(Cond, [&](const Stmt *N) {
      if (const auto *Call = dyn_cast<CallExpr>(N)) {
        if (Model.isPolicyCall(calleeDecl(Call)) && Site.Cap == CapKind::None &&
            !ClassifiesResult(Call) && !IgnoresAttempts(Call)) {
          Site.Cap = CapKind::Policy;
          Site.CapWhere = Call;
        }
        if (const FunctionDecl *FD = calleeDecl(Call))
          if (FD->getDeclName().isIdentifier()) {
            std::string L = FD->getName().lower();
            if (!Site.Deadline && (StringRef(L).contains("deadline") ||
                                   StringRef(L).contains("expired") ||
                                   StringRef(L).contains("time_left") ||
                                   StringRef(L).contains("timeleft") ||
                                   StringRef(L).contains("remaining")))
              Site.Deadline = Call;
          }
      }
      const auto *BO = dyn_cast<BinaryOperator>(N);
      const Expr *L = nullptr, *R = nullptr;
      BinaryOperatorKind Op = BO_EQ;
      if (BO && BO->isComparisonOp()) {
        L = BO->getLHS();
        R = BO->getRHS();
        Op = BO->getOpcode();
      } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N);
                 OC && OC->isComparisonOp() && OC->getNumArgs() == 2) {
        L = OC->getArg(0);
        R = OC->getArg(1);
        Op = BinaryOperator::getOverloadedOpcode(OC->getOperator());
      }
      if (!L)
        return;
      if (!Site.Deadline && (IsClockDerived(L, Fn) || IsClockDerived(R, Fn)))
        Site.Deadline = N;
      const VarDecl *C =
          Site.AttemptCounter ? Site.AttemptCounter : FieldCounterOwner;
      if ((!C && !FieldCounter) || Site.Cap == CapKind::Constant)
        return;
      bool LeftIsCounter = MentionsCounter(L) && !MentionsCounter(R);
      bool RightIsCounter = MentionsCounter(R) && !MentionsCounter(L);
      if (CounterResets && (LeftIsCounter || RightIsCounter))
        return;
      if (!LeftIsCounter && !RightIsCounter) {
        // Besides the loop's counter, a member stepped in the body and
        // tested (`--retries_remaining_; ... retries_remaining_ == 0`).
        if (Site.AttemptCounter && FieldCounter &&
            MentionsField(L) != MentionsField(R) && Site.Cap == CapKind::None) {
          Site.Cap = CapKind::Variable;
          Site.CapWhere = N;
        }
        return;
      }
      const Expr *Bound = LeftIsCounter ? R : L;
      if (RightIsCounter) { // K > i  ==  i < K
        if (Op != BO_Cmp)
          Op = BinaryOperator::reverseComparisonOp(Op);
      }
      int64_t K = constInt(Bound, Ctx, INT64_MIN);
      if (K == INT64_MIN || (!Site.AttemptCounter && FieldCountsDown)) {
        Site.Cap = CapKind::Variable;
        Site.CapWhere = N;
        return;
      }
      int64_t Start = C && C->getInit() ? constInt(C->getInit(), Ctx, 0) : 0;
      // i < K and i >= K (as an exit) both allow K - Start attempts.
      int64_t Attempts =
          (Op == BO_LE || Op == BO_GT) ? K - Start + 1 : K - Start;
      // Counting in the loop condition itself: while (++tries < K) makes
      // one attempt fewer, do ... while (tries++ < K) one more (its body
      // runs before the first test).
      const auto *Counted =
          dyn_cast<UnaryOperator>(ignoreWrappers(LeftIsCounter ? L : R));
      if (Counted && Counted->isIncrementOp() && LoopCond &&
          LoopCond->IgnoreParenImpCasts() == N) {
        if (isa<WhileStmt>(Site.Site) && Counted->isPrefix())
          --Attempts;
        else if (isa<DoStmt>(Site.Site) && Counted->isPostfix())
          ++Attempts;
      }
      // An exit test in the body after the attempt, on a counter the `for`
      // steps only at the end of the round (`for (i = 1;; ++i) { try {
      // ... } catch (...) { if (i == 3) throw; } }`): the round with i ==
      // K is made too.
      if (Site.AttemptCounter && isa<ForStmt>(Site.Site) &&
          !containsStmt(loopParts(Site.Site).Cond, N)) {
        LoopParts Parts = loopParts(Site.Site);
        bool SteppedAtEnd = Parts.Inc && references(Parts.Inc, C);
        bool SteppedInBody =
            changedDecls(Parts.Body).count(Site.AttemptCounter) > 0;
        bool AfterAttempt =
            llvm::any_of(Site.Operations, [&](const Operation &O) {
              return O.Call && Ctx.getSourceManager().isBeforeInTranslationUnit(
                                   O.Call->getBeginLoc(), N->getBeginLoc());
            });
        if (SteppedAtEnd && !SteppedInBody && AfterAttempt &&
            (Op == BO_EQ || Op == BO_GE || Op == BO_GT))
          ++Attempts;
      }
      if (Attempts < 1)
        Attempts = 1;
      Site.Cap = CapKind::Constant;
      Site.MaxAttempts = unsigned(std::min<int64_t>(Attempts, 1u << 30));
      Site.CapWhere = N;
    });
  };
  // A test of a local flag set once from conditions (`const bool done =
  // (ok && status < 500) || current >= retries; if (done) return err;`)
  // tests those conditions.
  std::optional<llvm::SmallPtrSet<const ValueDecl *, 8>> ChangedInFn;
  auto ExamineExit = [&](const Expr *Cond) {
    ExamineBound(Cond);
    forEachDescendant(Cond, [&](const Stmt *N) {
      const auto *DRE = dyn_cast<DeclRefExpr>(N);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
          !V->getType()->isBooleanType() || !Fn || !Fn->getBody())
        return;
      if (!ChangedInFn)
        ChangedInFn = changedDecls(Fn->getBody());
      if (!ChangedInFn->count(V))
        ExamineBound(V->getInit());
    });
  };
  if (Site.Kind == RetryKind::Goto || Site.Kind == RetryKind::Recursion) {
    for (const Stmt *S : Code)
      forEachDescendant(S, [&](const Stmt *N) {
        if (const auto *If = dyn_cast<IfStmt>(N))
          ExamineExit(If->getCond());
      });
  } else if (Site.Kind == RetryKind::Loop) {
    LoopParts Loop = loopParts(Site.Site);
    ExamineExit(Loop.Cond);
    // Bounds checked in the body: if (++tries >= 5) break;
    forEachDescendant(Loop.Body, [&](const Stmt *N) {
      if (const auto *If = dyn_cast<IfStmt>(N))
        ExamineExit(If->getCond());
    });
    // An exit decided by a call that is not the retried operation
    // (`if (!policy->canRetry(ctx)) break;`, `permit = node.retry(); if
    // (!permit.allowed) return;`) is a policy the model cannot read: not
    // "no cap".
    if (Site.Cap == CapKind::None && !Site.Deadline)
      forEachDescendant(Loop.Body, [&](const Stmt *N) {
        const auto *If = dyn_cast<IfStmt>(N);
        if (!If || Site.Cap != CapKind::None ||
            !(leavesLoop(If->getThen()) || leavesLoop(If->getElse())))
          return;
        if (const CallExpr *Gate =
                decidingCall(If->getCond(), Site, Loop.Body)) {
          Site.Cap = CapKind::Policy;
          Site.CapWhere = Gate;
        }
      });
  } else if (const auto *Call = dyn_cast<CallExpr>(Site.Site);
             Call && Site.Kind == RetryKind::Helper) {
    // with_retries(3, op): the first integer argument is the attempt budget;
    // a helper without one decides itself.
    Site.Cap = CapKind::Policy;
    Site.CapWhere = Call;
    // A helper by behaviour bounds its attempts in its own loop: a cap on a
    // parameter takes this call's argument for it (defaults included), and
    // a loop with no cap retries this call forever.
    const RetrySite *Own = callableRetryLoop(Site.Helper);
    const FunctionDecl *HelperDef =
        Own ? enclosingFunction(Own->Site) : nullptr;
    bool Mapped = false;
    if (Own && Own->Cap == CapKind::None && !Own->Deadline) {
      Site.Cap = CapKind::None;
      Site.CapWhere = Own->Site;
      Mapped = true;
    } else if (Own && Own->Cap == CapKind::Constant) {
      Site.Cap = CapKind::Constant;
      Site.MaxAttempts = Own->MaxAttempts;
      Site.CapWhere = Own->CapWhere;
      Mapped = true;
    } else if (Own && HelperDef && Own->Cap == CapKind::Variable &&
               Own->CapWhere) {
      bool ZeroDisables = false;
      if (const ParmVarDecl *P = capParameter(
              Own->CapWhere, HelperDef, Own->AttemptCounter, Ctx, ZeroDisables))
        if (const Expr *Arg = argForParam(Call, P)) {
          int64_t K = constInt(Arg, Ctx, INT64_MIN);
          Mapped = true;
          Site.CapWhere = isa<CXXDefaultArgExpr>(Arg) ? Call : Arg;
          if (K == INT64_MIN) {
            Site.Cap = CapKind::Variable;
          } else if (K <= 0 && ZeroDisables) {
            Site.Cap = CapKind::None;
          } else {
            Site.Cap = CapKind::Constant;
            Site.MaxAttempts = unsigned(std::max<int64_t>(K, 1));
          }
        }
    }
    if (Own && Own->Deadline && !Site.Deadline)
      Site.Deadline = Own->Deadline;
    if (Own && closesGate(*Own, HelperDef, Call, Ctx)) {
      Site.Cap = CapKind::Constant;
      Site.MaxAttempts = 1;
      Site.CapWhere = Call;
      Mapped = true;
    }
    for (const Expr *Arg : Call->arguments()) {
      if (Mapped)
        break;
      if (!Arg->getType()->isIntegerType())
        continue;
      int64_t K = constInt(Arg, Ctx, INT64_MIN);
      if (K == INT64_MIN) {
        Site.Cap = CapKind::Variable;
      } else {
        Site.Cap = CapKind::Constant;
        Site.MaxAttempts = unsigned(std::max<int64_t>(K, 1));
      }
      Site.CapWhere = Arg;
      break;
    }
    // Combinators take a policy object instead: folly's
    // retryingPolicyBasic(3) makes 3 attempts; google-cloud-cpp's
    // LimitedErrorCountRetryPolicy(2) tolerates 2 failures, so 3 attempts.
    auto IsCallable = [](const Expr *Arg) {
      const CXXRecordDecl *RD = Arg->getType()->getAsCXXRecordDecl();
      return (RD && RD->isLambda()) || isa<LambdaExpr>(ignoreWrappers(Arg));
    };
    if (Site.Cap == CapKind::Policy)
      for (const Expr *Arg : Call->arguments())
        if (!IsCallable(Arg))
          forEachDescendant(Arg, [&](const Stmt *N) {
            const auto *E = dyn_cast<Expr>(N);
            if (Site.Cap != CapKind::Policy || !E)
              return;
            std::string Name;
            llvm::SmallVector<const Expr *, 2> Args;
            if (const auto *C = dyn_cast<CallExpr>(E)) {
              if (const FunctionDecl *FD = calleeDecl(C))
                Name = FD->getNameAsString();
              Args.append(C->arg_begin(), C->arg_end());
            } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
              if (const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl())
                Name = RD->getNameAsString();
              Args.append(CE->arg_begin(), CE->arg_end());
            }
            if (!StringRef(Name).contains_insensitive("policy") ||
                Args.empty() || !Args.front()->getType()->isIntegerType())
              return;
            int64_t K = constInt(Args.front(), Ctx, INT64_MIN);
            if (K == INT64_MIN)
              return;
            if (StringRef(Name).contains("ErrorCount"))
              ++K;
            Site.Cap = CapKind::Constant;
            Site.MaxAttempts = unsigned(std::max<int64_t>(K, 1));
            Site.CapWhere = E;
          });
  }

  // --- waits, Retry-After, keys, look-ups ---
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
        for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
          const Expr *A = Call->getArg(I)->IgnoreParenImpCasts();
          bool AddrOf = false;
          if (const auto *UO = dyn_cast<UnaryOperator>(A);
              UO && UO->getOpcode() == UO_AddrOf) {
            A = UO->getSubExpr()->IgnoreParenImpCasts();
            AddrOf = true;
          }
          const VarDecl *V = refVar(A);
          const ParmVarDecl *P =
              I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
          bool ByRef = P && P->getType()->isLValueReferenceType() &&
                       !P->getType().getNonReferenceType().isConstQualified();
          bool ToConst = P && P->getType()->isPointerType() &&
                         P->getType()->getPointeeType().isConstQualified();
          if (!V || !Read.count(V) || !(ByRef || (AddrOf && !ToConst)))
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
            for (const Origin &O : Origins.perAttemptOrigins(RHS, Def))
              if (O.Kind == SourceKind::RandomNumber ||
                  O.Kind == SourceKind::RandomUuid ||
                  O.Kind == SourceKind::Configured)
                Jitter = true;
          });
        }
      });
    return Filled;
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
        for (const Origin &O : Origins.perAttemptOrigins(Duration, DurationFn))
          if (O.Kind == SourceKind::RandomNumber ||
              O.Kind == SourceKind::RandomUuid ||
              O.Kind == SourceKind::Configured)
            W.Jitter = true;
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
      // A helper whose body the frontend skipped (clangd's preamble) may
      // wait: unknown, never "no wait". The retried operation itself is
      // not a wait.
      if (FD && !isStdLibrary(FD) && bodySkipped(FD) &&
          !llvm::any_of(Site.Operations, [&](const Operation &Op) {
            return Op.Call == Call || Op.InnerCall == Call;
          })) {
        Wait W;
        W.Call = Call;
        W.Opaque = true;
        Site.Waits.push_back(W);
        return;
      }
      // A same-TU backoff helper: backoff(attempt) { sleep_for(...); }
      // (Not the recursion's own call: its waits are already here.)
      if (FD && FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
          !Model.isRetryHelper(FD) &&
          !(Site.Recursive &&
            Def->getCanonicalDecl() == Site.Recursive->getCanonicalDecl()))
        forEachDescendant(Def->getBody(), [&](const Stmt *M) {
          if (const auto *Inner = dyn_cast<CallExpr>(M))
            if (std::optional<unsigned> Arg = Model.waitDurationArg(Inner))
              RecordWait(Inner, Inner->getArg(*Arg), Def, Call);
        });
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

  // Keys: a key sink in the retried code, in what it calls, or in the
  // function that builds the request (headers made before the loop).
  auto HasKeySink = [&](const Stmt *S) {
    bool Found = false;
    forEachDescendant(S, [&](const Stmt *N) {
      // The first sink found is the key's evidence (--trace).
      auto Sink = [&] {
        Found = true;
        if (!Site.KeyWhere)
          Site.KeyWhere = N;
      };
      if (const auto *SL = dyn_cast<StringLiteral>(N)) {
        if (SL->getCharByteWidth() == 1 &&
            (Model.isKeyHeader(SL->getString()) ||
             Model.isKeyHeaderPrefix(SL->getString())))
          Sink();
      } else if (const auto *Call = dyn_cast<CallExpr>(N)) {
        // A setter of a response, result or error object records what the
        // server sent back: no key leaves in it (rule 6).
        const auto *MD = dyn_cast_or_null<CXXMethodDecl>(calleeDecl(Call));
        if (MD && isReplyRecord(MD->getParent()))
          return;
        if (const FunctionDecl *FD = calleeDecl(Call)) {
          if (FD->getDeclName().isIdentifier() &&
              Model.isKeySinkName(FD->getName()))
            Sink();
          for (const ParmVarDecl *P : FD->parameters())
            if (P->getDeclName().isIdentifier() &&
                Model.isKeySinkName(P->getName()))
              Sink();
        }
      } else if (const auto *ME = dyn_cast<MemberExpr>(N)) {
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          if (F->getDeclName().isIdentifier() &&
              Model.isKeySinkName(F->getName()) &&
              !isReplyRecord(dyn_cast<CXXRecordDecl>(F->getParent())))
            Sink();
      }
    });
    return Found;
  };
  for (const Stmt *S : All)
    Site.SendsKey = Site.SendsKey || HasKeySink(S);
  if (!Site.SendsKey && Fn && Fn->getBody())
    Site.SendsKey = HasKeySink(Fn->getBody());
  for (const Operation &Op : Site.Operations)
    if (!Site.SendsKey && Op.InnerCall)
      if (const FunctionDecl *F = enclosingFunction(Op.InnerCall))
        Site.SendsKey = F->getBody() && HasKeySink(F->getBody());
  // A request part the caller hands in (a header list): keyed when every
  // caller in the file passes one that carries a key.
  for (const Operation &Op : Site.Operations) {
    const CallExpr *Inner = Op.InnerCall ? Op.InnerCall : Op.Call;
    const FunctionDecl *F = Inner ? enclosingFunction(Inner) : nullptr;
    if (Site.SendsKey || !F)
      break;
    for (const Expr *Arg : Inner->arguments()) {
      const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(Arg));
      if (!P || !llvm::is_contained(F->parameters(), P))
        continue;
      llvm::SmallVector<const CallExpr *, 4> Calls = callsFromOutside(F, Ctx);
      if (!Calls.empty() && llvm::all_of(Calls, [&](const CallExpr *C) {
            const Expr *A = argForParam(C, P);
            if (!A)
              return false;
            if (HasKeySink(A))
              return true;
            // A local the caller fills: `Headers h = {{"Idempotency-Key",
            // k}};` or `h.emplace("Idempotency-Key", k)`.
            const VarDecl *V = refVar(A);
            const FunctionDecl *CF = enclosingFunction(C);
            return V && V->hasLocalStorage() && CF && CF->getBody() &&
                   HasKeySink(CF->getBody());
          })) {
        Site.SendsKey = true;
        break;
      }
    }
  }
  if (!Site.SendsKey)
    Site.KeyWhere = nullptr;

  // Look-ups of authoritative state before re-sending.
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call || Site.LooksUpState)
        return;
      if (Model.isLookup(calleeDecl(Call))) {
        Site.LooksUpState = Call;
        return;
      }
      auto IsRead = [&](const CallExpr *C) {
        std::optional<Operation> Op = Model.operation(C);
        return Op && !Op->SideEffect &&
               (Op->Method == HttpMethod::Get ||
                Op->Method == HttpMethod::Head ||
                Op->Kind == OperationKind::Grpc ||
                Op->Kind == OperationKind::AwsSdk);
      };
      if (IsRead(Call)) {
        Site.LooksUpState = Call;
        return;
      }
      // A same-file helper that only reads (`charge_exists(stub, id)`
      // calling GetCharge) and whose answer the loop tests.
      const FunctionDecl *FD = calleeDecl(Call);
      const FunctionDecl *Def = nullptr;
      if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def) ||
          !FD->getReturnType()->isBooleanType() ||
          llvm::any_of(Site.Operations, [&](const Operation &Op) {
            return Op.SideEffect && (Op.Call == Call || Op.InnerCall == Call);
          }))
        return;
      bool Reads = false, Writes = false;
      forEachDescendant(Def->getBody(), [&](const Stmt *M) {
        if (const auto *C = dyn_cast<CallExpr>(M)) {
          if (IsRead(C))
            Reads = true;
          else if (std::optional<Operation> Op = Model.operation(C);
                   Op && Op->SideEffect)
            Writes = true;
        }
      });
      if (Reads && !Writes)
        Site.LooksUpState = Call;
    });
}

} // namespace clang::tidy::retry::model
