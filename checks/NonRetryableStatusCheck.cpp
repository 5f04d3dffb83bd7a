// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "NonRetryableStatusCheck.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "model/GrpcServiceConfig.h"
#include "model/RetriedStatuses.h"
#include "model/StatusWrappers.h"
#include "utils/AnalysedFiles.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

NonRetryableStatusCheck::NonRetryableStatusCheck(StringRef Name,
                                                 ClangTidyContext *Context)
    : RetrySiteCheck(Name, Context),
      RetryableStatusesOption(Options.get("RetryableStatuses", "")) {
  // "409;500-599;ABORTED": statuses a team declares retryable.
  for (StringRef Entry :
       tidy::utils::options::parseStringList(RetryableStatusesOption)) {
    Entry = Entry.trim();
    unsigned Lo = 0, Hi = 0;
    auto [A, B] = Entry.split('-');
    if (!A.getAsInteger(10, Lo) &&
        (B.empty() ? (Hi = Lo, true) : !B.getAsInteger(10, Hi)) && Lo <= Hi &&
        Hi < model::StatusSet::HttpMax) {
      ExtraRetryable = ExtraRetryable | model::StatusSet::http(Lo, Hi);
    } else if (std::optional<unsigned> Code = model::grpcCodeFromName(Entry)) {
      ExtraRetryable = ExtraRetryable | model::StatusSet::grpc(*Code);
    } else {
      configError("RetryableStatuses",
                  ("'" + Entry + "' is neither an HTTP status, a range like "
                   "500-599, nor a gRPC code name")
                      .str());
    }
  }
}

void NonRetryableStatusCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RetrySiteCheck::storeOptions(Opts);
  Options.store(Opts, "RetryableStatuses", RetryableStatusesOption);
}

void NonRetryableStatusCheck::check(const MatchFinder::MatchResult &Result) {
  RetrySiteCheck::check(Result);
  // gRPC service configs are JSON in string literals.
  for (model::Node N : nodes(*Result.Context).Reported)
    if (const auto *Lit =
            dyn_cast_if_present<StringLiteral>(N.dyn_cast<const Stmt *>()))
      checkServiceConfig(Lit, *Result.Context);
}

void NonRetryableStatusCheck::checkServiceConfig(const StringLiteral *Lit,
                                                 ASTContext &Ctx) {
  if (Lit->getCharByteWidth() != 1 || !Lit->getString().contains("retryPolicy"))
    return;
  for (const model::GrpcRetryPolicy &P :
       model::parseGrpcServiceConfig(Lit->getString(), nullptr)) {
    model::StatusSet Bad = P.RetryableCodes.nonRetryable(ExtraRetryable);
    if (Bad.empty())
      continue;
    diag(Lit->getBeginLoc(),
         "gRPC retry policy retries %0, which will not succeed on retry: each "
         "attempt repeats the same failure")
        << Bad.format();
    return;
  }
}

void NonRetryableStatusCheck::checkSite(const model::RetrySite &Site,
                                        model::RetrySiteIndex &Index) {
  model::RetriedStatuses R = model::retriedStatuses(Site, Index);
  // Only report what is known: an over-approximation would blame code for
  // statuses it may well exclude.
  if (R.Imprecise)
    return;
  model::StatusSet Bad = R.Set.nonRetryable(ExtraRetryable);
  if (Bad.empty())
    return;
  const Stmt *Decision = R.whereFor(Bad);
  // A status named in a predicate the decision consults is reported there,
  // where it is made.
  const Stmt *Named = model::statusNamedIn(Decision, Bad, Index.context());
  diag(Named ? Named->getBeginLoc() : Decision->getBeginLoc(),
       "retry path is taken for %0, which will not succeed on retry: each "
       "attempt repeats the same failure")
      << Bad.format();
  if (Named)
    diag(Decision->getBeginLoc(), "the retry decision is made here",
         DiagnosticIDs::Note);
  diag(Site.getBeginLoc(), "%0 starts here", DiagnosticIDs::Note)
      << Site.describe();
}

} // namespace clang::tidy::retry
