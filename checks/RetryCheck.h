// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Base of every retry-* check: it reads the shared model options, owns the
// API model (and, for the serving-side checks, the de-dup store model),
// reports option errors as configuration diagnostics, and builds the
// translation unit's retry-site index the first time a check asks for it.
// A check only decides what to report.

#ifndef RETRYLINT_CHECKS_RETRYCHECK_H
#define RETRYLINT_CHECKS_RETRYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "model/ApiModel.h"
#include "model/DedupStore.h"
#include "model/RetrySiteIndex.h"
#include "model/UnitNodes.h"
#include "utils/AnalysedFiles.h"
#include <memory>
#include <optional>
#include <utility>

namespace clang::tidy::retry {

class RetryCheck : public ClangTidyCheck {
public:
  /// Which models a check uses beyond the API model.
  enum class Uses { Api, ApiAndStore };
  // Public so that checks can inherit it (`using RetryCheck::RetryCheck`)
  // and still be made by the check factory.
  RetryCheck(StringRef Name, ClangTidyContext *Context,
             Uses Models = Uses::Api);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  /// Drops the previous translation unit's retry-site index; a check that
  /// overrides it calls this too.
  void onStartOfTranslationUnit() override;

protected:
  const model::ApiModel &api() const { return *Api; }
  /// The de-dup store model; only for checks built with Uses::ApiAndStore.
  const model::DedupStore &store() const { return *Store; }
  /// The retry sites of the translation unit of \p Ctx, built on first use
  /// and shared with the other checks that read the same model options.
  model::RetrySiteIndex &sites(ASTContext &Ctx);
  /// For a check that changes its index (adds operations): sites() builds
  /// one for this check alone.
  void keepOwnIndex() { OwnIndex = true; }

  /// Reads a boolean option (true/false/1/0/on/off/yes/no). OptionsView::
  /// get<bool> is not exported by the clang-tidy executable, so the --load
  /// plugin cannot call it.
  bool boolOption(StringRef Name, bool Default);
  /// Reads a non-negative integer option, diagnosing bad values.
  unsigned unsignedOption(StringRef Name, unsigned Default);
  /// Stores a boolean option as "true" or "false".
  void storeBool(ClangTidyOptions::OptionMap &Opts, StringRef Name,
                 bool Value) const;
  /// Reports that option \p Option cannot be used: "<check>: option
  /// '<Option>': <Message>".
  void configError(StringRef Option, StringRef Message);

  /// Every check calls this in registerMatchers, and only this: the check
  /// is called once per translation unit (its check() sees the unit bound
  /// as "tu") and reads what it reports on from nodes(). Before the first
  /// check reads the unit, the traversal is limited to user code
  /// (limitTraversalToUserCode); once the last has, the MatchFinder's
  /// walk below the unit is given nothing to visit (endUserCodeTraversal).
  void addUnitMatcher(ast_matchers::MatchFinder *Finder);
  /// The nodes of the translation unit of \p Ctx that checks report on,
  /// from the walk the retry-site index shares.
  const model::UnitNodes &nodes(ASTContext &Ctx);
  /// The code of \p Ctx's translation unit the checks analyse (the header
  /// filter of the check's options), shared by the unit's checks.
  const utils::AnalysedFiles &files(ASTContext &Ctx) { return *filesOf(Ctx); }
  /// Calls \p F with the body and the function (a lambda's call operator)
  /// of every function definition and lambda outside template
  /// instantiations, in the order of the walk. For a definition in a
  /// template (a handler class template over its store type) that is the
  /// first instantiation with a body, where calls on dependent members are
  /// resolved; the pattern when none is instantiated. A body too deep for
  /// the model's walks is left out.
  void
  forEachBody(ASTContext &Ctx,
              llvm::function_ref<void(const Stmt *, const FunctionDecl *)> F);

private:
  struct ScopeLimiter : ast_matchers::MatchFinder::MatchCallback {
    explicit ScopeLimiter(RetryCheck &Check) : Check(Check) {}
    void run(const ast_matchers::MatchFinder::MatchResult &Result) override;
    RetryCheck &Check;
  } Scope{*this};
  /// How many retry checks registered with one MatchFinder (one
  /// translation unit) have not read the unit yet; shared by those checks.
  struct PendingReads {
    unsigned Count = 0;
  };
  /// Runs after the check's own callback on the unit: the last of them
  /// ends the traversal.
  struct UnitRead : ast_matchers::MatchFinder::MatchCallback {
    void run(const ast_matchers::MatchFinder::MatchResult &Result) override;
    std::shared_ptr<PendingReads> Pending;
  } Read;
  void configErrors(llvm::ArrayRef<std::pair<std::string, std::string>> Errs);
  const std::shared_ptr<const utils::AnalysedFiles> &filesOf(ASTContext &Ctx);

  /// The context the check was made in, for the header filter of each
  /// translation unit (ClangTidyCheck keeps its own private).
  ClangTidyContext *TidyContext;
  model::ApiOptions ApiOpts;
  std::optional<model::DedupOptions> StoreOpts;
  std::shared_ptr<const model::ApiModel> Api;
  std::optional<model::DedupStore> Store;
  std::shared_ptr<model::RetrySiteIndex> Sites;
  std::shared_ptr<const model::UnitNodes> Nodes;
  std::shared_ptr<const utils::AnalysedFiles> Files;
  bool OwnIndex = false;
};

} // namespace clang::tidy::retry

#endif
