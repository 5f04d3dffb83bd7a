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

/// The statements of \p Block an attempt runs: from \p Label to the one
/// holding the last goto back. What follows that one never runs before
/// the next attempt (the rest of the reply read, what it parsed stored).
static llvm::SmallVector<const Stmt *, 8>
attemptStatements(const LabelStmt *Label, const CompoundStmt *Block) {
  llvm::SmallVector<const Stmt *, 8> Out;
  size_t End = 0;
  for (const Stmt *Child : Block->body()) {
    if (Child != Label && Out.empty())
      continue;
    Out.push_back(Child);
    forEachDescendant(Child, [&](const Stmt *S) {
      if (const auto *G = dyn_cast<GotoStmt>(S);
          G && G->getLabel() == Label->getDecl())
        End = Out.size();
    });
  }
  Out.resize(End);
  return Out;
}

/// The variables each attempt starts afresh: first written, before any
/// read, by a constant, in a statement every attempt runs (`for (i = 0;
/// ...)` over the request's chunks).
static llvm::SmallPtrSet<const ValueDecl *, 4>
resetEachAttempt(llvm::ArrayRef<const Stmt *> Attempt, ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Reset, Seen;
  for (const Stmt *Child : Attempt) {
    const Stmt *Init = Child;
    while (const auto *L = dyn_cast<LabelStmt>(Init))
      Init = L->getSubStmt();
    if (const auto *For = dyn_cast<ForStmt>(Init))
      Init = For->getInit();
    const auto *BO = dyn_cast_or_null<BinaryOperator>(Init);
    const auto *DRE =
        BO && BO->getOpcode() == BO_Assign
            ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())
            : nullptr;
    if (DRE && !Seen.count(DRE->getDecl()) && BO->getRHS()->isEvaluatable(Ctx))
      Reset.insert(DRE->getDecl());
    forEachDescendant(Child, [&](const Stmt *S) {
      if (const auto *R = dyn_cast<DeclRefExpr>(S))
        Seen.insert(R->getDecl());
    });
  }
  return Reset;
}

namespace {
/// A store an attempt makes: to what, where, and whether it steps from the
/// value before (`off += n`, `p = p->next`).
struct AttemptStore {
  const ValueDecl *D;
  SourceLocation At;
  bool Steps;
  const Expr *Value; // null for `++`, `+=` and the like
};
} // namespace

/// Does \p Value read the very thing stored to, \p Target (`p->next` for
/// `p`, `c->off + n` for `c->off`)?
static bool readsTarget(const Expr *Value, const Expr *Target,
                        const ASTContext &Ctx) {
  llvm::FoldingSetNodeID Want;
  Target->IgnoreParenImpCasts()->Profile(Want, Ctx, /*Canonical=*/true);
  bool Found = false;
  forEachDescendant(Value, [&](const Stmt *N) {
    const auto *E = dyn_cast<Expr>(N);
    if (Found || !E || isa<ImplicitCastExpr, ParenExpr>(E))
      return;
    llvm::FoldingSetNodeID Got;
    E->Profile(Got, Ctx, /*Canonical=*/true);
    Found = Got == Want;
  });
  return Found;
}

/// The stores of \p Attempt that may carry over to the next attempt; an
/// attempt counter and what each attempt starts afresh do not.
static llvm::SmallVector<AttemptStore, 8>
attemptStores(llvm::ArrayRef<const Stmt *> Attempt, const Stmt *Block,
              ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Reset =
      resetEachAttempt(Attempt, Ctx);
  llvm::SmallVector<AttemptStore, 8> Out;
  for (const Stmt *Child : Attempt)
    forEachDescendant(Child, [&](const Stmt *N) {
      changeAt(N, [&](const Expr *Target, const Expr *Value) {
        const ValueDecl *D = rootDecl(Target);
        const auto *Counter = dyn_cast_or_null<VarDecl>(D);
        if (!D || Reset.count(D) ||
            (Counter && Counter->getDeclName().isIdentifier() &&
             countsAttempts(Counter->getName()) &&
             !picksWork(Block, Counter, Ctx)))
          return;
        Out.push_back({D, N->getBeginLoc(),
                       !Value || readsTarget(Value, Target, Ctx), Value});
      });
    });
  return Out;
}

/// Does \p Call read what an attempt changes for the next one: a store
/// after it, one that steps from the value before, or one made from those
/// (`host = host_list[attempts].host` before it, `attempts++` after)? A
/// store before it of a value made afresh (`c->mtu = base_mtu`) is made
/// again the same way next attempt.
static bool readsCarriedOver(const CallExpr *Call,
                             llvm::ArrayRef<AttemptStore> Stores,
                             const SourceManager &SM) {
  llvm::SmallPtrSet<const ValueDecl *, 8> Changed;
  for (const AttemptStore &St : Stores)
    if (St.Steps || SM.isBeforeInTranslationUnit(Call->getEndLoc(), St.At))
      Changed.insert(St.D);
  for (bool Grew = !Changed.empty(); Grew;) {
    Grew = false;
    for (const AttemptStore &St : Stores)
      if (!Changed.count(St.D) && St.Value && readsAny(St.Value, Changed))
        Grew = Changed.insert(St.D).second;
  }
  return llvm::any_of(Call->children(),
                      [&](const Stmt *Arg) { return readsAny(Arg, Changed); });
}

/// The unknown operations whose failure leads to the backward goto to
/// \p Label in \p Block (`rc = op(); if (rc < 0 && ++tries < 3) goto
/// again;`) (retry by structure); a call reading what changes from one
/// attempt to the next is a different request each time.
static llvm::SmallVector<Operation, 2>
structurallyJumpedBack(RetrySiteIndex &Index, const LabelStmt *Label,
                       const CompoundStmt *Block,
                       llvm::ArrayRef<const Stmt *> After) {
  ASTContext &Ctx = Index.context();
  llvm::SmallVector<Operation, 2> Out;
  const GotoStmt *Back = backwardGoto(Label, Block);
  if (!Back)
    return Out;
  llvm::SmallVector<AttemptStore, 8> Stores = attemptStores(After, Block, Ctx);
  // A call whose result nothing reads never goes back because it failed.
  std::optional<llvm::SmallPtrSet<const CallExpr *, 16>> Unread;
  // The walk does not enter lambdas: their calls run elsewhere.
  for (const Stmt *Child : After)
    forEachInFunction(Child, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call || readsCarriedOver(Call, Stores, Ctx.getSourceManager()))
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

/// Is every goto to \p Label inside \p Loop, the statement it labels?
static bool onlyJumpsFrom(const Stmt *Loop, const LabelStmt *Label) {
  unsigned Inside = 0;
  forEachDescendant(Loop, [&](const Stmt *S) {
    if (const auto *G = dyn_cast<GotoStmt>(S);
        G && G->getLabel() == Label->getDecl())
      ++Inside;
  });
  unsigned All = 0;
  if (const auto *Fn =
          dyn_cast_or_null<FunctionDecl>(Label->getDecl()->getDeclContext()))
    forEachDescendant(Fn->getBody(), [&](const Stmt *S) {
      if (const auto *G = dyn_cast<GotoStmt>(S);
          G && G->getLabel() == Label->getDecl())
        ++All;
    });
  return Inside > 0 && Inside == All;
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
  // A label on a `while` that only gotos inside it jump back to (`next:
  // while (!empty(list)) { ... goto next; }`) continues the loop from an
  // inner one: the loop's own rounds, read with the loop. (A `for` starts
  // over from its init: `retry: for (i = 0; ...)` re-sends from the top.)
  if (const Stmt *Sub = Label->getSubStmt();
      isa<WhileStmt, DoStmt>(Sub) && onlyJumpsFrom(Sub, Label))
    return Index.table().notSite(Label, "the goto continues the loop the "
                                        "label is on: read with the loop");
  // A goto from one case of a switch back to a label in an earlier one
  // moves a state machine to another state.
  llvm::SmallVector<const Stmt *, 8> Attempt = attemptStatements(Label, Block);
  if (llvm::any_of(llvm::drop_begin(Attempt),
                   [](const Stmt *S) { return isa<SwitchCase>(S); }))
    return Index.table().notSite(
        Label, "a state machine: the goto goes from one case "
               "of a switch back to a label in an earlier one");
  llvm::SmallVector<Operation, 2> Ops;
  for (const Stmt *Child : Attempt)
    for (const Operation &Op : Index.operationsIn(Child))
      Ops.push_back(Op);
  bool Structural = Ops.empty();
  if (Structural)
    Ops = structurallyJumpedBack(Index, Label, Block, Attempt);
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
  bool After = false;
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
