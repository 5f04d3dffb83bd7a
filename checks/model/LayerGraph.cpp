// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The layer graph: the facts of each function, computed on first use (the
// walk that makes them is in LayerFacts.cpp) or imported, the overriders a
// virtual call may run, and the worst chain of layers below a layer.

#include "LayerGraph.h"
#include "LayerFacts.h"
#include "utils/AstWalk.h"
#include "clang/Index/USRGeneration.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

constexpr unsigned MaxDepth = 16;

} // namespace

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
