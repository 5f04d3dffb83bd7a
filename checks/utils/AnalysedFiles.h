// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which code the checks analyse: the main file, and the headers whose
// findings clang-tidy would report (HeaderFilterRegex, less
// ExcludeHeaderFilterRegex; system headers only with SystemHeaders). Code in
// any other header costs nothing: the walks skip it.

#ifndef RETRYLINT_CHECKS_UTILS_ANALYSEDFILES_H
#define RETRYLINT_CHECKS_UTILS_ANALYSEDFILES_H

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/AST/ASTContext.h"
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
/// body, and the parent map (which the model's climbs build over the whole
/// scope, at the size of the parse) then does not cover the library
/// headers. Called before the first check reads the translation unit.
void limitTraversalToUserCode(ASTContext &Ctx);

/// Empties \p Ctx's traversal scope, once allowUserCodeTraversal() was
/// called in this process: every retry check has read the translation unit
/// from the nodes the shared walk collected (model/UnitNodes.h), so the
/// MatchFinder's own walk below the unit would find nothing to do. Called
/// after the last check's callback on the unit; the parent map is then
/// dropped, and nothing reads it afterwards.
void endUserCodeTraversal(ASTContext &Ctx);

/// Lets limitTraversalToUserCode() and endUserCodeTraversal() change the
/// scope. Only a process that runs
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

/// isAnalysed() of \p S's beginning. The shared walk asks it
/// of each node it collects, so the last answer is kept.
bool isStmtAnalysed(const SourceManager &SM, const Stmt &S);

} // namespace clang::tidy::retry

#endif
