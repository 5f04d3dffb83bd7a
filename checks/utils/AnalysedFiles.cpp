// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AnalysedFiles.h"
#include "AstWalk.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"
#include <atomic>
#include <optional>

namespace clang::tidy::retry {

namespace {

/// The filter of this thread's translation unit and, per file, its answer.
struct Filter {
  std::optional<llvm::Regex> Header, Exclude;
  bool SystemHeaders = false;
  const SourceManager *SM = nullptr;
  llvm::DenseMap<FileID, bool> Answers;
  /// isBodyTooDeep()'s answers, for this translation unit.
  llvm::DenseMap<const FunctionDecl *, bool> TooDeep;
  /// isStmtAnalysed()'s last question and answer.
  const Stmt *LastStmt = nullptr;
  bool LastAnswer = false;
};

thread_local Filter Current;

} // namespace

/// A regular expression to match with, or none: clang-tidy lets an empty or
/// uncompilable one match nothing.
static std::optional<llvm::Regex>
compile(const std::optional<std::string> &Re) {
  if (!Re || Re->empty())
    return std::nullopt;
  llvm::Regex R(*Re);
  std::string Err;
  if (!R.isValid(Err))
    return std::nullopt;
  return R;
}

static bool headerAnalysed(const SourceManager &SM, FileID FID,
                           SourceLocation Loc) {
  if (!Current.Header)
    return false;
  if (!Current.SystemHeaders && SM.isInSystemHeader(Loc))
    return false;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return false;
  StringRef Name = FE->getName();
  return Current.Header->match(Name) &&
         !(Current.Exclude && Current.Exclude->match(Name));
}

void setAnalysedFiles(const ClangTidyOptions &Opts) {
  Current = Filter();
  Current.Header = compile(Opts.HeaderFilterRegex);
  Current.Exclude = compile(Opts.ExcludeHeaderFilterRegex);
  Current.SystemHeaders = Opts.SystemHeaders.value_or(false);
}

/// Set once, before any analysis starts (std::atomic for the other threads).
static std::atomic<bool> UserCodeTraversal{false};

void allowUserCodeTraversal() { UserCodeTraversal = true; }

void limitTraversalToUserCode(ASTContext &Ctx) {
  if (!UserCodeTraversal || Current.SystemHeaders)
    return;
  llvm::ArrayRef<Decl *> Scope = Ctx.getTraversalScope();
  if (Scope.size() != 1 || !isa<TranslationUnitDecl>(Scope.front()))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> User;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(D->getLocation()))
      User.push_back(D);
  Ctx.setTraversalScope(User);
}

void endUserCodeTraversal(ASTContext &Ctx) {
  if (UserCodeTraversal)
    Ctx.setTraversalScope({});
}

/// Drops the answers kept for another translation unit (the model's unit
/// tests parse several on one thread without a check's constructor).
static void forgetOtherUnit(const SourceManager &SM) {
  if (Current.SM == &SM)
    return;
  Current.SM = &SM;
  Current.Answers.clear();
  Current.TooDeep.clear();
  Current.LastStmt = nullptr;
}

bool isAnalysed(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  forgetOtherUnit(SM);
  // Every location of one file, or of one macro expansion, expands into
  // the same file: the answer is kept per FileID of the location itself,
  // which spares the climb out of macros (most of the cost in C).
  auto [It, New] = Current.Answers.try_emplace(SM.getFileID(Loc), false);
  if (New) {
    SourceLocation L = SM.getExpansionLoc(Loc);
    It->second = SM.isInMainFile(L) ||
                 (Current.Header && headerAnalysed(SM, SM.getFileID(L), L));
  }
  return It->second;
}

bool isStmtAnalysed(const SourceManager &SM, const Stmt &S) {
  forgetOtherUnit(SM);
  if (Current.LastStmt != &S) {
    Current.LastAnswer = isAnalysed(SM, S.getBeginLoc());
    Current.LastStmt = &S;
  }
  return Current.LastAnswer;
}

bool isBodyTooDeep(const FunctionDecl *FD) {
  forgetOtherUnit(FD->getASTContext().getSourceManager());
  auto [It, New] = Current.TooDeep.try_emplace(FD, false);
  if (New)
    It->second = isTooDeep(FD->getBody());
  return It->second;
}

} // namespace clang::tidy::retry
