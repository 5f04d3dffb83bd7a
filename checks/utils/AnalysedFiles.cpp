// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AnalysedFiles.h"
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

bool isAnalysed(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  SourceLocation L = SM.getExpansionLoc(Loc);
  if (SM.isInMainFile(L))
    return true;
  FileID FID = SM.getFileID(L);
  if (!Current.Header)
    return false;
  if (Current.SM != &SM) {
    Current.SM = &SM;
    Current.Answers.clear();
  }
  auto [It, New] = Current.Answers.try_emplace(FID, false);
  if (New)
    It->second = headerAnalysed(SM, FID, L);
  return It->second;
}

} // namespace clang::tidy::retry
