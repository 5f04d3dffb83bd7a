// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retries by goto: the backward `goto` to a label before the operation, and
// the retry site it makes.

#include "RetryGotos.h"
#include "RetrySite.h"
#include "RetrySiteInternal.h"

namespace clang::tidy::retry::model {

const GotoStmt *backwardGoto(const LabelStmt *Label,
                             const CompoundStmt *Block) {
  const GotoStmt *Found = nullptr;
  bool After = false;
  for (const Stmt *Child : Block->body()) {
    After = After || Child == Label;
    if (!After)
      continue;
    forEachDescendant(Child, [&](const Stmt *S) {
      if (const auto *G = dyn_cast<GotoStmt>(S))
        if (G->getLabel() == Label->getDecl())
          Found = G;
    });
  }
  return Found;
}

const RetrySite *RetrySiteIndex::analyzeGoto(const LabelStmt *Label,
                                             const CompoundStmt *Block) {
  if (auto It = Sites.find(Label); It != Sites.end())
    return It->second.get();
  if (NotSites.count(Label))
    return nullptr;
  NotSites[Label] = true;
  if (!backwardGoto(Label, Block))
    return notSite(Label, "no later goto in the block jumps back to the "
                          "label");
  llvm::SmallVector<Operation, 2> Ops;
  bool After = false;
  for (const Stmt *Child : Block->body()) {
    After = After || Child == Label;
    if (After)
      for (const Operation &Op : operationsIn(Child))
        Ops.push_back(Op);
  }
  bool Structural = Ops.empty();
  if (Structural)
    Ops = structurallyJumpedBack(Label, Block);
  if (Ops.empty())
    return notSite(Label, "it re-issues no operation: no call the model "
                          "knows after the label, and no unknown call whose "
                          "failure leads to the goto");
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Goto;
  Site->Site = Label;
  Site->GotoBlock = Block;
  Site->Operations = std::move(Ops);
  // retry: ...; if (++tries < 3) goto retry;
  After = false;
  for (const Stmt *Child : Block->body()) {
    After = After || Child == Label;
    if (After && !Site->AttemptCounter) {
      auto Incs = incrementedVars(Child);
      if (!Incs.empty())
        Site->AttemptCounter = Incs.front();
    }
  }
  summarize(*Site);
  Site->Evidence =
      siteEvidence(*Site, Structural, enclosingFunction(Label), Ctx);
  if (!Site->Evidence)
    return notSite(Label, NoRetryEvidence);
  NotSites.erase(Label);
  const RetrySite *Result = Site.get();
  Sites[Label] = std::move(Site);
  return Result;
}

} // namespace clang::tidy::retry::model
