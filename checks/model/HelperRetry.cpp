// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry helpers by behaviour: which functions retry a callable parameter,
// in a loop or by recursion, in their own body or in the overload they
// forward to (`with_retry(op, pred)` handing `&op` to the overload that
// takes pointers), and which argument of a call to the helper reaches a
// parameter of that retry (its cap, its starting count).

#include "RetrySite.h"
#include "RetrySiteInternal.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

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

llvm::SmallVector<Operation, 2>
RetrySiteIndex::retriedOnVerdict(const FunctionDecl *Def, const Stmt *Back) {
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
            if (std::optional<Operation> O = unknownOperation(Op))
              Out.push_back(*O);
    });
  });
  return Out;
}

const RetrySite *RetrySiteIndex::ownCallableRetry(const FunctionDecl *FD) {
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
    if (const RetrySite *Site = analyzeLoop(N))
      if (llvm::any_of(Site->Operations, [&](const Operation &Op) {
            return callsParameter(Op, Def);
          }))
        Found = Site;
  });
  // `if (again(result) && tried < max) return with_retry(op, again, max,
  // tried + 1);`: the helper retries by calling itself.
  if (!Found)
    if (const RetrySite *Site = analyzeRecursion(Def))
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

HelperRetry RetrySiteIndex::helperRetry(const FunctionDecl *FD) {
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

} // namespace clang::tidy::retry::model
