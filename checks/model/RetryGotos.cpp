// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retries by goto: the backward `goto` to a label before the operation, and
// the retry site it makes (RetryGotos.h).

#include "RetryGotos.h"
#include "Interrupts.h"
#include "RetryEvidence.h"
#include "RetrySite.h"
#include "RetrySiteIndex.h"
#include "RetrySiteSummary.h"
#include "StructuralRetry.h"

namespace clang::tidy::retry::model {

using namespace utils;

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

/// Does every goto back to \p Label in \p Block restart an interrupted
/// call?
static bool restartsOnInterrupt(const LabelStmt *Label,
                                const CompoundStmt *Block, ASTContext &Ctx) {
  WaysBack Back;
  auto JumpsBack = [&](const Stmt *S) {
    const auto *G = dyn_cast<GotoStmt>(S);
    return G && G->getLabel() == Label->getDecl();
  };
  bool After = false;
  for (const Stmt *Child : Block->body()) {
    After = After || Child == Label;
    if (!After)
      continue;
    WaysBack W = waysBack(Child, JumpsBack, /*IntoLoops=*/true, Ctx);
    Back.Any = Back.Any || W.Any;
    Back.Other = Back.Other || W.Other;
  }
  return Back.onlyOnInterrupt();
}

const RetrySite *GotoRecognizer::recognize(const LabelStmt *Label,
                                           const CompoundStmt *Block) {
  bool Fresh;
  if (const RetrySite *Known = Index.table().start(Label, Fresh); !Fresh)
    return Known;
  if (!backwardGoto(Label, Block))
    return Index.table().notSite(Label,
                                 "no later goto in the block jumps back to the "
                                 "label");
  if (restartsOnInterrupt(Label, Block, Index.context()))
    return Index.table().notSite(Label, InterruptRestart);
  llvm::SmallVector<Operation, 2> Ops;
  bool After = false;
  for (const Stmt *Child : Block->body()) {
    After = After || Child == Label;
    if (After)
      for (const Operation &Op : Index.operationsIn(Child))
        Ops.push_back(Op);
  }
  bool Structural = Ops.empty();
  if (Structural)
    Ops = structurallyJumpedBack(Index, Label, Block);
  if (Ops.empty())
    return Index.table().notSite(
        Label, "it re-issues no operation: no call the model "
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
  Index.summarizer().summarize(*Site);
  Site->Evidence = siteEvidence(
      *Site, Structural, Index.enclosingFunction(Label), Index.context());
  if (!Site->Evidence)
    return Index.table().notSite(Label, NoRetryEvidence);
  return Index.table().record(Label, std::move(Site));
}

} // namespace clang::tidy::retry::model
