// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "LayerGraph.h"
#include "RetriedStatuses.h"
#include "utils/AstWalk.h"
#include "clang/Index/USRGeneration.h"

namespace clang::tidy::retry::model {

namespace {

constexpr unsigned MaxDepth = 16;

} // namespace

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

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  return std::string(Buf);
}

bool Chain::worseThan(const Chain &O) const {
  if (Layers == 0 || O.Layers == 0)
    return Layers > O.Layers;
  if (Unbounded != O.Unbounded)
    return Unbounded;
  if (Product != O.Product)
    return Product > O.Product;
  return Layers > O.Layers;
}

LayerGraph::LayerGraph(RetrySiteIndex &Index, const ApiModel &Api, Options Opts,
                       std::shared_ptr<const FactsDb> Imported)
    : Index(Index), Api(Api), Opts(std::move(Opts)),
      Imported(std::move(Imported)), Ctx(Index.context()),
      Libraries(Ctx, Index.files(), Api, this->Opts.RetryingCalls) {}

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

/// Builds the facts of one function for compute(). It walks the calls the
/// body evaluates (a lambda's body runs where it is called, except the
/// callable handed to a retry helper here). Each retry site around a call
/// becomes a layer the first time it is met, nested in the site around it
/// or at the top; the call itself is kept, in its innermost layer, when it
/// may reach a retry: a helper's callable, a library layer, a same-TU
/// function, and each overrider a virtual call may run.
class LayerGraph::FactsBuilder {
public:
  FactsBuilder(LayerGraph &G, const FunctionDecl *Def, FunctionFacts &F)
      : G(G), Def(Def), F(F), SM(G.Ctx.getSourceManager()),
        Body(Def->getBody()->getSourceRange()) {}

  void walk(const Stmt *S);

private:
  /// Is site \p S in the function's body (a recursion: of the function)?
  bool inside(const RetrySite *S) const;
  /// The layer of site \p S, made on first use.
  unsigned layerIndex(const RetrySite *S);
  void walkCall(const CallExpr *Call);
  /// Makes and nests the layers of the sites around \p Call (\p ByName
  /// first); the innermost one.
  std::optional<unsigned> layersAround(const CallExpr *Call,
                                       const RetrySite *ByName);
  /// Fills \p C for \p Call when the call is kept: a retry helper's
  /// callable, a library layer, or a same-TU function that may retry.
  bool describeCall(const CallExpr *Call, const RetrySite *ByName, CallFact &C);
  /// A call of each overrider a virtual call may run.
  llvm::SmallVector<CallFact, 2> overriderCalls(const CallExpr *Call);

  LayerGraph &G;
  const FunctionDecl *Def;
  FunctionFacts &F;
  const SourceManager &SM;
  SourceRange Body;
  llvm::DenseMap<const RetrySite *, unsigned> LayerOf;
};

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

std::unique_ptr<FunctionFacts> LayerGraph::compute(const FunctionDecl *Def) {
  auto F = std::make_unique<FunctionFacts>();
  F->USR = usrOf(Def);
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  F->Name =
      MD && MD->getParent()->isLambda() ? "lambda" : Def->getNameAsString();
  F->Where = factLocOf(Ctx.getSourceManager(), Def->getLocation());
  // Too deep to walk: no layers known (unknown is silent).
  if (isTooDeep(Def->getBody()))
    return F;
  // Calls evaluated in the function; a lambda's body runs where it is
  // called, except the callable handed to a retry helper here.
  FactsBuilder(*this, Def, *F).walk(Def->getBody());
  return F;
}

namespace {
class OverriderCollector : public MainFileVisitor<OverriderCollector> {
public:
  using MainFileVisitor::MainFileVisitor;
  bool VisitCXXMethodDecl(CXXMethodDecl *M) {
    if (!M->doesThisDeclarationHaveABody())
      return true;
    // Every method it overrides, transitively.
    llvm::SmallVector<const CXXMethodDecl *, 4> Work(
        M->overridden_methods().begin(), M->overridden_methods().end());
    while (!Work.empty()) {
      const CXXMethodDecl *Base = Work.pop_back_val()->getCanonicalDecl();
      auto &List = Out[Base];
      if (llvm::is_contained(List, M))
        continue;
      List.push_back(M);
      Work.append(Base->overridden_methods().begin(),
                  Base->overridden_methods().end());
    }
    return true;
  }
  llvm::DenseMap<const CXXMethodDecl *,
                 llvm::SmallVector<const CXXMethodDecl *, 2>>
      Out;
};
} // namespace

llvm::ArrayRef<const CXXMethodDecl *>
LayerGraph::overridersOf(const CXXMethodDecl *M) {
  if (!Overriders) {
    OverriderCollector C(Index.files());
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    Overriders = std::move(C.Out);
  }
  auto It = Overriders->find(M->getCanonicalDecl());
  if (It == Overriders->end())
    return {};
  return It->second;
}

const FunctionFacts *LayerGraph::factsFor(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def) && Def) {
    auto It = Local.find(Def);
    if (It != Local.end())
      return It->second.get();
    if (InProgress.lookup(Def))
      return nullptr;
    InProgress[Def] = true;
    std::unique_ptr<FunctionFacts> F = compute(Def);
    InProgress[Def] = false;
    return (Local[Def] = std::move(F)).get();
  }
  if (Imported)
    return Imported->find(usrOf(FD));
  return nullptr;
}

std::pair<const FunctionFacts *, unsigned>
LayerGraph::layerFor(const RetrySite &Site) {
  const FunctionDecl *Fn = Site.Kind == RetryKind::Recursion
                               ? Site.Recursive
                               : Index.enclosingFunction(Site.Site);
  // A site in a helper's callable belongs to the function around the
  // lambda.
  while (Fn) {
    const FunctionFacts *F = factsFor(Fn);
    if (F)
      for (unsigned I = 0; I < F->Layers.size(); ++I)
        if (F->Layers[I].Site == &Site)
          return {F, I};
    const auto *MD = dyn_cast<CXXMethodDecl>(Fn);
    if (!MD || !MD->getParent()->isLambda())
      break;
    const LambdaExpr *LE = nullptr;
    for (const auto &P : Ctx.getParents(*MD->getParent()))
      LE = LE ? LE : P.get<LambdaExpr>();
    if (!LE)
      break;
    Fn = Index.enclosingFunction(LE);
  }
  return {nullptr, 0};
}

/// Does a failure that \p Inner gives up with make \p Outer try again?
static bool amplifies(const LayerFact &Outer, const LayerFact *Inner) {
  if (!Inner || !Outer.Retries)
    return true;
  std::optional<StatusSet> GivesUp = Inner->givesUp();
  return !GivesUp || !(*Outer.Retries & *GivesUp).empty();
}

bool LayerGraph::counts(const LayerFact &L) {
  if (L.Attempts && *L.Attempts < 2)
    return false;
  if (!L.Tentative)
    return true;
  if (!Imported)
    return false;
  for (const std::string &USR : L.Deciders) {
    const FunctionFacts *G = Imported->find(USR);
    if (!G)
      continue;
    std::string Key = G->USR + "#" + G->Name;
    if (ImportInProgress.lookup(Key))
      continue;
    ImportInProgress[Key] = true;
    Chain C = chainOfFunction(*G, 1);
    ImportInProgress[Key] = false;
    if (C.Layers)
      return true;
  }
  return false;
}

Chain LayerGraph::chainOfLayer(const FunctionFacts &F, unsigned L,
                               unsigned Depth) {
  const LayerFact &Layer = F.Layers[L];
  if (!LayersInProgress.insert({&F, L}).second)
    return {};
  Chain Below = Depth > MaxDepth ? Chain() : chainBelow(F, L, Depth);
  LayersInProgress.erase({&F, L});
  Chain Out;
  if (counts(Layer)) {
    Hop H;
    H.Layer = &Layer;
    H.NoteLoc = Layer.Loc;
    Out.Hops.push_back(H);
    Out.Layers = 1;
    Out.First = &Layer;
    Out.Counted = Layer.Attempts ? 1 : 0;
    if (Layer.Attempts)
      Out.Product = *Layer.Attempts;
    else if (Layer.CapUnknown)
      Out.Unknown = true; // at least one attempt
    else
      Out.Unbounded = true;
  }
  Out.Hops.insert(Out.Hops.end(), Below.Hops.begin(), Below.Hops.end());
  Out.Layers += Below.Layers;
  Out.Unbounded |= Below.Unbounded;
  Out.Unknown |= Below.Unknown;
  Out.Counted += Below.Counted;
  Out.Product = std::min<uint64_t>(Out.Product * Below.Product, 1ull << 40);
  if (!Out.First)
    Out.First = Below.First;
  return Out;
}

Chain LayerGraph::chainBelow(const FunctionFacts &F, unsigned L,
                             unsigned Depth) {
  // The depth goes on from the caller's: restarting it for each nested
  // layer let a cycle among one function's layers recurse without end.
  if (Depth > MaxDepth)
    return {};
  // The query's own layer and function are on the chain: a cycle back to
  // them (mutually recursive retrying functions) adds no layer.
  bool OwnLayer = LayersInProgress.insert({&F, L}).second;
  std::string Key = F.USR + "#" + F.Name;
  bool OwnFunction = !ImportInProgress.lookup(Key);
  ImportInProgress[Key] = true;
  const LayerFact &Layer = F.Layers[L];
  Chain Worst;
  auto Consider = [&](Chain C) {
    if (C.Layers && amplifies(Layer, C.First) && C.worseThan(Worst))
      Worst = std::move(C);
  };
  for (unsigned N : Layer.Nested)
    if (N != L)
      Consider(chainOfLayer(F, N, Depth + 1));
  for (const CallFact &C : Layer.Calls)
    Consider(chainOfCall(F, C, Depth + 1));
  if (OwnLayer)
    LayersInProgress.erase({&F, L});
  if (OwnFunction)
    ImportInProgress[Key] = false;
  return Worst;
}

Chain LayerGraph::chainOfCall(const FunctionFacts &F, const CallFact &C,
                              unsigned Depth) {
  if (Depth > MaxDepth)
    return {};
  if (C.LibraryLayer) {
    Chain Out = chainOfLayer(F, *C.LibraryLayer, Depth + 1);
    if (!Out.Hops.empty())
      Out.Hops.front().Callee = C.Name;
    return Out;
  }
  const FunctionFacts *G = nullptr;
  bool External = false;
  if (C.Callee) {
    G = factsFor(C.Callee);
    const FunctionDecl *Def = nullptr;
    External = !(C.Callee->hasBody(Def) && Def);
  } else if (Imported && !C.USR.empty()) {
    G = Imported->find(C.USR);
    External = true;
  }
  if (!G || ImportInProgress.lookup(G->USR + "#" + G->Name))
    return {};
  std::string Key = G->USR + "#" + G->Name;
  ImportInProgress[Key] = true;
  Chain Sub = chainOfFunction(*G, Depth + 1);
  ImportInProgress[Key] = false;
  if (!Sub.Layers)
    return {};
  if (External)
    for (Hop &H : Sub.Hops) {
      H.External = true;
      H.NoteLoc = C.Call ? C.Call->getBeginLoc() : SourceLocation();
    }
  if (!Sub.Hops.empty() && Sub.Hops.front().Callee.empty()) {
    Sub.Hops.front().Callee = C.Name;
  } else {
    Hop H;
    H.Callee = C.Name;
    H.External = External;
    Sub.Hops.insert(Sub.Hops.begin(), H);
  }
  return Sub;
}

Chain LayerGraph::chainOfFunction(const FunctionFacts &F, unsigned Depth) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  Chain Worst;
  for (unsigned T : F.Top) {
    Chain C = chainOfLayer(F, T, Depth);
    if (C.worseThan(Worst))
      Worst = std::move(C);
  }
  for (const CallFact &Call : F.Calls) {
    Chain C = chainOfCall(F, Call, Depth);
    if (C.worseThan(Worst))
      Worst = std::move(C);
  }
  Memo[&F] = Worst;
  return Worst;
}

std::vector<const FunctionFacts *> LayerGraph::mainFileFacts() {
  std::vector<const FunctionFacts *> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  struct Collector : MainFileVisitor<Collector> {
    using MainFileVisitor::MainFileVisitor;
    std::vector<const FunctionDecl *> Fns;
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
        Fns.push_back(FD);
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *LE) {
      if (!LE->getCallOperator()->isDependentContext())
        Fns.push_back(LE->getCallOperator());
      return true;
    }
  } C(Index.files());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *FD : C.Fns)
    if (const FunctionFacts *F = factsFor(FD))
      if (!F->USR.empty() && (!F->Layers.empty() || !F->Calls.empty()))
        Out.push_back(F);
  return Out;
}

std::optional<Operation>
LayerGraph::retryingCallOperation(const CallExpr *Call) {
  return Libraries.retryingCallOperation(Call);
}

} // namespace clang::tidy::retry::model
