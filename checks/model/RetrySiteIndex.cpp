// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The per-translation-unit index of retry sites (RetrySiteIndex.h): which
// sites a statement is evaluated in once per attempt, and the calls retry
// sites make. The sites themselves are recognized by the recognizers
// (RetryLoops.h, RetryRecursion.h, RetryGotos.h, HelperRetry.h).

#include "RetrySiteIndex.h"
#include "HelperRetry.h"
#include "LoopBackOnFailure.h"
#include "OperationFinder.h"
#include "RetryGotos.h"
#include "RetryLoops.h"
#include "RetryRecursion.h"
#include "RetryReissue.h"
#include "RetrySiteSummary.h"
#include "utils/AstWalk.h"
#include "clang/AST/ParentMapContext.h"
#include <algorithm>

namespace clang::tidy::retry::model {

using namespace utils;

RetrySiteIndex::RetrySiteIndex(const ApiModel &Model, ASTContext &Ctx,
                               std::shared_ptr<const AnalysedFiles> Files)
    : Model(Model), Ctx(Ctx), Files(std::move(Files)), Fixed(Ctx),
      Operations(std::make_unique<OperationFinder>(*this)),
      Loops(std::make_unique<LoopRecognizer>(*this)),
      Recursion(std::make_unique<RecursionRecognizer>(*this)),
      Gotos(std::make_unique<GotoRecognizer>(*this)),
      Reissues(std::make_unique<ReissueRecognizer>(*this)),
      Helpers(std::make_unique<HelperRecognizer>(*this)),
      Summarizer(std::make_unique<SiteSummarizer>(*this)) {}

RetrySiteIndex::~RetrySiteIndex() = default;

std::optional<Operation> RetrySiteIndex::operationIn(const FunctionDecl *FD) {
  return Operations->operationIn(FD);
}

llvm::SmallVector<Operation, 2> RetrySiteIndex::operationsIn(const Stmt *S) {
  return Operations->operationsIn(S);
}

std::optional<Operation>
RetrySiteIndex::unknownOperation(const CallExpr *Call) {
  return Operations->unknownOperation(Call);
}

void RetrySiteIndex::setExternalOperations(
    std::function<std::optional<Operation>(const CallExpr *)> Fn) {
  Operations->setExternal(std::move(Fn));
}

const RetrySite *RetrySiteIndex::helperSite(const CallExpr *Call) {
  return Helpers->siteOf(Call);
}

static bool isLambdaClassMethod(const Decl *D) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D))
    return MD->getParent()->isLambda();
  return false;
}

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

const RetrySite *RetrySiteIndex::siteOf(const Stmt *S) {
  if (isa<ForStmt, WhileStmt, DoStmt>(S))
    return Loops->recognize(S);
  if (const auto *L = dyn_cast<LabelStmt>(S)) {
    auto Parents = Ctx.getParents(*L);
    const auto *CS = Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
    return CS ? Gotos->recognize(L, CS)
              : Table.notSite(L, "the label is not a "
                                 "statement of a block");
  }
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return nullptr;
  if (const RetrySite *H = helperSite(Call))
    return H;
  const FunctionDecl *In = enclosingFunction(Call);
  if (In && callsAgain(Call, In))
    return Recursion->recognize(In);
  return Reissues->siteAt(Call);
}

llvm::StringRef RetrySiteIndex::whyNotSite(const Stmt *S) {
  const void *Key = S;
  if (const auto *Call = dyn_cast<CallExpr>(S); Call && !Table.whyNot(Call)) {
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *In = enclosingFunction(Call))
      if (In->hasBody(Def))
        Key = Def;
  }
  if (const char *Why = Table.whyNot(Key))
    return Why;
  return {};
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
          if (const RetrySite *Site = Loops->recognize(PS))
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
            if (const RetrySite *Site = Helpers->recognize(Call, LE))
              Out.push_back(Site);
          } else {
            for (const RetrySite *Site : Helpers->byCallable(LE))
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
            if (const RetrySite *Site = Gotos->recognize(L, CS))
              Out.push_back(Site);
        }
      if (const auto *L = dyn_cast<LabelStmt>(PS))
        if (auto GP = Ctx.getParents(*L); !GP.empty())
          if (const auto *CS = GP[0].get<CompoundStmt>())
            if (const RetrySite *Site = Gotos->recognize(L, CS))
              Out.push_back(Site);
    } else if (const Decl *D = P.get<Decl>()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D);
          FD && !isLambdaClassMethod(D)) {
        if (const RetrySite *Site = Recursion->recognize(FD))
          Out.push_back(Site);
        // A function handed by name to retry helpers runs once per attempt
        // of each of them.
        for (const RetrySite *Site :
             Helpers->byCallable(FD->getCanonicalDecl()))
          Out.push_back(Site);
        // A handler and the attempt it starts again run once per attempt.
        for (const RetrySite *Site : Reissues->byFunction(FD))
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
    if (const RetrySite *Site = Loops->recognize(L)) {
      AnalysedSites.push_back(Site);
      LoopParts P = loopParts(L);
      IndexRegion(P.Body, Site);
      IndexRegion(P.Cond, Site);
      IndexRegion(P.Inc, Site);
    }
  for (const LambdaExpr *L : C.Lambdas)
    if (const CallExpr *Call = callTakingLambda(L, Ctx))
      if (const RetrySite *Site = Helpers->recognize(Call, L)) {
        AnalysedSites.push_back(Site);
        IndexRegion(L->getBody(), Site);
      }
  for (const RetrySite *Site : Helpers->namedSites()) {
    AnalysedSites.push_back(Site);
    IndexRegion(Site->CallableFn ? Site->CallableFn->getBody()
                                 : Site->Callable->getBody(),
                Site);
  }
  for (const FunctionDecl *FD : C.Functions)
    if (const RetrySite *Site = Recursion->recognize(FD)) {
      AnalysedSites.push_back(Site);
      IndexRegion(Site->Recursive->getBody(), Site);
    }
  for (const RetrySite *Site : Reissues->sites()) {
    AnalysedSites.push_back(Site);
    for (const Stmt *Code : Site->perAttemptCode())
      IndexRegion(Code, Site);
  }
  for (const auto &[L, CS] : C.Labels)
    if (const RetrySite *Site = Gotos->recognize(L, CS)) {
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
