// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry helpers by behaviour: which functions retry a callable parameter,
// in a loop or by recursion, in their own body or in the overload they
// forward to (`with_retry(op, pred)` handing `&op` to the overload that
// takes pointers), and which argument of a call to the helper reaches a
// parameter of that retry (its cap, its starting count).

#include "HelperRetry.h"
#include "OperationFinder.h"
#include "RetryLoops.h"
#include "RetryRecursion.h"
#include "RetrySiteIndex.h"
#include "RetrySiteSummary.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Forwarding calls followed from a helper to its retry: overload sets
/// are small.
static constexpr unsigned MaxForwards = 4;

/// Does \p Op call a parameter of \p Def (the callable it was handed)?
static bool callsParameter(const Operation &Op, const FunctionDecl *Def) {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(callableTarget(Op.Call));
  return P && P->getDeclContext() == Def;
}

/// The call that initializes \p V (`R r = (*op)();`), or \p E itself when
/// it is a call.
static const CallExpr *resultCall(const Expr *E) {
  if (const auto *C = dyn_cast_or_null<CallExpr>(ignoreWrappers(E)))
    return C;
  const VarDecl *V = refVar(E);
  return V ? dyn_cast_or_null<CallExpr>(ignoreWrappers(V->getInit())) : nullptr;
}

llvm::SmallVector<Operation, 2> retriedOnVerdict(RetrySiteIndex &Index,
                                                 const FunctionDecl *Def,
                                                 const Stmt *Back) {
  llvm::SmallVector<Operation, 2> Out;
  auto CallsParameter = [&](const CallExpr *C) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(callableTarget(C));
    return P && P->getDeclContext() == Def;
  };
  forEachInFunction(Def->getBody(), [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    if (!If || containsStmt(If->getCond(), Back) ||
        containsStmt(If->getThen(), Back) == containsStmt(If->getElse(), Back))
      return;
    // One branch goes back and the other does not: the judge's verdict on
    // the callable's result decides whether it is called again.
    forEachDescendant(If->getCond(), [&](const Stmt *M) {
      const auto *Judge = dyn_cast<CallExpr>(M);
      if (!Judge || !CallsParameter(Judge))
        return;
      for (const Expr *Arg : Judge->arguments())
        if (const CallExpr *Op = resultCall(Arg))
          if (Op != Judge && CallsParameter(Op) &&
              !llvm::any_of(Out,
                            [&](const Operation &O) { return O.Call == Op; }))
            if (std::optional<Operation> O = Index.unknownOperation(Op))
              Out.push_back(*O);
    });
  });
  return Out;
}

const RetrySite *HelperRecognizer::ownCallableRetry(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  if (auto It = FnRetriesCallable.find(Def); It != FnRetriesCallable.end())
    return It->second;
  FnRetriesCallable[Def] = nullptr; // recursion: no evidence yet
  const RetrySite *Found = nullptr;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    if (Found || !isa<ForStmt, WhileStmt, DoStmt>(N))
      return;
    if (const RetrySite *Site = Index.loops().recognize(N))
      if (llvm::any_of(Site->Operations, [&](const Operation &Op) {
            return callsParameter(Op, Def);
          }))
        Found = Site;
  });
  // `if (again(result) && tried < max) return with_retry(op, again, max,
  // tried + 1);`: the helper retries by calling itself.
  if (!Found)
    if (const RetrySite *Site = Index.recursion().recognize(Def))
      if (llvm::any_of(Site->Operations, [&](const Operation &Op) {
            return callsParameter(Op, Def);
          }))
        Found = Site;
  FnRetriesCallable[Def] = Found;
  return Found;
}

/// The call \p FD's body consists of, when it hands at least one of its
/// parameters on: `return with_retry(&op, &again, max, tried);`. Read in
/// \p FD itself (an instantiation's body names the overload chosen).
static const CallExpr *forwardingCall(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const Stmt *Only = Body->body_front();
  const Expr *E = nullptr;
  if (const auto *RS = dyn_cast<ReturnStmt>(Only))
    E = RS->getRetValue();
  else
    E = dyn_cast<Expr>(Only);
  const auto *Call = dyn_cast_or_null<CallExpr>(ignoreWrappers(E));
  const FunctionDecl *Callee = calleeDecl(Call);
  if (!Callee || Callee->getCanonicalDecl() == Def->getCanonicalDecl())
    return nullptr;
  for (const Expr *Arg : Call->arguments())
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(Arg)))
      if (P->getDeclContext() == Def)
        return Call;
  return nullptr;
}

HelperRetry HelperRecognizer::helperRetry(const FunctionDecl *FD) {
  if (!FD)
    return {};
  if (auto It = HelperRetries.find(FD); It != HelperRetries.end())
    return It->second;
  HelperRetries[FD] = {}; // a forwarding cycle: no evidence
  HelperRetry R;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Seen;
  const FunctionDecl *Cur = FD;
  while (Cur && Seen.insert(Cur->getCanonicalDecl()).second) {
    if ((R.Own = ownCallableRetry(Cur)))
      break;
    if (R.Forwards.size() == MaxForwards)
      break;
    const CallExpr *Next = forwardingCall(Cur);
    if (!Next)
      break;
    R.Forwards.push_back(Next);
    Cur = calleeDecl(Next);
  }
  if (!R.Own)
    R.Forwards.clear();
  HelperRetries[FD] = R;
  return R;
}

const Expr *argReaching(const CallExpr *Call, const HelperRetry &R,
                        const ParmVarDecl *P) {
  if (!Call || !P)
    return nullptr;
  unsigned Idx = P->getFunctionScopeIndex();
  // Back from the retry to the helper: each forwarding call's argument for
  // the parameter, while it is the caller's own parameter passed on.
  for (auto It = R.Forwards.rbegin(); It != R.Forwards.rend(); ++It) {
    const FunctionDecl *Callee = calleeDecl(*It);
    if (!Callee || Idx >= Callee->getNumParams())
      return nullptr;
    const Expr *Arg = argForParam(*It, Callee->getParamDecl(Idx));
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Arg));
    const auto *Passed = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!Passed)
      return Arg; // made in the forwarding function
    Idx = Passed->getFunctionScopeIndex();
  }
  const FunctionDecl *Helper = calleeDecl(Call);
  if (!Helper || Idx >= Helper->getNumParams())
    return nullptr;
  return argForParam(Call, Helper->getParamDecl(Idx));
}

const CallExpr *callTakingLambda(const LambdaExpr *Lambda, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*Lambda);
  // A conversion to a `const std::function &` parameter alone takes seven
  // nodes (temporaries, casts, the constructor).
  for (int Steps = 0; Steps < 12; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(P))
      return Call;
    if (!isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             CXXConstructExpr, ExprWithCleanups, ParenExpr,
             CXXFunctionalCastExpr>(P))
      return nullptr;
    N = Parents[0];
  }
  return nullptr;
}

/// The lambda or function \p Arg hands over by name: a local initialised
/// with a lambda (`op`), a function defined in the TU (`post_once`,
/// `&post_once`, also converted to a std::function).
static void namedCallable(const Expr *Arg, const LambdaExpr *&Lambda,
                          const FunctionDecl *&Fn) {
  Lambda = nullptr;
  Fn = nullptr;
  const ValueDecl *D = objectDecl(Arg);
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D)) {
    const FunctionDecl *Def = nullptr;
    if (!isa<CXXMethodDecl>(FD) && FD->hasBody(Def) && Def)
      Fn = Def;
  } else if (const auto *V = dyn_cast_or_null<VarDecl>(D)) {
    if (V->hasLocalStorage() && V->getInit())
      Lambda = dyn_cast<LambdaExpr>(ignoreWrappers(V->getInit()));
  }
}

namespace {
/// Calls in the main file that hand a callable over by name.
struct NamedCallableUses {
  void visit(const CallExpr *Call) {
    // `helper(op, s)` on a named lambda: its first operand is the helper
    // itself, not a callable handed to it.
    bool CallsObject =
        isa<CXXOperatorCallExpr>(Call) &&
        cast<CXXOperatorCallExpr>(Call)->getOperator() == OO_Call;
    for (const Expr *Arg : Call->arguments()) {
      if (CallsObject && Arg == Call->getArg(0))
        continue;
      const LambdaExpr *L;
      const FunctionDecl *Fn;
      namedCallable(Arg, L, Fn);
      if (L || Fn) {
        Found.push_back({Call, L, Fn});
        break;
      }
    }
  }
  struct Use {
    const CallExpr *Call;
    const LambdaExpr *Lambda;
    const FunctionDecl *Fn;
  };
  std::vector<Use> Found;
};

} // namespace

void HelperRecognizer::indexNamedCallables() {
  ASTContext &Ctx = Index.context();
  if (NamedCallablesIndexed)
    return;
  NamedCallablesIndexed = true;
  NamedCallableUses Uses;
  for (const CallExpr *Call : Index.unitNodes().Calls)
    Uses.visit(Call);
  for (const NamedCallableUses::Use &U : Uses.Found) {
    const FunctionDecl *Callee = calleeDecl(U.Call);
    // A comparator handed to std::sort is not an operation retried.
    if (!Callee || isStdLibrary(Callee) ||
        Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      continue;
    // A function handed to a library call named like a retry
    // (aws_retry_strategy_schedule_retry(token, ..., on_ready, ctx)) is a
    // callback the library schedules, not an operation it calls again
    // until it succeeds: only a helper whose body shows that counts.
    if (U.Fn && !retriesCallable(Callee))
      continue;
    if (const RetrySite *Site = recognize(U.Call, U.Lambda, U.Fn))
      NamedCallableSites[U.Fn ? static_cast<const void *>(
                                    U.Fn->getCanonicalDecl())
                              : U.Lambda]
          .push_back(Site);
  }
}

const RetrySite *HelperRecognizer::siteOf(const CallExpr *Call) {
  for (const Expr *Arg : Call->arguments()) {
    if (const auto *LE = dyn_cast<LambdaExpr>(ignoreWrappers(Arg)))
      return recognize(Call, LE);
    const LambdaExpr *L;
    const FunctionDecl *Fn;
    namedCallable(Arg, L, Fn);
    if (L || Fn) {
      indexNamedCallables();
      return Index.table().find(Call);
    }
  }
  return nullptr;
}

const RetrySite *HelperRecognizer::recognize(const CallExpr *Call,
                                             const LambdaExpr *Lambda,
                                             const FunctionDecl *Fn) {
  bool Fresh;
  if (const RetrySite *Known = Index.table().start(Call, Fresh); !Fresh)
    return Known;
  const FunctionDecl *Callee = calleeDecl(Call);
  if (!Index.api().isRetryHelper(Callee) && !retriesCallable(Callee))
    return Index.table().notSite(
        Call, "the callee is no retry helper: the RetryHelpers "
              "option does not name it and no loop in it calls "
              "a callable parameter again after a failure");
  const Stmt *Body = Fn ? Fn->getBody() : Lambda->getBody();
  llvm::SmallVector<Operation, 2> Ops = Index.operationsIn(Body);
  // The helper retries whatever the callable does, known to the model or
  // not.
  if (Ops.empty())
    Ops = Index.operations().unknownOperationsIn(Body);
  if (Ops.empty())
    return Index.table().notSite(Call, "the callable performs no operation");
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Helper;
  Site->Site = Call;
  Site->Callable = Lambda;
  Site->CallableFn = Fn;
  Site->Helper = Callee;
  Site->Operations = std::move(Ops);
  Site->Evidence = helperEvidence(Call, Callee);
  Index.summarizer().summarize(*Site);
  // One attempt for this call (`with_retries(1, op)`, a closed idempotency
  // gate): nothing is re-sent.
  if (Site->Cap == CapKind::Constant && Site->MaxAttempts <= 1)
    return Index.table().notSite(
        Call, "this call allows one attempt: nothing is re-sent");
  return Index.table().record(Call, std::move(Site));
}

llvm::ArrayRef<const RetrySite *>
HelperRecognizer::byCallable(const void *Callable) {
  indexNamedCallables();
  auto It = NamedCallableSites.find(Callable);
  if (It == NamedCallableSites.end())
    return {};
  return It->second;
}

std::vector<const RetrySite *> HelperRecognizer::namedSites() {
  indexNamedCallables();
  std::vector<const RetrySite *> Named;
  for (const auto &Entry : NamedCallableSites)
    Named.insert(Named.end(), Entry.second.begin(), Entry.second.end());
  const SourceManager &SrcM = Index.context().getSourceManager();
  llvm::sort(Named, [&](const RetrySite *A, const RetrySite *B) {
    return SrcM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  return Named;
}

} // namespace clang::tidy::retry::model
