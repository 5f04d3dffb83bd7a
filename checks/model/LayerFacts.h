// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The walk that makes the facts of one function for the layer graph
// (LayerGraph::compute()): its retry layers, nested as its sites are, and
// the calls kept in them that may reach a retry. Its methods, and what a
// layer reports once it gives up, are in LayerFacts.cpp.

#ifndef RETRYLINT_CHECKS_MODEL_LAYERFACTS_H
#define RETRYLINT_CHECKS_MODEL_LAYERFACTS_H

#include "LayerGraph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::retry::model {

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

} // namespace clang::tidy::retry::model

#endif
