// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The facts of one function for the layer graph: the walk over its body
// (LayerGraph::FactsBuilder), which makes a layer of each retry site around
// a call and keeps the calls that may reach a retry, and what a layer
// reports once it gives up (LayerGraph::exhaustion).

#include "LayerFacts.h"
#include "RetriedStatuses.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// A constant status in a returned expression: a gRPC StatusCode
/// enumerator, `Status::OK`/`Status::CANCELLED`, or an HTTP status number.
static std::optional<StatusSet> constantStatus(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  std::optional<StatusSet> Out;
  forEachDescendant(E, [&](const Stmt *N) {
    if (Out)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N)) {
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
        if (cast<EnumDecl>(EC->getDeclContext())->getName() == "StatusCode")
          if (std::optional<unsigned> C = grpcCodeFromName(EC->getName()))
            Out = StatusSet::grpc(*C);
      } else if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (VD->isStaticDataMember())
          if (const auto *RD = dyn_cast<CXXRecordDecl>(VD->getDeclContext()))
            if (RD->getName() == "Status")
              if (std::optional<unsigned> C = grpcCodeFromName(VD->getName()))
                Out = StatusSet::grpc(*C);
      }
    } else if (const auto *IL = dyn_cast<IntegerLiteral>(N)) {
      uint64_t V = IL->getValue().getLimitedValue();
      if (V >= 100 && V <= 599)
        Out = StatusSet::http(unsigned(V), unsigned(V));
    }
  });
  return Out;
}

std::optional<StatusSet> LayerGraph::exhaustion(const RetrySite &Site,
                                                const FunctionDecl *Fn) {
  if (!Fn || !Fn->getBody() || Site.Kind == RetryKind::Recursion)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = Site.Site->getEndLoc();
  std::optional<StatusSet> Out;
  bool Unknown = false;
  // Returns after the site: what the function reports once it gives up.
  forEachDescendant(Fn->getBody(), [&](const Stmt *N) {
    const auto *RS = dyn_cast<ReturnStmt>(N);
    if (!RS || !SM.isBeforeInTranslationUnit(End, RS->getBeginLoc()))
      return;
    std::optional<StatusSet> S = constantStatus(RS->getRetValue(), Ctx);
    if (!S) {
      Unknown = true;
      return;
    }
    Out = Out ? (*Out | *S) : *S;
  });
  if (Unknown)
    return std::nullopt;
  return Out;
}

bool LayerGraph::FactsBuilder::inside(const RetrySite *S) const {
  if (S->Kind == RetryKind::Recursion)
    return S->Recursive == Def;
  SourceLocation L = SM.getExpansionLoc(S->getBeginLoc());
  return SM.isPointWithin(L, SM.getExpansionLoc(Body.getBegin()),
                          SM.getExpansionLoc(Body.getEnd()));
}

unsigned LayerGraph::FactsBuilder::layerIndex(const RetrySite *S) {
  auto It = LayerOf.find(S);
  if (It != LayerOf.end())
    return It->second;
  LayerFact L;
  L.What = S->describe();
  if (S->Cap == CapKind::Constant)
    L.Attempts = S->MaxAttempts;
  else
    L.CapUnknown = S->Cap != CapKind::None || S->Deadline;
  RetriedStatuses R = retriedStatuses(*S, G.Index);
  if (!R.Imprecise)
    L.Retries = R.Set;
  L.Exhaustion = G.exhaustion(*S, Def);
  L.ReadsOnly = !S->Operations.empty() &&
                llvm::all_of(S->Operations, [](const Operation &Op) {
                  return Op.onlyReads();
                });
  L.Tentative = true;
  for (const Operation &Op : S->Operations) {
    const FunctionDecl *Callee =
        calleeDecl(Op.InnerCall ? Op.InnerCall : Op.Call);
    const FunctionDecl *CDef = nullptr;
    if (Op.Via || !Callee || (Callee->hasBody(CDef) && CDef) ||
        Op.Kind == OperationKind::Unknown || G.Api.operation(Op.Call) ||
        G.Libraries.retryingCallOperation(Op.Call)) {
      L.Tentative = false;
      break;
    }
    L.Deciders.push_back(usrOf(Callee));
  }
  if (!L.Tentative)
    L.Deciders.clear();
  L.Loc = S->getBeginLoc();
  L.Where = factLocOf(G.Ctx.getSourceManager(), L.Loc);
  L.Site = S;
  F.Layers.push_back(std::move(L));
  unsigned Idx = F.Layers.size() - 1;
  LayerOf[S] = Idx;
  return Idx;
}

std::optional<unsigned>
LayerGraph::FactsBuilder::layersAround(const CallExpr *Call,
                                       const RetrySite *ByName) {
  llvm::SmallVector<const RetrySite *, 2> Sites;
  if (ByName)
    Sites.push_back(ByName);
  for (const RetrySite *Site : G.Index.enclosingSites(Call))
    if (inside(Site))
      Sites.push_back(Site);
  std::optional<unsigned> Innermost;
  for (size_t I = 0; I < Sites.size(); ++I) {
    unsigned Idx = layerIndex(Sites[I]);
    if (I == 0)
      Innermost = Idx;
    if (I + 1 < Sites.size()) {
      unsigned Parent = layerIndex(Sites[I + 1]);
      if (!llvm::is_contained(F.Layers[Parent].Nested, Idx))
        F.Layers[Parent].Nested.push_back(Idx);
    } else if (!llvm::is_contained(F.Top, Idx)) {
      F.Top.push_back(Idx);
    }
  }
  return Innermost;
}

bool LayerGraph::FactsBuilder::describeCall(const CallExpr *Call,
                                            const RetrySite *ByName,
                                            CallFact &C) {
  bool Keep = false;
  if (ByName) {
    C.Callee = ByName->CallableFn;
    C.USR = usrOf(ByName->CallableFn);
    C.Name = ByName->CallableFn->getNameAsString();
    Keep = true;
  } else if (std::optional<LayerFact> Lib = G.Libraries.layerOf(Call)) {
    F.Layers.push_back(std::move(*Lib));
    C.LibraryLayer = F.Layers.size() - 1;
    C.Name = calleeName(Call).str();
    Keep = true;
  } else if (const FunctionDecl *Callee = calleeDecl(Call)) {
    const FunctionDecl *CDef = nullptr;
    bool HasBody = Callee->hasBody(CDef) && CDef;
    // Library functions (no body, declared in a system header) and
    // operations the model knows do not retry by themselves.
    // Code in system headers (libraries) is not followed: their retry
    // layers are modelled (gRPC, AWS, RetryingCalls), and walking
    // Boost or gRPC inline code would cost an editor its latency.
    bool Known =
        !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())) &&
        (HasBody ||
         (!Callee->isOverloadedOperator() && !isa<CXXConversionDecl>(Callee)));
    // A call to the function itself is a retry by recursion going
    // round again (that site's loop-back), not a layer inside it.
    bool Recurses =
        HasBody && CDef->getCanonicalDecl() == Def->getCanonicalDecl();
    if (Known && !Recurses && !isStdLibrary(Callee) &&
        !G.Api.isRetryHelper(Callee) && !G.Api.operation(Call)) {
      C.Callee = HasBody ? CDef : Callee;
      C.USR = usrOf(Callee);
      const auto *CMD = dyn_cast<CXXMethodDecl>(Callee);
      C.Name = Callee->getNameAsString();
      if (CMD && CMD->getParent()->isLambda()) {
        // send_retrying(): name the lambda after its variable.
        C.Name = "lambda";
        if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
          if (const ValueDecl *V = objectDecl(OC->getArg(0)))
            C.Name = V->getNameAsString();
      }
      Keep = true;
    }
  }
  return Keep;
}

llvm::SmallVector<CallFact, 2>
LayerGraph::FactsBuilder::overriderCalls(const CallExpr *Call) {
  llvm::SmallVector<CallFact, 2> Dispatch;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const CXXMethodDecl *M = MC->getMethodDecl();
        M && M->isVirtual() && !isStdLibrary(M))
      if (const auto *ME =
              dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
          ME && !ME->hasQualifier())
        for (const CXXMethodDecl *O : G.overridersOf(M)) {
          CallFact D;
          D.Call = Call;
          D.Callee = O;
          D.USR = usrOf(O);
          D.Name = O->getQualifiedNameAsString();
          Dispatch.push_back(std::move(D));
        }
  return Dispatch;
}

void LayerGraph::FactsBuilder::walkCall(const CallExpr *Call) {
  // with_retries(get_once, &args, 4): the helper's attempts are a layer
  // here, around the function it is handed; the helper's own loop is
  // that layer, not a second one.
  const RetrySite *ByName = G.Index.helperSite(Call);
  if (ByName && (!ByName->CallableFn || !inside(ByName)))
    ByName = nullptr;
  std::optional<unsigned> Innermost = layersAround(Call, ByName);
  CallFact C;
  C.Call = Call;
  bool Keep = describeCall(Call, ByName, C);
  // A virtual call runs whichever overrider the object has: each one in
  // the file is a callee (`t.deliver(frame)` reaching
  // TcpTransport::deliver's loop).
  llvm::SmallVector<CallFact, 2> Dispatch = overriderCalls(Call);
  auto &Into = Innermost ? F.Layers[*Innermost].Calls : F.Calls;
  if (Keep)
    Into.push_back(std::move(C));
  for (CallFact &D : Dispatch)
    Into.push_back(std::move(D));
}

void LayerGraph::FactsBuilder::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
    for (const Expr *Init : LE->capture_inits())
      walk(Init);
    bool HelperCallable = false;
    for (const RetrySite *Site : G.Index.enclosingSites(LE->getBody()))
      HelperCallable |= Site->Callable == LE;
    if (HelperCallable)
      walk(LE->getBody());
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    walkCall(Call);
  for (const Stmt *Child : S->children())
    walk(Child);
}

} // namespace clang::tidy::retry::model
