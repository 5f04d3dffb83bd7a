// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The per-translation-unit index of retry sites: which sites a statement is
// evaluated in once per attempt, the operations functions perform, and the
// calls retry sites make. The sites themselves are recognized in
// RetryLoops.cpp, RetryRecursion.cpp, RetryGotos.cpp and RetrySite.cpp (helper
// calls).

#include "RetrySite.h"
#include "StructuralRetryInternal.h"
#include "utils/AstWalk.h"
#include "clang/AST/ParentMapContext.h"
#include <algorithm>

namespace clang::tidy::retry::model {

namespace {

constexpr unsigned MaxCallDepth = 3;

} // namespace

static bool isLambdaClassMethod(const Decl *D) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D))
    return MD->getParent()->isLambda();
  return false;
}

/// The call that receives \p Lambda as an argument, looking through the
/// conversions to a callable parameter type.
static const CallExpr *callTakingLambda(const LambdaExpr *Lambda,
                                        ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*Lambda);
  // A conversion to a `const std::function &` parameter alone takes seven
  // nodes (temporaries, casts, the constructor).
  for (int Steps = 0; Steps < 12; ++Steps) {
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

/// The lambda or function \p Arg hands over by name: a local initialised
/// with a lambda (`op`), a function defined in the TU (`post_once`,
/// `&post_once`, also converted to a std::function).
static void namedCallable(const Expr *Arg, const LambdaExpr *&Lambda,
                          const FunctionDecl *&Fn) {
  Lambda = nullptr;
  Fn = nullptr;
  const ValueDecl *D = objectDecl(Arg);
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D)) {
    const FunctionDecl *Def = nullptr;
    if (!isa<CXXMethodDecl>(FD) && FD->hasBody(Def) && Def)
      Fn = Def;
  } else if (const auto *V = dyn_cast_or_null<VarDecl>(D)) {
    if (V->hasLocalStorage() && V->getInit())
      Lambda = dyn_cast<LambdaExpr>(ignoreWrappers(V->getInit()));
  }
}

namespace {
/// Calls in the main file that hand a callable over by name.
struct NamedCallableUses {
  void visit(const CallExpr *Call) {
    // `helper(op, s)` on a named lambda: its first operand is the helper
    // itself, not a callable handed to it.
    bool CallsObject =
        isa<CXXOperatorCallExpr>(Call) &&
        cast<CXXOperatorCallExpr>(Call)->getOperator() == OO_Call;
    for (const Expr *Arg : Call->arguments()) {
      if (CallsObject && Arg == Call->getArg(0))
        continue;
      const LambdaExpr *L;
      const FunctionDecl *Fn;
      namedCallable(Arg, L, Fn);
      if (L || Fn) {
        Found.push_back({Call, L, Fn});
        break;
      }
    }
  }
  std::vector<NamedCallableUse> Found;
};

} // namespace

LoopBodyReads &RetrySiteIndex::loopBodyReads() {
  // Each loop body is read by outcome once, for all the calls in it.
  if (!BodyReads)
    BodyReads = std::make_shared<LoopBodyReads>();
  return *BodyReads;
}

const UnitNodes &RetrySiteIndex::unitNodes() {
  if (!Nodes)
    Nodes = sharedUnitNodes(Ctx, Files);
  return *Nodes;
}

void RetrySiteIndex::indexNamedCallables() {
  if (NamedCallablesIndexed)
    return;
  NamedCallablesIndexed = true;
  NamedCallableUses Uses;
  for (const CallExpr *Call : unitNodes().Calls)
    Uses.visit(Call);
  for (const NamedCallableUse &U : Uses.Found) {
    const FunctionDecl *Callee = calleeDecl(U.Call);
    // A comparator handed to std::sort is not an operation retried.
    if (!Callee || isStdLibrary(Callee) ||
        Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      continue;
    // A function handed to a library call named like a retry
    // (aws_retry_strategy_schedule_retry(token, ..., on_ready, ctx)) is a
    // callback the library schedules, not an operation it calls again
    // until it succeeds: only a helper whose body shows that counts.
    if (U.Fn && !retriesCallable(Callee))
      continue;
    if (const RetrySite *Site = analyzeHelperCall(U.Call, U.Lambda, U.Fn))
      NamedCallableSites[U.Fn ? static_cast<const void *>(
                                    U.Fn->getCanonicalDecl())
                              : U.Lambda]
          .push_back(Site);
  }
}

const RetrySite *RetrySiteIndex::siteOf(const Stmt *S) {
  if (isa<ForStmt, WhileStmt, DoStmt>(S))
    return analyzeLoop(S);
  if (const auto *L = dyn_cast<LabelStmt>(S)) {
    auto Parents = Ctx.getParents(*L);
    const auto *CS = Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
    return CS ? analyzeGoto(L, CS)
              : notSite(L, "the label is not a "
                           "statement of a block");
  }
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return nullptr;
  if (const RetrySite *H = helperSite(Call))
    return H;
  const FunctionDecl *In = enclosingFunction(Call);
  if (In && callsAgain(Call, In))
    return analyzeRecursion(In);
  return nullptr;
}

llvm::StringRef RetrySiteIndex::whyNotSite(const Stmt *S) {
  const void *Key = S;
  if (const auto *Call = dyn_cast<CallExpr>(S); Call && !WhyNot.count(Call)) {
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *In = enclosingFunction(Call))
      if (In->hasBody(Def))
        Key = Def;
  }
  if (const char *Why = WhyNot.lookup(Key))
    return Why;
  return {};
}

const RetrySite *RetrySiteIndex::helperSite(const CallExpr *Call) {
  for (const Expr *Arg : Call->arguments()) {
    if (const auto *LE = dyn_cast<LambdaExpr>(ignoreWrappers(Arg)))
      return analyzeHelperCall(Call, LE);
    const LambdaExpr *L;
    const FunctionDecl *Fn;
    namedCallable(Arg, L, Fn);
    if (L || Fn) {
      indexNamedCallables();
      auto It = Sites.find(Call);
      return It == Sites.end() ? nullptr : It->second.get();
    }
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
                        ChildD == LE->getLambdaClass()))) {
          if (const CallExpr *Call = callTakingLambda(LE, Ctx)) {
            if (const RetrySite *Site = analyzeHelperCall(Call, LE))
              Out.push_back(Site);
          } else {
            indexNamedCallables();
            for (const RetrySite *Site : NamedCallableSites.lookup(LE))
              Out.push_back(Site);
          }
        }
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
        // A function handed by name to retry helpers runs once per attempt
        // of each of them.
        indexNamedCallables();
        for (const RetrySite *Site :
             NamedCallableSites.lookup(FD->getCanonicalDecl()))
          Out.push_back(Site);
        break;
      }
    }
    Child = P;
  }
  return Out;
}

const FunctionDecl *RetrySiteIndex::enclosingFunction(const Stmt *S) {
  if (auto It = EnclosingFn.find(S); It != EnclosingFn.end())
    return It->second;
  // Every statement on the way up to the function (or to a statement
  // already answered) has the same answer.
  llvm::SmallVector<const Stmt *, 16> Path{S};
  const FunctionDecl *Found = nullptr;
  DynTypedNode N = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      break;
    if (const auto *LE = Parents[0].get<LambdaExpr>()) {
      Found = LE->getCallOperator();
      break;
    }
    if (const auto *FD = Parents[0].get<FunctionDecl>()) {
      Found = FD;
      break;
    }
    if (const auto *P = Parents[0].get<Stmt>()) {
      if (auto It = EnclosingFn.find(P); It != EnclosingFn.end()) {
        Found = It->second;
        break;
      }
      Path.push_back(P);
    }
    N = Parents[0];
  }
  for (const Stmt *P : Path)
    EnclosingFn[P] = Found;
  return Found;
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
/// in the retried code runs where it is called, not where it is created;
/// what it captures is evaluated here.
template <typename Fn> static void forEachEvaluated(const Stmt *S, Fn &&F) {
  walkStatements(
      S,
      [&](const Stmt *N) {
        F(N);
        if (const auto *L = dyn_cast<LambdaExpr>(N))
          for (const Expr *Init : L->capture_inits())
            forEachEvaluated(Init, F);
      },
      [](const Stmt *N) { return !isa<LambdaExpr>(N); });
}

void RetrySiteIndex::collectOperations(const Stmt *S, unsigned Depth,
                                       llvm::SmallVectorImpl<Operation> &Out) {
  forEachEvaluated(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call)
      return;
    if (const Operation *Op = knownOperation(Call)) {
      Out.push_back(*Op);
      return;
    }
    const FunctionDecl *Callee = calleeDecl(Call);
    // A call to a retry helper performs what its callable does, once per
    // attempt: a loop around it repeats those operations.
    if (Callee && !isStdLibrary(Callee) && Call->getNumArgs() > 0)
      if (const RetrySite *H = helperSite(Call)) {
        for (const Operation &Inner : H->Operations) {
          Operation Op = Inner;
          Op.Call = Call;
          Op.Via = Callee;
          Out.push_back(Op);
        }
        return;
      }
    if (!Callee || isStdLibrary(Callee) || Model.isRetryHelper(Callee))
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

void RetrySiteIndex::buildCallIndex() {
  CallIndexBuilt = true;
  const UnitNodes &C = unitNodes();
  for (size_t I = 0; I < C.Loops.size(); ++I)
    if (C.LoopFunctions[I])
      EnclosingFn.try_emplace(C.Loops[I], C.LoopFunctions[I]);
  auto IndexRegion = [&](const Stmt *Region, const RetrySite *Site) {
    forEachDescendant(Region, [&](const Stmt *N) {
      if (const auto *Call = dyn_cast<CallExpr>(N))
        if (const FunctionDecl *Callee = calleeDecl(Call))
          CallIndex[Callee->getCanonicalDecl()].push_back({Call, Site});
    });
  };
  for (const Stmt *L : C.Loops)
    if (const RetrySite *Site = analyzeLoop(L)) {
      AnalysedSites.push_back(Site);
      LoopParts P = loopParts(L);
      IndexRegion(P.Body, Site);
      IndexRegion(P.Cond, Site);
      IndexRegion(P.Inc, Site);
    }
  for (const LambdaExpr *L : C.Lambdas)
    if (const CallExpr *Call = callTakingLambda(L, Ctx))
      if (const RetrySite *Site = analyzeHelperCall(Call, L)) {
        AnalysedSites.push_back(Site);
        IndexRegion(L->getBody(), Site);
      }
  indexNamedCallables();
  std::vector<const RetrySite *> Named;
  for (const auto &Entry : NamedCallableSites)
    Named.insert(Named.end(), Entry.second.begin(), Entry.second.end());
  const SourceManager &SrcM = Ctx.getSourceManager();
  llvm::sort(Named, [&](const RetrySite *A, const RetrySite *B) {
    return SrcM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  for (const RetrySite *Site : Named) {
    AnalysedSites.push_back(Site);
    IndexRegion(Site->CallableFn ? Site->CallableFn->getBody()
                                 : Site->Callable->getBody(),
                Site);
  }
  for (const FunctionDecl *FD : C.Functions)
    if (const RetrySite *Site = analyzeRecursion(FD)) {
      AnalysedSites.push_back(Site);
      IndexRegion(Site->Recursive->getBody(), Site);
    }
  for (const auto &[L, CS] : C.Labels)
    if (const RetrySite *Site = analyzeGoto(L, CS)) {
      AnalysedSites.push_back(Site);
      IndexRegion(CS, Site);
    }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(AnalysedSites, [&](const RetrySite *A, const RetrySite *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
}

std::vector<const RetrySite *> RetrySiteIndex::allSites() {
  if (!CallIndexBuilt)
    buildCallIndex();
  return AnalysedSites;
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
