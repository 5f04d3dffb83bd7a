// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A retry site's own questions (its description, its per-attempt code), and
// the attempt-counter candidates every kind of site looks for. The sites
// are recognized by the recognizers RetrySiteIndex.h names.

#include "RetrySite.h"
#include "RetrySiteIndex.h"

namespace clang::tidy::retry::model {

using namespace utils;

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

llvm::SmallVector<const VarDecl *, 2> countedVars(const Stmt *S) {
  llvm::SmallVector<const VarDecl *, 2> Out = incrementedVars(S);
  llvm::erase_if(
      Out, [](const VarDecl *V) { return !V->getType()->isIntegerType(); });
  return Out;
}

bool madeAfresh(const VarDecl *V, SourceRange Round, const SourceManager &SM) {
  return V->isLocalVarDecl() && !V->isStaticLocal() &&
         SM.isPointWithin(SM.getExpansionLoc(V->getLocation()),
                          SM.getExpansionLoc(Round.getBegin()),
                          SM.getExpansionRange(Round.getEnd()).getEnd());
}

std::string RetrySite::describe() const {
  if (Kind == RetryKind::Helper && Helper)
    return "retry helper '" + Helper->getNameAsString() + "'";
  if (Kind == RetryKind::Recursion && Recursive)
    return "retry by recursion in '" + Recursive->getNameAsString() + "'";
  if (Kind == RetryKind::Reissue && Handler && Reissued) {
    std::string In = "'" + Handler->getNameAsString() + "'";
    // A completion handler written as a lambda: named by the function it
    // is written in.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Handler);
        MD && MD->getParent()->isLambda()) {
      const auto *Outer =
          dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext());
      In =
          Outer ? "a lambda in '" + Outer->getNameAsString() + "'" : "a lambda";
    }
    return "re-issue of '" + Reissued->getNameAsString() + "' in " + In;
  }
  if (Kind == RetryKind::Goto)
    return "retry by goto";
  return "retry loop";
}

llvm::SmallVector<const Stmt *, 3> RetrySite::perAttemptCode() const {
  llvm::SmallVector<const Stmt *, 3> Out;
  if (Handler && Reissued) {
    // The handler first: its waits are the ways back (RetrySiteSummary).
    Out.append({Handler->getBody(), Reissued->getBody()});
  } else if (CallableFn) {
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
