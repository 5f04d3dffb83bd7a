// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "MissingBudgetCheck.h"
#include "model/BudgetWays.h"
#include "model/LibraryLayers.h"
#include "model/RetriedStatuses.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry {

using namespace utils;

MissingBudgetCheck::MissingBudgetCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : RetrySiteCheck(Name, Context),
      MaxAttempts(unsignedOption("MaxAttempts", 10)),
      RequireDeadline(boolOption("RequireDeadline", false)) {
  if (MaxAttempts == 0)
    configurationDiag("%0: option 'MaxAttempts' must be at least 1") << Name;
}

void MissingBudgetCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RetrySiteCheck::storeOptions(Opts);
  Options.store(Opts, "MaxAttempts", std::to_string(MaxAttempts));
  storeBool(Opts, "RequireDeadline", RequireDeadline);
}

void MissingBudgetCheck::checkSite(const model::RetrySite &Site,
                                   model::RetrySiteIndex &Index) {
  // A loop that goes round only after a success (a poll, a paging loop)
  // re-sends nothing that failed.
  if (Site.Kind == model::RetryKind::Loop &&
      model::retriedStatuses(Site, Index).failures().empty())
    return;
  // A helper's cap is decided either in the helper (its own loop is
  // reported there, once) or by what this call passes it.
  if (Site.Kind == model::RetryKind::Helper && Site.CapWhere) {
    bool AtCall = false;
    forEachDescendant(Site.Site,
                      [&](const Stmt *N) { AtCall |= N == Site.CapWhere; });
    if (!AtCall)
      return;
  }
  const model::Operation &Op = Site.Operations.front();
  if (Site.Cap == model::CapKind::None && !Site.Deadline) {
    diag(Site.Kind == model::RetryKind::Helper ? Site.CapWhere->getBeginLoc()
                                               : Site.getBeginLoc(),
         "%0 has no attempt cap and no deadline: during an outage it re-sends "
         "the request until the process is stopped")
        << Site.describe();
    diag(Op.Call->getBeginLoc(), "retried operation", DiagnosticIDs::Note);
    return;
  }
  // Each way back on its own: a budget tested on one of them does not
  // bound another that goes round past it.
  if (const Stmt *Way = model::wayPastBudget(Site, Index.context())) {
    diag(Way->getBeginLoc(),
         "this retry path goes back to the next attempt with no attempt cap "
         "and no deadline: during an outage it re-sends the request until "
         "the process is stopped");
    diag((Site.Deadline ? Site.Deadline : Site.CapWhere)->getBeginLoc(),
         "the budget tested here bounds only the other ways back",
         DiagnosticIDs::Note);
    return;
  }
  if (Site.Cap == model::CapKind::Constant && MaxAttempts &&
      Site.MaxAttempts > MaxAttempts) {
    diag(Site.CapWhere->getBeginLoc(),
         "%0 makes up to %1 attempts, more than %2: one failing call becomes "
         "%1 requests to a dependency that is already struggling")
        << Site.describe() << Site.MaxAttempts << MaxAttempts;
    diag(Site.getBeginLoc(), "%0 starts here", DiagnosticIDs::Note)
        << Site.describe();
    return;
  }
  if (RequireDeadline && !Site.Deadline) {
    diag(Site.getBeginLoc(),
         "%0 has no deadline: its attempts can outlast the caller's time "
         "budget")
        << Site.describe();
  }
}

namespace {
/// Main-file expressions that make an SDK retry strategy with a written
/// count: the construction, MakeShared or make_shared itself (not the
/// conversions of its result).
class StrategyFinder : public MainFileVisitor<StrategyFinder> {
public:
  StrategyFinder(ASTContext &Ctx, const AnalysedFiles &Files,
                 llvm::function_ref<void(const Expr *, unsigned)> Found)
      : MainFileVisitor(Files), Ctx(Ctx), Found(Found) {}
  bool VisitExpr(Expr *E) {
    if (std::optional<model::AwsStrategy> S = model::awsStrategy(E, Ctx);
        S && S->Known && S->Explicit && S->Attempts)
      Found(E, *S->Attempts);
    return true;
  }

private:
  ASTContext &Ctx;
  llvm::function_ref<void(const Expr *, unsigned)> Found;
};
} // namespace

void MissingBudgetCheck::checkTranslationUnit(ASTContext &Ctx) {
  if (!MaxAttempts || !model::mayMakeAwsStrategy(Ctx))
    return;
  StrategyFinder(Ctx, files(Ctx), [&](const Expr *E, unsigned Attempts) {
    if (Attempts > MaxAttempts)
      diag(E->getBeginLoc(),
           "AWS SDK retry strategy makes up to %0 attempts, more than %1: one "
           "failing call becomes %0 requests to a dependency that is already "
           "struggling")
          << Attempts << MaxAttempts;
  }).TraverseAST(Ctx);
}

} // namespace clang::tidy::retry
