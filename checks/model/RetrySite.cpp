// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RetrySite.h"
#include "Callers.h"
#include "Jumps.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

/// Variables incremented (++, --, +=, -=) in \p S.
static llvm::SmallVector<const VarDecl *, 2> incrementedVars(const Stmt *S) {
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

/// Variables assigned (=, op=, ++) in \p S.
static llvm::SmallVector<const VarDecl *, 4> assignedVars(const Stmt *S) {
  llvm::SmallVector<const VarDecl *, 4> Out = incrementedVars(S);
  forEachDescendant(S, [&](const Stmt *N) {
    const VarDecl *V = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
      if (BO->isAssignmentOp())
        V = refVar(BO->getLHS());
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
      if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
        V = refVar(OC->getArg(0));
    }
    if (V && llvm::find(Out, V) == Out.end())
      Out.push_back(V);
  });
  return Out;
}

static bool isConstantTrue(const Expr *Cond, ASTContext &Ctx) {
  if (!Cond)
    return true; // for (;;)
  bool Value = false;
  if (Cond->isValueDependent())
    return false;
  Expr::EvalResult R;
  if (Cond->EvaluateAsBooleanCondition(Value, Ctx))
    return Value;
  return false;
}

/// Does the loop walk a container: the counter indexes something, or the
/// condition compares against size()/end()?
static bool isIterationLoop(const Stmt *Body, const Expr *Cond,
                            const VarDecl *Counter) {
  bool Iter = false;
  forEachDescendant(Cond, [&](const Stmt *N) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N))
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (M->getDeclName().isIdentifier() &&
            llvm::is_contained({"size", "end", "cend", "length", "rend"},
                               M->getName()))
          Iter = true;
  });
  if (Iter || !Counter)
    return Iter;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(N)) {
      if (references(AS->getIdx(), Counter))
        Iter = true;
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
      if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
          references(OC->getArg(1), Counter))
        Iter = true;
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N)) {
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (M->getDeclName().isIdentifier() && M->getName() == "at" &&
            MC->getNumArgs() == 1 && references(MC->getArg(0), Counter))
          Iter = true;
    }
  });
  return Iter;
}

/// Is \p V (or a local initialized from it in \p Body) part of the arguments
/// of an operation? Then each iteration sends a different request (paging).
static bool feedsRequest(const VarDecl *V, const Stmt *Body,
                         llvm::ArrayRef<Operation> Ops) {
  llvm::SmallVector<const VarDecl *, 4> Derived{V};
  forEachDescendant(Body, [&](const Stmt *N) {
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (VD->getInit() && references(VD->getInit(), V))
            Derived.push_back(VD);
  });
  for (const Operation &Op : Ops)
    for (const Expr *Arg : Op.Call->arguments())
      for (const VarDecl *D : Derived)
        if (references(Arg, D))
          return true;
  return false;
}

/// Does the loop's continuation depend on the outcome of one of \p Ops:
/// a condition (loop or exit/continue `if`) reads its result, a variable
/// it filled (out-parameters included) or something derived from those, or
/// a try block around it decides through exceptions?
static bool outcomeDecides(const Stmt *Body, const Expr *Cond,
                           llvm::ArrayRef<Operation> Ops) {
  llvm::SmallPtrSet<const Stmt *, 4> Calls;
  for (const Operation &Op : Ops)
    Calls.insert(Op.Call);
  auto ContainsOp = [&](const Stmt *S) {
    bool Found = false;
    forEachDescendant(S, [&](const Stmt *N) { Found |= Calls.count(N) > 0; });
    return Found;
  };
  llvm::SmallPtrSet<const VarDecl *, 8> Results;
  auto AddOutParams = [&](const CallExpr *Call) {
    const FunctionDecl *FD = calleeDecl(Call);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *A = Call->getArg(I)->IgnoreParenImpCasts();
      bool AddrOf = false;
      if (const auto *UO = dyn_cast<UnaryOperator>(A);
          UO && UO->getOpcode() == UO_AddrOf) {
        A = UO->getSubExpr()->IgnoreParenImpCasts();
        AddrOf = true;
      }
      const VarDecl *V = refVar(A);
      if (!V)
        continue;
      bool ByRef = FD && I < FD->getNumParams() &&
                   FD->getParamDecl(I)->getType()->isLValueReferenceType() &&
                   !FD->getParamDecl(I)
                        ->getType()
                        .getNonReferenceType()
                        .isConstQualified();
      if (AddrOf || ByRef)
        Results.insert(V);
    }
  };
  for (const Operation &Op : Ops) {
    AddOutParams(Op.Call);
    if (Op.InnerCall && Op.InnerCall != Op.Call)
      AddOutParams(Op.InnerCall);
  }
  // Calls that read the response of the operation: curl_easy_getinfo,
  // Beast's http::read.
  forEachDescendant(Body, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      if (const FunctionDecl *FD = calleeDecl(Call)) {
        std::string QN = FD->getQualifiedNameAsString();
        if (QN == "curl_easy_getinfo" || QN == "boost::beast::http::read" ||
            QN == "boost::beast::http::async_read" ||
            QN == "boost::beast::http::read_header")
          AddOutParams(Call);
      }
  });
  // Variables filled from the operation, then from those (two rounds).
  for (int Round = 0; Round < 2; ++Round)
    forEachDescendant(Body, [&](const Stmt *N) {
      auto Feeds = [&](const Expr *E) {
        if (ContainsOp(E))
          return true;
        bool Found = false;
        forEachDescendant(E, [&](const Stmt *M) {
          if (const auto *DRE = dyn_cast<DeclRefExpr>(M))
            if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
              Found |= Results.count(V) > 0;
        });
        return Found;
      };
      if (const auto *DS = dyn_cast<DeclStmt>(N)) {
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            if (V->getInit() && Feeds(V->getInit()))
              Results.insert(V);
      } else if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
        if (BO->isAssignmentOp())
          if (const VarDecl *V = refVar(BO->getLHS()))
            if (Feeds(BO->getRHS()))
              Results.insert(V);
      } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
        if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
          if (const VarDecl *V = refVar(OC->getArg(0)))
            if (Feeds(OC->getArg(1)))
              Results.insert(V);
      } else if (const auto *If = dyn_cast<IfStmt>(N)) {
        // A flag raised under a test of the response (`if (!res) again =
        // true;`) carries the outcome too.
        if (Feeds(If->getCond()))
          for (const Stmt *Branch : {If->getThen(), If->getElse()})
            if (Branch)
              for (const VarDecl *V : assignedVars(Branch))
                Results.insert(V);
      }
    });
  auto Reads = [&](const Stmt *S) {
    if (!S)
      return false;
    if (ContainsOp(S))
      return true;
    bool Found = false;
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          Found |= Results.count(V) > 0;
    });
    return Found;
  };
  if (Reads(Cond))
    return true;
  bool Decides = false;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (Decides)
      return;
    if (const auto *If = dyn_cast<IfStmt>(N)) {
      bool Jumps = false;
      for (const Stmt *Branch : {If->getThen(), If->getElse()})
        forEachDescendant(Branch, [&](const Stmt *M) {
          Jumps |=
              isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CXXThrowExpr>(
                  M);
        });
      if (Jumps && Reads(If->getCond()))
        Decides = true;
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(N)) {
      if (ContainsOp(Try->getTryBlock()))
        Decides = true;
    } else if (const auto *SW = dyn_cast<SwitchStmt>(N)) {
      if (Reads(SW->getCond()))
        Decides = true;
    }
  });
  return Decides;
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

/// The call in \p FD's body that calls \p FD again, if any.
static const CallExpr *recursiveCall(const FunctionDecl *FD) {
  const CallExpr *Found = nullptr;
  forEachDescendant(FD->getBody(), [&](const Stmt *S) {
    if (Found || isa<LambdaExpr>(S))
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = calleeDecl(Call))
        if (Callee->getCanonicalDecl() == FD->getCanonicalDecl())
          Found = Call;
  });
  return Found;
}

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

/// The largest and the smallest constant the calls to \p Def from outside
/// it pass for \p P (`archive(doc, body, 3)`), default arguments included;
/// none when one passes something else or there is no call.
static std::pair<std::optional<int64_t>, std::optional<int64_t>>
constantsFromCallers(const FunctionDecl *Def, const ParmVarDecl *P,
                     ASTContext &Ctx) {
  std::optional<int64_t> Max, Min;
  for (const CallExpr *Call : callsFromOutside(Def, Ctx)) {
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

const RetrySite *RetrySiteIndex::analyzeRecursion(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  if (auto It = RecursionSites.find(Def); It != RecursionSites.end())
    return It->second;
  RecursionSites[Def] = nullptr;
  const CallExpr *Again = recursiveCall(Def);
  if (!Again)
    return notSite(Def, "the function does not call itself");
  if (!leavesLoop(Def->getBody()))
    return notSite(Def, "no path of the function returns without calling "
                        "itself again");
  // The recursive call must follow a failure check: it sits under an `if`
  // or in a catch handler, or a success path returns before it.
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
  // A retry re-sends the same request: parameters are passed through, only
  // integers (attempt counters) may change. A tree walk passes children.
  for (unsigned I = 0; I < Again->getNumArgs() && I < Def->getNumParams();
       ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const auto *DRE =
        dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Again->getArg(I)));
    bool PassedThrough = DRE && DRE->getDecl() == P;
    if (!PassedThrough && !P->getType()->isIntegerType())
      return notSite(Def, "the recursive call passes a different request (a "
                          "parameter other than a counter changes): a walk, "
                          "not a retry");
  }
  llvm::SmallVector<Operation, 2> Ops = operationsIn(Def->getBody());
  // Around calls the model does not know, only when the recursion follows
  // their failure (retry sites by structure).
  if (Ops.empty() && Conditional)
    Ops = structurallyRecursed(Def, Again);
  if (!Conditional)
    return notSite(Def, "the recursive call follows no failure test (no "
                        "`if`, catch or earlier return guards it)");
  if (Ops.empty())
    return notSite(Def, "it re-issues no operation: no call the model "
                        "knows, and no unknown call whose failure leads to "
                        "the recursive call");
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Recursion;
  Site->Site = Again;
  Site->Recursive = Def;
  Site->Operations = std::move(Ops);
  summarize(*Site);
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
  auto Gates = [&](const ParmVarDecl *P) {
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
            (references(BO->getLHS(), P) &&
             containsStmt(BO->getRHS(), Again)) ||
            (references(BO->getRHS(), P) && containsStmt(BO->getLHS(), Again));
    });
    return Found;
  };
  const llvm::SmallVector<const VarDecl *, 2> CountedInBody =
      incrementedVars(Def->getBody());
  if (Site->Cap == CapKind::None)
    for (unsigned I = 0; I < Again->getNumArgs() && I < Def->getNumParams();
         ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      const Expr *Arg = ignoreWrappers(Again->getArg(I));
      const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Arg);
      // Changed in the call, or in the body before it (`--tries_left`).
      bool Changes =
          !(DRE && DRE->getDecl() == P) || llvm::is_contained(CountedInBody, P);
      if (P->getType()->isIntegerType() && Changes &&
          references(Again->getArg(I), P) && Gates(P)) {
        Site->Cap = CapKind::Variable;
        Site->CapWhere = Again->getArg(I);
        // Every caller starting it with a constant (`archive(doc, body,
        // 3)`) caps it there: as many attempts as the largest start makes.
        auto [Largest, Smallest] = constantsFromCallers(Def, P, Ctx);
        // (Counting down, the largest start makes the most; counting up,
        // the smallest.)
        std::optional<unsigned> N;
        for (std::optional<int64_t> K : {Largest, Smallest})
          if (K)
            if (std::optional<unsigned> M =
                    recursionAttempts(Def, Again, P, *K, Ctx))
              N = std::max(N.value_or(*M), *M);
        if (N) {
          Site->Cap = CapKind::Constant;
          Site->MaxAttempts = *N;
        }
        break;
      }
    }
  const RetrySite *Result = Site.get();
  Sites[Again] = std::move(Site);
  RecursionSites[Def] = Result;
  return Result;
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
  if (Ops.empty())
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
  NotSites.erase(Label);
  const RetrySite *Result = Site.get();
  Sites[Label] = std::move(Site);
  return Result;
}

const RetrySite *RetrySiteIndex::analyzeLoop(const Stmt *Loop) {
  if (auto It = Sites.find(Loop); It != Sites.end())
    return It->second.get();
  if (NotSites.count(Loop))
    return nullptr;
  NotSites[Loop] = true;

  LoopParts Parts = loopParts(Loop);
  if (!Parts.Body)
    return notSite(Loop, "the loop has no body");
  // `do { ... } while (0)` runs once: a macro's statement wrapper (test
  // ASSERT_* macros, logging), not a loop.
  if (const auto *Do = dyn_cast<DoStmt>(Loop)) {
    bool Value = true;
    if (!Do->getCond()->isValueDependent() &&
        Do->getCond()->EvaluateAsBooleanCondition(Value, Ctx) && !Value)
      return notSite(Loop, "`do ... while (0)` runs once");
  }
  const Stmt *Body = Parts.Body;
  const Expr *Cond = Parts.Cond;
  const Stmt *Inc = Parts.Inc;
  const VarDecl *Counter = nullptr;
  if (isa<ForStmt>(Loop)) {
    auto Incs = incrementedVars(Inc);
    if (!Incs.empty())
      Counter = Incs.front();
  }
  if (!Counter)
    for (const VarDecl *V : incrementedVars(Body))
      if ((Cond && references(Cond, V)) || !Counter)
        Counter = V;
  // while (tries++ < 3): the condition counts the attempts.
  if (!Counter && !isa<ForStmt>(Loop)) {
    auto Incs = incrementedVars(Cond);
    if (!Incs.empty())
      Counter = Incs.front();
  }

  llvm::SmallVector<Operation, 2> Ops = operationsIn(Body);
  if (Cond)
    for (const Operation &Op : operationsIn(Cond))
      Ops.push_back(Op);
  // Calls the model does not know count when the loop goes back because
  // they failed (retry sites by structure).
  bool Structural = false, MovesOn = false;
  if (Ops.empty()) {
    Ops = structurallyRetried(Loop, MovesOn);
    Structural = true;
  }
  if (Ops.empty())
    return notSite(Loop, "it re-issues no operation: no call the model "
                         "knows (API model, Operations option), and no "
                         "unknown call that the loop goes back after "
                         "because it failed");
  if (isIterationLoop(Body, Cond, Counter))
    return notSite(Loop, "it iterates: its counter or iterator picks what "
                         "each round sends");

  // A retry loop goes on or stops depending on how the operation went; a
  // work or accept loop that happens to perform operations does not, nor
  // does one that goes round after a success (rule 1 of the evidence:
  // the loop goes back because the call failed).
  bool Decides = Structural || outcomeDecides(Body, Cond, Ops);
  bool Round = !Structural && Decides && goesRoundAfterSuccess(Loop, Ops, Ctx);
  bool Retries = Decides && !Round;
  const char *Why =
      !Decides ? "the operations' outcome does not decide whether it goes "
                 "round (a work or accept loop)"
      : Round  ? "it goes round after a success too (an event, batch or "
                 "test loop): it does not go back because the call failed"
               : "it neither leaves on the outcome nor tests in its "
                 "condition something the body changes (or what it tests "
                 "feeds the next request: paging)";
  bool Exits = leavesLoop(Body);
  if (Retries && !Exits && !Structural) {
    // Condition-controlled: it must test something the body changes other
    // than the counter (a done flag, the response), and that something must
    // not feed the next request (that is paging, not retrying).
    bool Controlled = false;
    if (!isConstantTrue(Cond, Ctx)) {
      bool Feeds = false;
      for (const VarDecl *V : assignedVars(Body)) {
        if (V == Counter || !references(Cond, V))
          continue;
        Feeds = Feeds || feedsRequest(V, Body, Ops);
        Controlled = true;
      }
      // do { res = op(); } while (!res.ok()) tests the response directly.
      if (!Controlled && !operationsIn(Cond).empty())
        Controlled = true;
      Controlled = Controlled && !Feeds;
    }
    Retries = Controlled;
  }
  if (!Retries) {
    // The operations run inside a retry helper's callable, and the loop
    // decides on what the helper returns: it goes back when the helper gave
    // up (an outer layer around it, `while (running_) { if (!Retry(connect,
    // 5).IsNone()) continue; ... }`).
    Ops = structurallyRetried(Loop, MovesOn);
    llvm::erase_if(Ops, [&](const Operation &Op) {
      return !Op.Call || !helperSite(Op.Call);
    });
    if (Ops.empty())
      return notSite(Loop, Why);
  }

  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Loop;
  Site->Site = Loop;
  Site->AttemptCounter = Counter;
  Site->Operations = std::move(Ops);
  Site->Failover = MovesOn;
  summarize(*Site);
  NotSites.erase(Loop);
  const RetrySite *Result = Site.get();
  Sites[Loop] = std::move(Site);
  return Result;
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
