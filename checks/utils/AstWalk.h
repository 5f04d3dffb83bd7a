// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Walks over statements and declarations: every statement below one, the
// statements of one function (not of the lambdas it creates), and the
// declarations of the main file.

#ifndef RETRYLINT_CHECKS_UTILS_ASTWALK_H
#define RETRYLINT_CHECKS_UTILS_ASTWALK_H

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::retry {

/// Calls \p F on \p S and every statement below it, parents first.
template <typename Fn> void forEachDescendant(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  F(S);
  for (const Stmt *Child : S->children())
    forEachDescendant(Child, F);
}

/// Like forEachDescendant, but does not enter lambda bodies: a lambda is a
/// function of its own, run at another time.
template <typename Fn> void forEachInFunction(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  F(S);
  if (isa<LambdaExpr>(S))
    return;
  for (const Stmt *Child : S->children())
    forEachInFunction(Child, F);
}

/// A RecursiveASTVisitor that visits only declarations written in the main
/// file (and the namespaces and linkage specifications around them),
/// lambda bodies included. \p Derived defines the Visit* methods.
template <typename Derived>
class MainFileVisitor : public RecursiveASTVisitor<Derived> {
public:
  explicit MainFileVisitor(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor<Derived>::TraverseDecl(D);
  }

protected:
  const SourceManager &SM;
};

} // namespace clang::tidy::retry

#endif
