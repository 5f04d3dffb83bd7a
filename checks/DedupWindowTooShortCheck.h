// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_DEDUPWINDOWTOOSHORTCHECK_H
#define RETRYLINT_CHECKS_DEDUPWINDOWTOOSHORTCHECK_H

#include "RetryCheck.h"
#include "model/NumericMacros.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace clang::tidy::retry {

/// Finds idempotency / de-dup record lifetimes (TTLs, purge windows) that
/// are shorter than the retries that rely on them, so a late retry finds no
/// record and executes again.
class DedupWindowTooShortCheck : public RetryCheck {
public:
  DedupWindowTooShortCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  /// A named constant or configuration value (a variable, a field's
  /// default, a macro, a JSON key): reported when its name says it keeps
  /// idempotency keys (kKeyRetention, dedup_window_ms) and \p Seconds says
  /// how long.
  void checkNamedValue(const Decl *D, SourceLocation Loc, StringRef Name,
                       std::optional<double> Seconds, ASTContext &Ctx);
  /// Seconds of \p Init for a value named \p Name: a duration, or a number
  /// in the unit the name gives (`_ms`, `_seconds`).
  std::optional<double> namedSeconds(StringRef Name, QualType T,
                                     const Expr *Init, ASTContext &Ctx);
  void checkJsonConfig(const StringLiteral *SL, ASTContext &Ctx);
  void checkVar(const VarDecl *VD, ASTContext &Ctx);
  void checkField(const FieldDecl *FD, ASTContext &Ctx);
  /// A duration handed to a store, a Redis command or an SQL purge by a
  /// call or a construction (one of the two is null).
  void checkCall(const CallExpr *Call, const CXXConstructExpr *Ctor,
                 ASTContext &Ctx);
  /// The retention a database call hands over in SQL or Redis text, or
  /// that a same-file wrapper it calls builds from its arguments. True when
  /// \p Call hands the text itself: nothing else in it is read.
  bool checkDatabaseCall(const CallExpr *Call, const FunctionDecl *Callee,
                         StringRef CalleeName,
                         llvm::ArrayRef<const Expr *> Args, ASTContext &Ctx);
  /// Does the call's callee, class, object or a key argument name a de-dup
  /// store?
  bool isStoreContext(const CallExpr *Call, const FunctionDecl *Callee,
                      StringRef CalleeName,
                      llvm::ArrayRef<const Expr *> Args) const;
  /// The first TTL-named duration argument of a store call.
  void checkTtlArgument(const FunctionDecl *Callee,
                        llvm::ArrayRef<const Expr *> Args, ASTContext &Ctx);
  /// A retention in SQL or Redis text handed to a database call, reported at
  /// \p Loc.
  void checkDbText(StringRef Text, bool Redis, SourceLocation Loc,
                   ASTContext &Ctx);
  void report(SourceLocation Loc, double Seconds, StringRef What,
              ASTContext &Ctx);
  bool isTtlName(StringRef Name) const;
  /// isTtlName() of \p D's name, once per declaration: every call to a
  /// function asks it of the callee and its parameters.
  bool isTtlDecl(const NamedDecl *D);
  /// Does \p Name say how long idempotency keys are kept (a TTL name of a
  /// de-dup store or of keys)?
  bool namesRetention(StringRef Name) const;

  std::string MinimumWindowOpt;
  double MinimumWindow = 86400;
  /// The main file's numeric macros, recorded before the AST.
  model::NumericMacros Macros;
  llvm::DenseSet<const Decl *> ReportedVars;
  llvm::DenseSet<unsigned> ReportedLocs;
  /// The database calls in the body of each same-file function called,
  /// found once per function (calls to it are many).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 1>>
      DbCallsIn;
  llvm::DenseMap<const NamedDecl *, bool> TtlDecls;
  /// model::mayCallDatabase() of this unit, once asked.
  std::optional<bool> MayCallDatabase;
};

} // namespace clang::tidy::retry

#endif
