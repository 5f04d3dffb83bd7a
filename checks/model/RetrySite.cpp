// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A retry site's own questions (its description, its per-attempt code), the
// sites made by calls to retry helpers, and the attempt-counter candidates
// every kind of site looks for. Loops are recognized in RetryLoops.cpp,
// recursion in RetryRecursion.cpp, backward gotos in RetryGotos.cpp, operations
// the model does not know in UnknownOperations.cpp.

#include "RetrySite.h"
#include "RetrySiteInternal.h"

namespace clang::tidy::retry::model {

llvm::SmallVector<const VarDecl *, 2> incrementedVars(const Stmt *S) {
  llvm::SmallVector<const VarDecl *, 2> Out;
  forEachDescendant(S, [&](const Stmt *N) {
    const VarDecl *V = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(N)) {
      if (UO->isIncrementDecrementOp())
        V = refVar(UO->getSubExpr());
    } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(N)) {
      if (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)
        V = refVar(CA->getLHS());
    }
    if (V && llvm::find(Out, V) == Out.end())
      Out.push_back(V);
  });
  return Out;
}

std::string RetrySite::describe() const {
  if (Kind == RetryKind::Helper && Helper)
    return "retry helper '" + Helper->getNameAsString() + "'";
  if (Kind == RetryKind::Recursion && Recursive)
    return "retry by recursion in '" + Recursive->getNameAsString() + "'";
  if (Kind == RetryKind::Goto)
    return "retry by goto";
  return "retry loop";
}

const RetrySite *RetrySiteIndex::analyzeHelperCall(const CallExpr *Call,
                                                   const LambdaExpr *Lambda,
                                                   const FunctionDecl *Fn) {
  if (auto It = Sites.find(Call); It != Sites.end())
    return It->second.get();
  if (NotSites.count(Call))
    return nullptr;
  NotSites[Call] = true;
  const FunctionDecl *Callee = calleeDecl(Call);
  if (!Model.isRetryHelper(Callee) && !retriesCallable(Callee))
    return notSite(Call, "the callee is no retry helper: the RetryHelpers "
                         "option does not name it and no loop in it calls "
                         "a callable parameter again after a failure");
  const Stmt *Body = Fn ? Fn->getBody() : Lambda->getBody();
  llvm::SmallVector<Operation, 2> Ops = operationsIn(Body);
  // The helper retries whatever the callable does, known to the model or
  // not.
  if (Ops.empty())
    Ops = unknownOperationsIn(Body);
  if (Ops.empty())
    return notSite(Call, "the callable performs no operation");
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Helper;
  Site->Site = Call;
  Site->Callable = Lambda;
  Site->CallableFn = Fn;
  Site->Helper = Callee;
  Site->Operations = std::move(Ops);
  Site->Evidence = helperEvidence(Call, Callee);
  summarize(*Site);
  // One attempt for this call (`with_retries(1, op)`, a closed idempotency
  // gate): nothing is re-sent.
  if (Site->Cap == CapKind::Constant && Site->MaxAttempts <= 1)
    return notSite(Call, "this call allows one attempt: nothing is re-sent");
  NotSites.erase(Call);
  const RetrySite *Result = Site.get();
  Sites[Call] = std::move(Site);
  return Result;
}

llvm::SmallVector<const Stmt *, 3> RetrySite::perAttemptCode() const {
  llvm::SmallVector<const Stmt *, 3> Out;
  if (CallableFn) {
    Out.push_back(CallableFn->getBody());
  } else if (Callable) {
    Out.push_back(Callable->getBody());
  } else if (Recursive) {
    Out.push_back(Recursive->getBody());
  } else if (GotoBlock) {
    bool After = false;
    for (const Stmt *Child : GotoBlock->body()) {
      After = After || Child == Site;
      if (After)
        Out.push_back(Child);
    }
  } else {
    LoopParts P = loopParts(Site);
    Out.append({P.Body, P.Cond, P.Inc});
  }
  Out.erase(std::remove(Out.begin(), Out.end(), nullptr), Out.end());
  return Out;
}

} // namespace clang::tidy::retry::model
