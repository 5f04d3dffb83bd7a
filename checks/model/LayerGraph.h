// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The retry layers of a translation unit as a graph: the facts of every
// function with a body (its layers, and the calls made inside and outside
// them), facts imported from other translation units, and the worst chain
// of layers below a layer, which is what nested retries multiply.

#ifndef RETRYLINT_CHECKS_MODEL_LAYERGRAPH_H
#define RETRYLINT_CHECKS_MODEL_LAYERGRAPH_H

#include "Facts.h"
#include "LibraryLayers.h"
#include "RetrySiteIndex.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// One step of a chain of retry layers.
struct Hop {
  /// The function called (empty for a layer nested in the same function).
  std::string Callee;
  /// The retry layer this step adds, if any.
  const LayerFact *Layer = nullptr;
  /// Where a note about this step goes in this TU: the inner layer itself,
  /// or the call that leads to a layer defined in another TU.
  SourceLocation NoteLoc;
  /// The layer is defined in another TU (from facts).
  bool External = false;
};

/// The worst chain of retry layers below some layer.
struct Chain {
  std::vector<Hop> Hops;
  unsigned Layers = 0;              ///< hops that retry
  bool Unbounded = false;           ///< some layer has no cap
  bool Unknown = false; ///< some layer's attempts cannot be counted (1 in
                        ///< Product: a lower bound)
  unsigned Counted = 0; ///< layers whose attempts are known
  uint64_t Product = 1;             ///< attempts multiplied (when bounded)
  const LayerFact *First = nullptr; ///< the first layer reached

  /// Is this chain worse than \p O?
  bool worseThan(const Chain &O) const;
};

/// Per-TU facts for every function with a body, and the chains of layers
/// that they (and imported facts) form.
class LayerGraph {
public:
  struct Options {
    /// Library calls that retry internally: (names, attempts; 0 means
    /// unbounded).
    LibraryLayers::RetryingCallList RetryingCalls;
  };
  LayerGraph(RetrySiteIndex &Index, const ApiModel &Api, Options Opts,
             std::shared_ptr<const FactsDb> Imported);

  /// Facts of \p FD: computed when its body is in this TU, else imported.
  const FunctionFacts *factsFor(const FunctionDecl *FD);
  /// The layer for a retry site of this TU, and the facts holding it.
  std::pair<const FunctionFacts *, unsigned> layerFor(const RetrySite &Site);
  /// The worst chain of layers below layer \p L of \p F (\p L excluded),
  /// \p Depth hops below the query's start; never deeper than a bound.
  Chain chainBelow(const FunctionFacts &F, unsigned L, unsigned Depth = 0);
  /// Facts of every function defined in the main file, for export.
  std::vector<const FunctionFacts *> mainFileFacts();

  /// An operation for a call listed in the RetryingCalls option.
  std::optional<Operation> retryingCallOperation(const CallExpr *Call);
  /// Does \p L multiply attempts: more than one attempt, and a tentative
  /// layer only when what it repeats is known to retry.
  bool counts(const LayerFact &L);

private:
  Chain chainOfFunction(const FunctionFacts &F, unsigned Depth);
  Chain chainOfLayer(const FunctionFacts &F, unsigned L, unsigned Depth);
  Chain chainOfCall(const FunctionFacts &F, const CallFact &C, unsigned Depth);
  std::unique_ptr<FunctionFacts> compute(const FunctionDecl *Def);
  /// compute()'s walk over one function's body (LayerFacts.h).
  class FactsBuilder;
  /// What \p Fn returns after \p Site once it gives up, when every such
  /// return is a constant status (LayerFacts.cpp).
  std::optional<StatusSet> exhaustion(const RetrySite &Site,
                                      const FunctionDecl *Fn);

  RetrySiteIndex &Index;
  const ApiModel &Api;
  Options Opts;
  std::shared_ptr<const FactsDb> Imported;
  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionFacts>> Local;
  llvm::DenseMap<const FunctionDecl *, bool> InProgress;
  llvm::StringMap<bool> ImportInProgress;
  llvm::DenseMap<const FunctionFacts *, Chain> Memo;
  /// The layers whose chain is being computed: facts read from real code
  /// (overlapping loop and goto layers of one function) can nest a layer
  /// in itself through another, and such a cycle adds no layer.
  llvm::DenseSet<std::pair<const FunctionFacts *, unsigned>> LayersInProgress;
  /// The main file's overriders with a body of each virtual method, built
  /// on first use: a virtual call may run any of them.
  llvm::ArrayRef<const CXXMethodDecl *> overridersOf(const CXXMethodDecl *M);
  std::optional<llvm::DenseMap<const CXXMethodDecl *,
                               llvm::SmallVector<const CXXMethodDecl *, 2>>>
      Overriders;
  LibraryLayers Libraries;
};

/// The USR of \p D, or an empty string.
std::string usrOf(const Decl *D);

} // namespace clang::tidy::retry::model

#endif
