// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RetrySite.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

namespace {

constexpr unsigned MaxCallDepth = 3;

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool references(const Stmt *S, const VarDecl *V) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (DRE->getDecl() == V)
        Found = true;
  });
  return Found;
}

/// Variables incremented (++, --, +=, -=) in \p S.
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

/// Variables assigned (=, op=, ++) in \p S.
llvm::SmallVector<const VarDecl *, 4> assignedVars(const Stmt *S) {
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

/// Does \p S contain a break that leaves \p Loop (not an inner loop/switch),
/// a return, or a co_return?
bool hasExit(const Stmt *S, bool InInnerBreakable = false) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<CoreturnStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InInnerBreakable;
  if (isa<LambdaExpr>(S))
    return false; // a return inside a lambda leaves the lambda only
  bool Inner = InInnerBreakable || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
               isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (hasExit(Child, Inner))
      return true;
  return false;
}

bool isConstantTrue(const Expr *Cond, ASTContext &Ctx) {
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
bool isIterationLoop(const Stmt *Body, const Expr *Cond,
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
bool feedsRequest(const VarDecl *V, const Stmt *Body,
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
bool outcomeDecides(const Stmt *Body, const Expr *Cond,
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

bool isLambdaClassMethod(const Decl *D) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D))
    return MD->getParent()->isLambda();
  return false;
}

} // namespace

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

/// The `goto Label` that follows \p Label in \p Block, if any.
static const GotoStmt *backwardGoto(const LabelStmt *Label,
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

const RetrySite *RetrySiteIndex::analyzeRecursion(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  if (auto It = RecursionSites.find(Def); It != RecursionSites.end())
    return It->second;
  RecursionSites[Def] = nullptr;
  const CallExpr *Again = recursiveCall(Def);
  if (!Again || !hasExit(Def->getBody()))
    return nullptr;
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
      return nullptr;
  }
  llvm::SmallVector<Operation, 2> Ops = operationsIn(Def->getBody());
  if (!Conditional || Ops.empty())
    return nullptr;
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Recursion;
  Site->Site = Again;
  Site->Recursive = Def;
  Site->Operations = std::move(Ops);
  summarize(*Site);
  // A parameter that changes in the recursive call bounds the attempts
  // (send(order, retries - 1)) when it is compared somewhere.
  if (Site->Cap == CapKind::None)
    for (unsigned I = 0; I < Again->getNumArgs() && I < Def->getNumParams();
         ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      const Expr *Arg = ignoreWrappers(Again->getArg(I));
      const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Arg);
      if (P->getType()->isIntegerType() && !(DRE && DRE->getDecl() == P) &&
          references(Again->getArg(I), P)) {
        Site->Cap = CapKind::Variable;
        Site->CapWhere = Again->getArg(I);
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
    return nullptr;
  llvm::SmallVector<Operation, 2> Ops;
  bool After = false;
  for (const Stmt *Child : Block->body()) {
    After = After || Child == Label;
    if (After)
      for (const Operation &Op : operationsIn(Child))
        Ops.push_back(Op);
  }
  if (Ops.empty())
    return nullptr;
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

  const Stmt *Body = nullptr;
  const Expr *Cond = nullptr;
  const Stmt *Inc = nullptr;
  const VarDecl *Counter = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(Loop)) {
    Body = F->getBody();
    Cond = F->getCond();
    Inc = F->getInc();
    auto Incs = incrementedVars(Inc);
    if (!Incs.empty())
      Counter = Incs.front();
  } else if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
    Body = W->getBody();
    Cond = W->getCond();
  } else if (const auto *D = dyn_cast<DoStmt>(Loop)) {
    Body = D->getBody();
    Cond = D->getCond();
  } else {
    return nullptr;
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
  if (Ops.empty())
    return nullptr;
  if (isIterationLoop(Body, Cond, Counter))
    return nullptr;

  // A retry loop goes on or stops depending on how the operation went; a
  // work or accept loop that happens to perform operations does not.
  if (!outcomeDecides(Body, Cond, Ops))
    return nullptr;

  bool Exits = hasExit(Body);
  if (!Exits) {
    // Condition-controlled: it must test something the body changes other
    // than the counter (a done flag, the response), and that something must
    // not feed the next request (that is paging, not retrying).
    if (isConstantTrue(Cond, Ctx))
      return nullptr;
    bool Controlled = false;
    for (const VarDecl *V : assignedVars(Body)) {
      if (V == Counter || !references(Cond, V))
        continue;
      if (feedsRequest(V, Body, Ops))
        return nullptr;
      Controlled = true;
    }
    // do { res = op(); } while (!res.ok()) tests the response directly.
    if (!Controlled && !operationsIn(Cond).empty())
      Controlled = true;
    if (!Controlled)
      return nullptr;
  }

  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Loop;
  Site->Site = Loop;
  Site->AttemptCounter = Counter;
  Site->Operations = std::move(Ops);
  summarize(*Site);
  NotSites.erase(Loop);
  const RetrySite *Result = Site.get();
  Sites[Loop] = std::move(Site);
  return Result;
}

const RetrySite *RetrySiteIndex::analyzeHelperCall(const CallExpr *Call,
                                                   const LambdaExpr *Lambda) {
  if (auto It = Sites.find(Call); It != Sites.end())
    return It->second.get();
  if (NotSites.count(Call))
    return nullptr;
  NotSites[Call] = true;
  const FunctionDecl *Callee = calleeDecl(Call);
  if (!Model.isRetryHelper(Callee))
    return nullptr;
  llvm::SmallVector<Operation, 2> Ops = operationsIn(Lambda->getBody());
  if (Ops.empty())
    return nullptr;
  auto Site = std::make_unique<RetrySite>();
  Site->Kind = RetryKind::Helper;
  Site->Site = Call;
  Site->Callable = Lambda;
  Site->Helper = Callee;
  Site->Operations = std::move(Ops);
  summarize(*Site);
  NotSites.erase(Call);
  const RetrySite *Result = Site.get();
  Sites[Call] = std::move(Site);
  return Result;
}

/// The call that receives \p Lambda as an argument, looking through the
/// conversions to a callable parameter type.
static const CallExpr *callTakingLambda(const LambdaExpr *Lambda,
                                        ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*Lambda);
  for (int Steps = 0; Steps < 6; ++Steps) {
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

llvm::SmallVector<const RetrySite *, 2>
RetrySiteIndex::enclosingSites(const Stmt *S) {
  llvm::SmallVector<const RetrySite *, 2> Out;
  DynTypedNode Child = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      break;
    const DynTypedNode &P = Parents[0];
    if (const Stmt *PS = P.get<Stmt>()) {
      const Stmt *ChildS = Child.get<Stmt>();
      if (isa<ForStmt, WhileStmt, DoStmt>(PS)) {
        bool OncePerLoop = isa<ForStmt>(PS) && ChildS &&
                           ChildS == cast<ForStmt>(PS)->getInit();
        if (!OncePerLoop)
          if (const RetrySite *Site = analyzeLoop(PS))
            Out.push_back(Site);
      } else if (const auto *LE = dyn_cast<LambdaExpr>(PS)) {
        // The body is reached either as a statement or, when the parent
        // map walks implicit code, through the call operator / closure
        // class. Init-captures are reached otherwise: evaluated once.
        const Decl *ChildD = Child.get<Decl>();
        if ((ChildS && ChildS == LE->getBody()) ||
            (ChildD && (ChildD == LE->getCallOperator() ||
                        ChildD == LE->getLambdaClass())))
          if (const CallExpr *Call = callTakingLambda(LE, Ctx))
            if (const RetrySite *Site = analyzeHelperCall(Call, LE))
              Out.push_back(Site);
      }
      // Statements after a label that a later goto jumps back to.
      if (const auto *CS = dyn_cast<CompoundStmt>(PS))
        for (const Stmt *Sib : CS->body()) {
          if (Sib == ChildS)
            break;
          if (const auto *L = dyn_cast<LabelStmt>(Sib))
            if (const RetrySite *Site = analyzeGoto(L, CS))
              Out.push_back(Site);
        }
      if (const auto *L = dyn_cast<LabelStmt>(PS))
        if (auto GP = Ctx.getParents(*L); !GP.empty())
          if (const auto *CS = GP[0].get<CompoundStmt>())
            if (const RetrySite *Site = analyzeGoto(L, CS))
              Out.push_back(Site);
    } else if (const Decl *D = P.get<Decl>()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D);
          FD && !isLambdaClassMethod(D)) {
        if (const RetrySite *Site = analyzeRecursion(FD))
          Out.push_back(Site);
        break;
      }
    }
    Child = P;
  }
  return Out;
}

const FunctionDecl *RetrySiteIndex::enclosingFunction(const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    if (const auto *LE = Parents[0].get<LambdaExpr>())
      return LE->getCallOperator();
    if (const auto *FD = Parents[0].get<FunctionDecl>())
      return FD;
    N = Parents[0];
  }
  return nullptr;
}

std::optional<Operation> RetrySiteIndex::operationIn(const FunctionDecl *FD) {
  return operationIn(FD, 0);
}

std::optional<Operation> RetrySiteIndex::operationIn(const FunctionDecl *FD,
                                                     unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return std::nullopt;
  if (auto It = FnOps.find(Def); It != FnOps.end())
    return It->second;
  if (Depth > MaxCallDepth || FnOpsInProgress.lookup(Def))
    return std::nullopt;
  FnOpsInProgress[Def] = true;
  llvm::SmallVector<Operation, 2> Ops;
  collectOperations(Def->getBody(), Depth + 1, Ops);
  FnOpsInProgress[Def] = false;
  std::optional<Operation> Result;
  if (!Ops.empty())
    Result = Ops.front();
  FnOps[Def] = Result;
  return Result;
}

/// Like forEachDescendant, but does not enter lambda bodies: a lambda made
/// in the retried code runs where it is called, not where it is created.
template <typename Fn> static void forEachEvaluated(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  F(S);
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    for (const Expr *Init : L->capture_inits())
      forEachEvaluated(Init, F);
    return;
  }
  for (const Stmt *Child : S->children())
    forEachEvaluated(Child, F);
}

void RetrySiteIndex::collectOperations(const Stmt *S, unsigned Depth,
                                       llvm::SmallVectorImpl<Operation> &Out) {
  forEachEvaluated(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call)
      return;
    if (std::optional<Operation> Op = Model.operation(Call)) {
      Out.push_back(*Op);
      return;
    }
    const FunctionDecl *Callee = calleeDecl(Call);
    if (!Callee || Callee->isInStdNamespace() || Model.isRetryHelper(Callee))
      return;
    if (std::optional<Operation> Inner = operationIn(Callee, Depth)) {
      Operation Op = *Inner;
      Op.Call = Call;
      Op.Via = Callee;
      Out.push_back(Op);
    } else if (ExternalOperations) {
      if (std::optional<Operation> Ext = ExternalOperations(Call))
        Out.push_back(*Ext);
    }
  });
}

llvm::SmallVector<Operation, 2> RetrySiteIndex::operationsIn(const Stmt *S) {
  llvm::SmallVector<Operation, 2> Out;
  collectOperations(S, 0, Out);
  return Out;
}

namespace {
/// Finds loops and retry-helper calls in the main file.
class SiteCollector : public RecursiveASTVisitor<SiteCollector> {
public:
  SiteCollector(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) && !isa<NamespaceDecl>(D) &&
        !isa<LinkageSpecDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitForStmt(ForStmt *S) { return add(S); }
  bool VisitWhileStmt(WhileStmt *S) { return add(S); }
  bool VisitDoStmt(DoStmt *S) { return add(S); }
  bool VisitLambdaExpr(LambdaExpr *L) {
    Lambdas.push_back(L);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      Functions.push_back(FD);
    return true;
  }
  bool VisitCompoundStmt(CompoundStmt *CS) {
    for (Stmt *Child : CS->body())
      if (auto *L = dyn_cast<LabelStmt>(Child))
        Labels.push_back({L, CS});
    return true;
  }
  std::vector<const FunctionDecl *> Functions;
  std::vector<std::pair<const LabelStmt *, const CompoundStmt *>> Labels;
  bool add(const Stmt *S) {
    Loops.push_back(S);
    return true;
  }
  std::vector<const Stmt *> Loops;
  std::vector<const LambdaExpr *> Lambdas;

private:
  const SourceManager &SM;
};
} // namespace

void RetrySiteIndex::buildCallIndex() {
  CallIndexBuilt = true;
  SiteCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  auto IndexRegion = [&](const Stmt *Region, const RetrySite *Site) {
    forEachDescendant(Region, [&](const Stmt *N) {
      if (const auto *Call = dyn_cast<CallExpr>(N))
        if (const FunctionDecl *Callee = calleeDecl(Call))
          CallIndex[Callee->getCanonicalDecl()].push_back({Call, Site});
    });
  };
  for (const Stmt *L : C.Loops)
    if (const RetrySite *Site = analyzeLoop(L)) {
      MainFileSites.push_back(Site);
      if (const auto *F = dyn_cast<ForStmt>(L)) {
        IndexRegion(F->getBody(), Site);
        IndexRegion(F->getCond(), Site);
        IndexRegion(F->getInc(), Site);
      } else if (const auto *W = dyn_cast<WhileStmt>(L)) {
        IndexRegion(W->getBody(), Site);
        IndexRegion(W->getCond(), Site);
      } else if (const auto *D = dyn_cast<DoStmt>(L)) {
        IndexRegion(D->getBody(), Site);
        IndexRegion(D->getCond(), Site);
      }
    }
  for (const LambdaExpr *L : C.Lambdas)
    if (const CallExpr *Call = callTakingLambda(L, Ctx))
      if (const RetrySite *Site = analyzeHelperCall(Call, L)) {
        MainFileSites.push_back(Site);
        IndexRegion(L->getBody(), Site);
      }
  for (const FunctionDecl *FD : C.Functions)
    if (const RetrySite *Site = analyzeRecursion(FD)) {
      MainFileSites.push_back(Site);
      IndexRegion(Site->Recursive->getBody(), Site);
    }
  for (const auto &[L, CS] : C.Labels)
    if (const RetrySite *Site = analyzeGoto(L, CS)) {
      MainFileSites.push_back(Site);
      IndexRegion(CS, Site);
    }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(MainFileSites, [&](const RetrySite *A, const RetrySite *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
}

std::vector<const RetrySite *> RetrySiteIndex::allSites() {
  if (!CallIndexBuilt)
    buildCallIndex();
  return MainFileSites;
}

llvm::SmallVector<const Stmt *, 3> RetrySite::perAttemptCode() const {
  llvm::SmallVector<const Stmt *, 3> Out;
  if (Callable) {
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
  } else if (const auto *F = dyn_cast<ForStmt>(Site)) {
    Out.append({F->getBody(), F->getCond(), F->getInc()});
  } else if (const auto *W = dyn_cast<WhileStmt>(Site)) {
    Out.append({W->getBody(), W->getCond()});
  } else if (const auto *D = dyn_cast<DoStmt>(Site)) {
    Out.append({D->getBody(), D->getCond()});
  }
  Out.erase(std::remove(Out.begin(), Out.end(), nullptr), Out.end());
  return Out;
}

llvm::ArrayRef<RetriedCall>
RetrySiteIndex::retriedCallsTo(const FunctionDecl *FD) {
  if (!CallIndexBuilt)
    buildCallIndex();
  auto It = CallIndex.find(FD->getCanonicalDecl());
  if (It == CallIndex.end())
    return {};
  return It->second;
}

} // namespace clang::tidy::retry::model
