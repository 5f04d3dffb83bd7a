// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retries by recursion: a function that calls itself again after a failure,
// and the attempts a parameter it counts allows (from the constants its
// callers start it with).

#include "RetryRecursion.h"
#include "Callers.h"
#include "HelperRetry.h"
#include "Interrupts.h"
#include "LoopBackOnFailure.h"
#include "RetryEvidence.h"
#include "RetrySite.h"
#include "RetrySiteIndex.h"
#include "RetrySiteSummary.h"
#include "utils/AssignedVars.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

using namespace utils;

bool callsAgain(const CallExpr *Call, const FunctionDecl *FD) {
  if (const FunctionDecl *Callee = calleeDecl(Call))
    return Callee->getCanonicalDecl() == FD->getCanonicalDecl();
  const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate();
  const auto *OE =
      dyn_cast_or_null<OverloadExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!T || !OE || Call->getNumArgs() > FD->getNumParams() ||
      Call->getNumArgs() < FD->getMinRequiredArguments())
    return false;
  return llvm::any_of(OE->decls(), [&](const NamedDecl *D) {
    const auto *C = dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl());
    return C && C->getCanonicalDecl() == T->getCanonicalDecl();
  });
}

/// The call in \p FD's body that calls \p FD again, if any.
static const CallExpr *recursiveCall(const FunctionDecl *FD) {
  const CallExpr *Found = nullptr;
  forEachDescendant(FD->getBody(), [&](const Stmt *S) {
    if (Found || isa<LambdaExpr>(S))
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (callsAgain(Call, FD))
        Found = Call;
  });
  return Found;
}

/// The largest and the smallest constant the calls to \p Def from outside
/// it pass for \p P (`archive(doc, body, 3)`), default arguments included;
/// none when one passes something else or there is no call.
static std::pair<std::optional<int64_t>, std::optional<int64_t>>
constantsFromCallers(const FunctionDecl *Def, const ParmVarDecl *P,
                     ASTContext &Ctx, const AnalysedFiles &Files) {
  std::optional<int64_t> Max, Min;
  for (const CallExpr *Call : callsFromOutside(Def, Ctx, Files)) {
    const Expr *Arg = argForParam(Call, P);
    int64_t K = Arg ? constInt(Arg, Ctx, INT64_MIN) : INT64_MIN;
    if (K == INT64_MIN)
      return {};
    Max = std::max(Max.value_or(K), K);
    Min = std::min(Min.value_or(K), K);
  }
  return {Max, Min};
}

/// The tests of \p P against a constant in \p Cond, through `&&` (\p
/// ThroughAnd) or `||`: `left > 0`, `!tries`, `n` (tested for truth). A
/// test of \p P in any other form adds an unknown entry.
static void parameterTests(
    const Expr *Cond, const ParmVarDecl *P, bool ThroughAnd, ASTContext &Ctx,
    llvm::SmallVectorImpl<std::optional<std::pair<BinaryOperatorKind, int64_t>>>
        &Out) {
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (!references(E, P))
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == (ThroughAnd ? BO_LAnd : BO_LOr)) {
      parameterTests(BO->getLHS(), P, ThroughAnd, Ctx, Out);
      parameterTests(BO->getRHS(), P, ThroughAnd, Ctx, Out);
      return;
    }
    if (BO->isComparisonOp() && BO->getOpcode() != BO_Cmp) {
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      BinaryOperatorKind Op = BO->getOpcode();
      if (refVar(R) == P) {
        std::swap(L, R);
        Op = BinaryOperator::reverseComparisonOp(Op);
      }
      int64_t C = constInt(R, Ctx, INT64_MIN);
      if (refVar(L) == P && C != INT64_MIN) {
        Out.push_back(std::make_pair(Op, C));
        return;
      }
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot && refVar(UO->getSubExpr()) == P) {
    Out.push_back(std::make_pair(BO_EQ, int64_t(0)));
    return;
  }
  if (refVar(E) == P) {
    Out.push_back(std::make_pair(BO_NE, int64_t(0)));
    return;
  }
  Out.push_back(std::nullopt);
}

/// How many attempts a recursion makes when it starts with \p P at \p
/// Start: the recursive call \p Again passes `P - 1` or `P + 1`, and one
/// test of \p P against a constant decides whether it recurses (`if (left
/// > 0) return f(left - 1);`, `if (tries <= 1) return false;`).
static std::optional<unsigned>
recursionAttempts(const FunctionDecl *Def, const CallExpr *Again,
                  const ParmVarDecl *P, int64_t Start, ASTContext &Ctx) {
  int Step = 0;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
          ignoreWrappers(argForParam(Again, P)));
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
      refVar(BO->getLHS()) == P && constInt(BO->getRHS(), Ctx, 0) == 1)
    Step = BO->getOpcode() == BO_Add ? 1 : -1;
  if (!Step)
    return std::nullopt;
  // The first statement that decides on P whether to go on, and whether
  // it goes on when its condition holds.
  llvm::SmallVector<std::optional<std::pair<BinaryOperatorKind, int64_t>>, 2>
      Tests;
  bool WhenTrue = true, Decided = false;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    if (Decided || containsStmt(Again, N))
      return;
    const Expr *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(N)) {
      Cond = If->getCond();
      if (containsStmt(If->getThen(), Again))
        WhenTrue = true;
      else if (containsStmt(If->getElse(), Again) ||
               (leavesLoop(If->getThen()) && !If->getElse()))
        WhenTrue = false;
      else
        return;
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(N)) {
      Cond = CO->getCond();
      if (containsStmt(CO->getTrueExpr(), Again))
        WhenTrue = true;
      else if (containsStmt(CO->getFalseExpr(), Again))
        WhenTrue = false;
      else
        return;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(N);
               BO && BO->isLogicalOp() && containsStmt(BO->getRHS(), Again)) {
      Cond = BO->getLHS();
      WhenTrue = BO->getOpcode() == BO_LAnd;
    }
    if (!Cond || !references(Cond, P))
      return;
    Decided = true;
    parameterTests(Cond, P, WhenTrue, Ctx, Tests);
  });
  if (Tests.size() != 1 || !Tests.front())
    return std::nullopt;
  auto [Op, C] = *Tests.front();
  unsigned Attempts = 1;
  for (int64_t V = Start; Attempts <= 100000; V += Step) {
    bool Holds = Op == BO_LT   ? V < C
                 : Op == BO_LE ? V <= C
                 : Op == BO_GT ? V > C
                 : Op == BO_GE ? V >= C
                 : Op == BO_EQ ? V == C
                               : V != C;
    if (Holds != WhenTrue)
      return Attempts;
    ++Attempts;
  }
  return std::nullopt;
}

/// The comparison of the counted parameter \p P with another parameter
/// that the recursive call \p Again passes on unchanged, in a test that
/// decides whether \p Def recurses (`if (again(r) && tried < max_tries)`).
static const BinaryOperator *boundComparison(const FunctionDecl *Def,
                                             const CallExpr *Again,
                                             const ParmVarDecl *P) {
  auto PassedOn = [&](const Expr *E) {
    const auto *Q = dyn_cast_or_null<ParmVarDecl>(refVar(E));
    if (!Q || Q == P || Q->getDeclContext() != Def)
      return false;
    const Expr *Arg = argForParam(Again, Q);
    return Arg && refVar(Arg) == Q;
  };
  const BinaryOperator *Found = nullptr;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    if (Found || !If || !containsStmt(If->getThen(), Again))
      return;
    forEachDescendant(If->getCond(), [&](const Stmt *C) {
      const auto *BO = dyn_cast<BinaryOperator>(C);
      if (!Found && BO && BO->isRelationalOp() &&
          ((refVar(BO->getLHS()) == P && PassedOn(BO->getRHS())) ||
           (refVar(BO->getRHS()) == P && PassedOn(BO->getLHS()))))
        Found = BO;
    });
  });
  return Found;
}

bool RecursionRecognizer::mayCallItself(const FunctionDecl *Def) {
  const UnitNodes &N = Index.unitNodes();
  // A function the walk did not read (a header's) is walked to be sure.
  if (!WalkedFunctions) {
    WalkedFunctions.emplace();
    WalkedFunctions->insert(N.Functions.begin(), N.Functions.end());
  }
  return !WalkedFunctions->count(Def) ||
         N.MayCallThemselves.count(Def->getCanonicalDecl());
}

/// Does the recursive call \p Again in \p Def follow a failure check: does
/// it sit under an `if`, a `?:` or in a catch handler, or does a return
/// without it come first?
static bool followsFailureTest(const FunctionDecl *Def, const CallExpr *Again,
                               ASTContext &Ctx) {
  bool Conditional = false;
  forEachDescendant(Def->getBody(), [&](const Stmt *S) {
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      bool HasAgain = false;
      forEachDescendant(RS, [&](const Stmt *N) { HasAgain |= N == Again; });
      if (!HasAgain)
        Conditional = true;
    }
  });
  for (DynTypedNode N = DynTypedNode::create(*Again);;) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      break;
    if (Parents[0].get<IfStmt>() || Parents[0].get<CXXCatchStmt>() ||
        Parents[0].get<ConditionalOperator>())
      Conditional = true;
    N = Parents[0];
  }
  return Conditional;
}

/// Does the recursive call \p Again pass \p Def's parameters through, but
/// for integers (attempt counters)?
static bool passesSameRequest(const FunctionDecl *Def, const CallExpr *Again) {
  for (unsigned I = 0; I < Again->getNumArgs() && I < Def->getNumParams();
       ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const auto *DRE =
        dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Again->getArg(I)));
    bool PassedThrough = DRE && DRE->getDecl() == P;
    if (!PassedThrough && !P->getType()->isIntegerType())
      return false;
  }
  return true;
}

/// Does a test of \p P in \p Def decide whether to make the recursive call
/// \p Again (whose own nodes are \p InAgain)?
static bool gatesRecursion(const FunctionDecl *Def, const CallExpr *Again,
                           const llvm::SmallPtrSetImpl<const Stmt *> &InAgain,
                           const ParmVarDecl *P) {
  bool Found = false;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    if (Found || InAgain.count(N))
      return;
    if (const auto *If = dyn_cast<IfStmt>(N))
      Found = references(If->getCond(), P);
    else if (const auto *CO = dyn_cast<ConditionalOperator>(N))
      Found = references(CO->getCond(), P) &&
              (containsStmt(CO->getTrueExpr(), Again) ||
               containsStmt(CO->getFalseExpr(), Again));
    else if (const auto *BO = dyn_cast<BinaryOperator>(N);
             BO && BO->isLogicalOp()) // retries > 0 && send(retries - 1)
      Found =
          (references(BO->getLHS(), P) && containsStmt(BO->getRHS(), Again)) ||
          (references(BO->getRHS(), P) && containsStmt(BO->getLHS(), Again));
  });
  return Found;
}

/// Sets the cap of \p Site, the recursion of \p Def through \p Again that
/// has none yet, from a parameter it counts.
static void capFromCounter(RetrySite &Site, const FunctionDecl *Def,
                           const CallExpr *Again, ASTContext &Ctx,
                           const AnalysedFiles &Files) {
  // A parameter that changes in the recursive call bounds the attempts
  // (send(order, retries - 1)) when a test of it decides whether to go on:
  // an `if` on it, a `?:` that picks the recursive call or a `&&` before
  // it. One that only
  // grows the next wait (`fetch(cli, cap < 10000 ? cap * 2 : cap)`) does
  // not.
  // The recursive call's own nodes, collected once: a test inside its
  // arguments does not gate it.
  llvm::SmallPtrSet<const Stmt *, 16> InAgain;
  forEachDescendant(Again, [&](const Stmt *N) { InAgain.insert(N); });
  const llvm::SmallVector<const VarDecl *, 2> CountedInBody =
      incrementedVars(Def->getBody());
  if (Site.Cap != CapKind::None)
    return;
  for (unsigned I = 0; I < Again->getNumArgs() && I < Def->getNumParams();
       ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *Arg = ignoreWrappers(Again->getArg(I));
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Arg);
    // Changed in the call, or in the body before it (`--tries_left`).
    bool Changes =
        !(DRE && DRE->getDecl() == P) || llvm::is_contained(CountedInBody, P);
    if (P->getType()->isIntegerType() && Changes &&
        references(Again->getArg(I), P) &&
        gatesRecursion(Def, Again, InAgain, P)) {
      Site.Cap = CapKind::Variable;
      Site.CapWhere = Again->getArg(I);
      Site.AttemptCounter = P;
      // `tried < max_tries`, max_tries passed on unchanged: each caller
      // caps it with what it passes (HelperCap.cpp reads it per call).
      if (const BinaryOperator *Cmp = boundComparison(Def, Again, P))
        Site.CapWhere = Cmp;
      // Every caller starting it with a constant (`archive(doc, body,
      // 3)`) caps it there: as many attempts as the largest start makes.
      auto [Largest, Smallest] = constantsFromCallers(Def, P, Ctx, Files);
      // (Counting down, the largest start makes the most; counting up,
      // the smallest.)
      std::optional<unsigned> N;
      for (std::optional<int64_t> K : {Largest, Smallest})
        if (K)
          if (std::optional<unsigned> M =
                  recursionAttempts(Def, Again, P, *K, Ctx))
            N = std::max(N.value_or(*M), *M);
      if (N) {
        Site.Cap = CapKind::Constant;
        Site.MaxAttempts = *N;
      }
      break;
    }
  }
}

/// The unknown operations whose failure leads to \p Back, the recursive
/// call in \p Def (`if (c = connect()) return c; ...; return f();`) (retry
/// by structure). A call reading what changes on the way back (a recursion
/// parameter) is a different request each time.
static llvm::SmallVector<Operation, 2>
structurallyRecursed(RetrySiteIndex &Index, const FunctionDecl *Def,
                     const CallExpr *Back) {
  ASTContext &Ctx = Index.context();
  llvm::SmallVector<Operation, 2> Out;
  // Parameters the recursive call changes (a delay, an attempt number).
  llvm::SmallPtrSet<const ValueDecl *, 4> Changed;
  for (unsigned I = 0; I < Back->getNumArgs() && I < Def->getNumParams(); ++I) {
    const auto *DRE =
        dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Back->getArg(I)));
    if (!DRE || DRE->getDecl() != Def->getParamDecl(I))
      Changed.insert(Def->getParamDecl(I));
  }
  // A call whose result nothing reads never goes back because it failed.
  std::optional<llvm::SmallPtrSet<const CallExpr *, 16>> Unread;
  forEachInFunction(Def->getBody(), [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call || Call == Back || containsStmt(Call, Back) ||
        containsStmt(Back, Call) || readsAny(Call, Changed))
      return;
    if (std::optional<Operation> Op = Index.unknownOperation(Call)) {
      if (!Unread)
        Unread = unreadResults(Def->getBody());
      if (!Unread->count(Call) && goesBackOnFailure(Def->getBody(), Call, Back,
                                                    Ctx, Index.loopBodyReads()))
        Out.push_back(*Op);
    }
  });
  return Out;
}

const RetrySite *RecursionRecognizer::recognize(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  if (auto It = Sites.find(Def); It != Sites.end())
    return It->second;
  Sites[Def] = nullptr;
  ASTContext &Ctx = Index.context();
  if (!mayCallItself(Def))
    return Index.table().notSite(Def, "the function does not call itself");
  const CallExpr *Again = recursiveCall(Def);
  if (!Again)
    return Index.table().notSite(Def, "the function does not call itself");
  if (waysBack(
          Def->getBody(), [&](const Stmt *S) { return S == Again; },
          /*IntoLoops=*/true, Ctx)
          .onlyOnInterrupt())
    return Index.table().notSite(Def, InterruptRestart);
  if (!leavesLoop(Def->getBody()))
    return Index.table().notSite(
        Def, "no path of the function returns without calling "
             "itself again");
  // The recursive call must follow a failure check: it sits under an `if`
  // or in a catch handler, or a success path returns before it.
  bool Conditional = followsFailureTest(Def, Again, Ctx);
  // A retry re-sends the same request: parameters are passed through, only
  // integers (attempt counters) may change. A tree walk passes children.
  if (!passesSameRequest(Def, Again))
    return Index.table().notSite(
        Def, "the recursive call passes a different request (a "
             "parameter other than a counter changes): a walk, "
             "not a retry");
  llvm::SmallVector<Operation, 2> Ops = Index.operationsIn(Def->getBody());
  bool Structural = Ops.empty();
  // Around calls the model does not know, only when the recursion follows
  // their failure (retry sites by structure).
  if (Ops.empty() && Conditional)
    Ops = structurallyRecursed(Index, Def, Again);
  if (Ops.empty() && Conditional)
    Ops = retriedOnVerdict(Index, Def, Again);
  if (!Conditional)
    return Index.table().notSite(
        Def, "the recursive call follows no failure test (no "
             "`if`, catch or earlier return guards it)");
  if (Ops.empty())
    return Index.table().notSite(
        Def, "it re-issues no operation: no call the model "
             "knows, and no unknown call whose failure leads to "
             "the recursive call");
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Recursion;
  Site->Site = Again;
  Site->Recursive = Def;
  Site->Operations = std::move(Ops);
  Index.summarizer().summarize(*Site);
  capFromCounter(*Site, Def, Again, Ctx, Index.files());
  const RetrySite *Result = Index.table().recordWithEvidence(
      Again, Def, std::move(Site), Structural, Def, Ctx);
  Sites[Def] = Result;
  return Result;
}

} // namespace clang::tidy::retry::model
