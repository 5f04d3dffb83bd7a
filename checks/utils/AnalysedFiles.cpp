// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AnalysedFiles.h"
#include "AstWalk.h"
#include "PerUnit.h"
#include "clang/AST/ASTContext.h"
#include <atomic>

namespace clang::tidy::retry::utils {

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

AnalysedFiles::AnalysedFiles(const SourceManager &SM,
                             const ClangTidyOptions &Opts)
    : SM(SM), Header(compile(Opts.HeaderFilterRegex)),
      Exclude(compile(Opts.ExcludeHeaderFilterRegex)),
      SystemHeaders(Opts.SystemHeaders.value_or(false)) {}

bool AnalysedFiles::headerAnalysed(FileID FID, SourceLocation Loc) const {
  if (!Header)
    return false;
  if (!SystemHeaders && SM.isInSystemHeader(Loc))
    return false;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return false;
  StringRef Name = FE->getName();
  return Header->match(Name) && !(Exclude && Exclude->match(Name));
}

bool AnalysedFiles::isAnalysed(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  // Every location of one file, or of one macro expansion, expands into
  // the same file: the answer is kept per FileID of the location itself,
  // which spares the climb out of macros (most of the cost in C).
  auto [It, New] = Answers.try_emplace(SM.getFileID(Loc), false);
  if (New) {
    SourceLocation L = SM.getExpansionLoc(Loc);
    It->second =
        SM.isInMainFile(L) || (Header && headerAnalysed(SM.getFileID(L), L));
  }
  return It->second;
}

bool AnalysedFiles::isStmtAnalysed(const Stmt &S) const {
  if (LastStmt != &S) {
    LastAnswer = isAnalysed(S.getBeginLoc());
    LastStmt = &S;
  }
  return LastAnswer;
}

bool AnalysedFiles::isBodyTooDeep(const FunctionDecl *FD) const {
  auto [It, New] = TooDeep.try_emplace(FD, false);
  if (New)
    It->second = isTooDeep(FD->getBody());
  return It->second;
}

std::shared_ptr<const AnalysedFiles>
analysedFilesOf(const ASTContext &Ctx, const ClangTidyOptions &Opts) {
  static PerUnit<const AnalysedFiles> Units;
  return Units.get(
      Ctx, [](const AnalysedFiles &) { return true; },
      [&] {
        return std::make_shared<const AnalysedFiles>(Ctx.getSourceManager(),
                                                     Opts);
      });
}

/// Set once, before any analysis starts (std::atomic for the other threads).
static std::atomic<bool> UserCodeTraversal{false};

void allowUserCodeTraversal() { UserCodeTraversal = true; }

void limitTraversalToUserCode(ASTContext &Ctx, const AnalysedFiles &Files) {
  if (!UserCodeTraversal || Files.systemHeaders())
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

} // namespace clang::tidy::retry::utils
