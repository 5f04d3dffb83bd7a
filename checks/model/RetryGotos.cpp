// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retries by goto: the backward `goto` to a label before the operation, and
// the retry site it makes (RetryGotos.h).

#include "RetryGotos.h"
#include "Interrupts.h"
#include "LoopBackOnFailure.h"
#include "RetryEvidence.h"
#include "RetrySite.h"
#include "RetrySiteIndex.h"
#include "RetrySiteSummary.h"
#include "utils/AssignedVars.h"

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

/// The unknown operations whose failure leads to the backward goto to
/// \p Label in \p Block (`rc = op(); if (rc < 0 && ++tries < 3) goto
/// again;`) (retry by structure); a call reading a variable that changes
/// after the label is a different request each time.
static llvm::SmallVector<Operation, 2>
structurallyJumpedBack(RetrySiteIndex &Index, const LabelStmt *Label,
                       const CompoundStmt *Block) {
  ASTContext &Ctx = Index.context();
  llvm::SmallVector<Operation, 2> Out;
  const GotoStmt *Back = backwardGoto(Label, Block);
  if (!Back)
    return Out;
  llvm::SmallVector<const Stmt *, 8> After;
  for (const Stmt *Child : Block->body())
    if (Child == Label || !After.empty())
      After.push_back(Child);
  // What changes after the label (an offset, the next buffer) makes each
  // round a different call; an attempt counter does not count.
  llvm::SmallPtrSet<const ValueDecl *, 8> Changed;
  for (const Stmt *Child : After)
    for (const ValueDecl *D : changedDecls(Child))
      if (!D->getDeclName().isIdentifier() || !countsAttempts(D->getName()))
        Changed.insert(D);
  // A call whose result nothing reads never goes back because it failed.
  std::optional<llvm::SmallPtrSet<const CallExpr *, 16>> Unread;
  // The walk does not enter lambdas: their calls run elsewhere.
  for (const Stmt *Child : After)
    forEachInFunction(Child, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call)
        return;
      bool ReadsChanged = false;
      for (const Stmt *Arg : Call->children())
        ReadsChanged = ReadsChanged || readsAny(Arg, Changed);
      if (ReadsChanged)
        return;
      if (std::optional<Operation> Op = Index.unknownOperation(Call)) {
        if (!Unread)
          Unread = unreadResults(Block);
        if (!Unread->count(Call) &&
            goesBackOnFailure(Block, Call, Back, Ctx, Index.loopBodyReads()))
          Out.push_back(*Op);
      }
    });
  return Out;
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
      auto Incs = countedVars(Child);
      if (!Incs.empty())
        Site->AttemptCounter = Incs.front();
    }
  }
  Index.summarizer().summarize(*Site);
  return Index.table().recordWithEvidence(
      Label, Label, std::move(Site), Structural, Index.enclosingFunction(Label),
      Index.context());
}

} // namespace clang::tidy::retry::model
