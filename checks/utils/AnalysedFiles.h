// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which code the checks analyse: the main file, and the headers whose
// findings clang-tidy would report (HeaderFilterRegex, less
// ExcludeHeaderFilterRegex; system headers only with SystemHeaders). Code in
// any other header costs nothing: the walks skip it. One AnalysedFiles is
// made per translation unit, by the first check that reads the unit, and
// handed down to every walk of the unit (the nodes, the retry-site index).

#ifndef RETRYLINT_CHECKS_UTILS_ANALYSEDFILES_H
#define RETRYLINT_CHECKS_UTILS_ANALYSEDFILES_H

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>

namespace clang::tidy::retry::utils {

/// The analysed files of one translation unit, with the answers kept per
/// file. Used by the unit's own thread only (the answers are kept without a
/// lock).
class AnalysedFiles {
public:
  /// The main file only: no header filter.
  explicit AnalysedFiles(const SourceManager &SM) : SM(SM) {}
  /// The main file and the headers \p Opts' header filter reports on. An
  /// empty or unset HeaderFilterRegex, or one LLVM cannot compile, matches
  /// no header, as in clang-tidy.
  AnalysedFiles(const SourceManager &SM, const ClangTidyOptions &Opts);

  /// Whether the code at \p Loc (its expansion) is analysed: it is in the
  /// main file or in a header the filter matches.
  bool isAnalysed(SourceLocation Loc) const;
  /// isAnalysed() of \p S's beginning. The shared walk asks it of each
  /// node it collects, so the last answer is kept.
  bool isStmtAnalysed(const Stmt &S) const;
  /// isTooDeep() of \p FD's body, once per function: each walk over the
  /// translation unit asks it of every function.
  bool isBodyTooDeep(const FunctionDecl *FD) const;
  /// Whether code in system headers may be analysed (SystemHeaders).
  bool systemHeaders() const { return SystemHeaders; }
  const SourceManager &sourceManager() const { return SM; }

private:
  bool headerAnalysed(FileID FID, SourceLocation Loc) const;

  const SourceManager &SM;
  std::optional<llvm::Regex> Header, Exclude;
  bool SystemHeaders = false;
  mutable llvm::DenseMap<FileID, bool> Answers;
  mutable llvm::DenseMap<const FunctionDecl *, bool> TooDeep;
  mutable const Stmt *LastStmt = nullptr;
  mutable bool LastAnswer = false;
};

/// The analysed files of \p Ctx's translation unit under \p Opts: made by
/// the first caller of the unit and shared with the others (every check of
/// a unit is made with the same options) while one of them holds it.
std::shared_ptr<const AnalysedFiles>
analysedFilesOf(const ASTContext &Ctx, const ClangTidyOptions &Opts);

/// Limits \p Ctx's traversal scope to the top-level declarations outside
/// system headers, once allowUserCodeTraversal() was called in this process,
/// unless \p Files analyses system headers or the scope is already limited
/// (clangd limits it to the main file). The model reads no system-header
/// body, and the parent map (which the model's climbs build over the whole
/// scope, at the size of the parse) then does not cover the library
/// headers. Called before the first check reads the translation unit.
void limitTraversalToUserCode(ASTContext &Ctx, const AnalysedFiles &Files);

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

} // namespace clang::tidy::retry::utils

#endif
