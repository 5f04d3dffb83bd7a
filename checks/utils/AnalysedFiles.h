// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which code the checks analyse: the main file, and the headers whose
// findings clang-tidy would report (HeaderFilterRegex, less
// ExcludeHeaderFilterRegex; system headers only with SystemHeaders). Code in
// any other header costs nothing: the walks and matchers skip it.

#ifndef RETRYLINT_CHECKS_UTILS_ANALYSEDFILES_H
#define RETRYLINT_CHECKS_UTILS_ANALYSEDFILES_H

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::retry {

/// Sets the header filter of the translation unit about to be analysed on
/// this thread. Every check of a translation unit is made with the same
/// options (clang-tidy, clangd and retrylint make the checks anew for each
/// one), so the first check's constructor sets it for all of them. The
/// filter is per thread rather than handed down because the model's walks
/// start from an ASTContext alone, and each thread analyses one translation
/// unit at a time.
void setAnalysedFiles(const ClangTidyOptions &Opts);

/// Limits \p Ctx's traversal scope to the top-level declarations outside
/// system headers, once allowUserCodeTraversal() was called in this process,
/// unless system headers are analysed or the scope is already limited
/// (clangd limits it to the main file). The model reads no system-header
/// body, and neither the matchers nor the parent map (which the model's
/// walks and isInTemplateInstantiation() build over the whole scope, at the
/// size of the parse) then cover the library headers. Called before the
/// traversal descends into the translation unit.
void limitTraversalToUserCode(ASTContext &Ctx);

/// Lets limitTraversalToUserCode() limit the scope. Only a process that runs
/// no check but retry-* may: the scope belongs to the translation unit, and
/// under `clang-tidy --load` other checks read it too (misc-const-correctness
/// follows arguments into system-header templates).
void allowUserCodeTraversal();

/// Whether the code at \p Loc (its expansion) is analysed: it is in the main
/// file or in a header the filter matches. An empty or unset
/// HeaderFilterRegex, or one LLVM cannot compile, matches no header, as in
/// clang-tidy.
bool isAnalysed(const SourceManager &SM, SourceLocation Loc);

/// isTooDeep() of \p FD's body, once per function and translation unit:
/// each walk over the translation unit asks it of every function.
bool isBodyTooDeep(const FunctionDecl *FD);

/// Matches a declaration written in analysed code.
AST_MATCHER(Decl, isInAnalysedFile) {
  return isAnalysed(Finder->getASTContext().getSourceManager(),
                    Node.getLocation());
}

/// isAnalysed() of \p S's beginning. The matchers of several checks ask it
/// of each node in turn, so the last answer is kept.
bool isStmtAnalysed(const SourceManager &SM, const Stmt &S);

/// Matches an expression written in analysed code.
AST_MATCHER(Stmt, isStmtInAnalysedFile) {
  return isStmtAnalysed(Finder->getASTContext().getSourceManager(), Node);
}

/// Matches a statement outside any template instantiation: the negation of
/// isInTemplateInstantiation(), which climbs the parents (building the
/// parent map) for each node it is asked about. C has no templates, so there
/// every statement matches without the climb.
AST_MATCHER(Stmt, isOutsideTemplateInstantiation) {
  if (!Finder->getASTContext().getLangOpts().CPlusPlus)
    return true;
  ast_matchers::internal::BoundNodesTreeBuilder Ignored(*Builder);
  return !ast_matchers::isInTemplateInstantiation().matches(Node, Finder,
                                                            &Ignored);
}

/// Matches a declaration outside any template instantiation, the negation
/// of isInstantiated(), without the climb in C.
AST_MATCHER(Decl, isOutsideInstantiatedDecl) {
  if (!Finder->getASTContext().getLangOpts().CPlusPlus)
    return true;
  ast_matchers::internal::BoundNodesTreeBuilder Ignored(*Builder);
  return !ast_matchers::isInstantiated().matches(Node, Finder, &Ignored);
}

} // namespace clang::tidy::retry

#endif
