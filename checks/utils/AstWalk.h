// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Walks over statements and declarations: every statement below one, the
// statements of one function (not of the lambdas it creates), and the
// declarations of the analysed files.

#ifndef RETRYLINT_CHECKS_UTILS_ASTWALK_H
#define RETRYLINT_CHECKS_UTILS_ASTWALK_H

#include "AnalysedFiles.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

namespace clang::tidy::retry::utils {

/// Calls \p F on \p S and every statement below it, parents first, in
/// source order. \p Enter tells whether to go below a statement. The walk
/// keeps its own stack: a generated function's expression can be
/// thousands of operators deep.
template <typename Fn, typename EnterFn>
void walkStatements(const Stmt *S, Fn &&F, EnterFn &&Enter) {
  llvm::SmallVector<const Stmt *, 64> Stack;
  if (S)
    Stack.push_back(S);
  while (!Stack.empty()) {
    const Stmt *N = Stack.pop_back_val();
    F(N);
    if (!Enter(N))
      continue;
    size_t First = Stack.size();
    for (const Stmt *Child : N->children())
      if (Child)
        Stack.push_back(Child);
    std::reverse(Stack.begin() + First, Stack.end());
  }
}

/// Calls \p F on \p S and every statement below it, parents first.
template <typename Fn> void forEachDescendant(const Stmt *S, Fn &&F) {
  walkStatements(S, F, [](const Stmt *) { return true; });
}

/// Like forEachDescendant, but does not enter lambda bodies: a lambda is a
/// function of its own, run at another time.
template <typename Fn> void forEachInFunction(const Stmt *S, Fn &&F) {
  walkStatements(S, F, [](const Stmt *N) { return !isa<LambdaExpr>(N); });
}

/// How deep the model's walks may go in one function body. Many of them
/// recurse on the tree; a body nested deeper (a generated expression of
/// thousands of operators) is not analysed at all: its facts are unknown.
constexpr unsigned MaxBodyDepth = 1000;

/// Is \p S nested deeper than MaxBodyDepth? Measured with its own stack.
inline bool isTooDeep(const Stmt *S) {
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 64> Stack;
  if (S)
    Stack.push_back({S, 1});
  while (!Stack.empty()) {
    auto [N, Depth] = Stack.pop_back_val();
    if (Depth > MaxBodyDepth)
      return true;
    for (const Stmt *Child : N->children())
      if (Child)
        Stack.push_back({Child, Depth + 1});
  }
  return false;
}

/// A RecursiveASTVisitor that visits only declarations written in analysed
/// code (the main file and the headers the header filter matches; see
/// AnalysedFiles.h) and the namespaces and linkage specifications around
/// them, lambda bodies included. \p Derived defines the Visit* methods.
template <typename Derived>
class MainFileVisitor : public RecursiveASTVisitor<Derived> {
public:
  explicit MainFileVisitor(const AnalysedFiles &Files)
      : Files(Files), SM(Files.sourceManager()) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) &&
        !Files.isAnalysed(D->getLocation()))
      return true;
    if (const auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->doesThisDeclarationHaveABody() && Files.isBodyTooDeep(FD))
      return true;
    return RecursiveASTVisitor<Derived>::TraverseDecl(D);
  }

protected:
  const AnalysedFiles &Files;
  const SourceManager &SM;
};

} // namespace clang::tidy::retry::utils

#endif
