// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What one walk over a translation unit's analysed code finds, for the
// retry-site index and for every check: the loops, labels, functions and
// lambdas the index reads, and the declarations and expressions the checks
// report on. The checks read these lists instead of matching node by node,
// so the MatchFinder need not walk the unit again (the driver empties its
// traversal scope once every check has read the unit).

#ifndef RETRYLINT_CHECKS_MODEL_UNITNODES_H
#define RETRYLINT_CHECKS_MODEL_UNITNODES_H

#include "utils/AnalysedFiles.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PointerUnion.h"
#include <memory>
#include <utility>
#include <vector>

namespace clang::tidy::retry::model {

/// A function definition or a lambda.
using Body = llvm::PointerUnion<const FunctionDecl *, const LambdaExpr *>;
/// A declaration or a statement.
using Node = llvm::PointerUnion<const Decl *, const Stmt *>;

/// The walk's findings, each list in the order of the walk (declarations
/// before what they hold). The walk enters the declarations written in
/// analysed code (AnalysedFiles), lambda bodies included, and no template
/// instantiation or body too deep for the model's walks.
struct UnitNodes {
  /// `for`, `while` and `do` loops, and the function or lambda each is in
  /// (null outside any, as in a global's initializer).
  std::vector<const Stmt *> Loops;
  std::vector<const FunctionDecl *> LoopFunctions;
  /// Labelled statements and the block each is a statement of.
  std::vector<std::pair<const LabelStmt *, const CompoundStmt *>> Labels;
  /// Definitions with a body (not a lambda's call operator), and lambdas.
  std::vector<const FunctionDecl *> Functions;
  std::vector<const LambdaExpr *> Lambdas;
  /// Every call.
  std::vector<const CallExpr *> Calls;
  /// The functions (canonical declarations) that may call themselves: a
  /// call in the body, lambdas included, names the function, or is left
  /// unresolved (a call in a template). Of the functions in Functions, one
  /// not here calls itself nowhere in its body.
  llvm::DenseSet<const FunctionDecl *> MayCallThemselves;
  /// The definitions with a body and the lambdas written in analysed code,
  /// functions in a template as their pattern.
  std::vector<Body> Bodies;
  /// What checks report on, where the code is analysed (a statement by its
  /// beginning): variables with an initializer, fields with an in-class
  /// initializer, string literals, calls, constructions and assignments.
  std::vector<Node> Reported;
};

/// The walk's findings for \p Ctx's translation unit over the code \p Files
/// analyses, made on first use and shared by everything that holds them
/// (the index and the checks).
std::shared_ptr<const UnitNodes>
sharedUnitNodes(ASTContext &Ctx,
                const std::shared_ptr<const utils::AnalysedFiles> &Files);

} // namespace clang::tidy::retry::model

#endif
