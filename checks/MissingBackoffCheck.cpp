// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "MissingBackoffCheck.h"
#include "model/PolicyDelays.h"
#include "model/RetriedStatuses.h"
#include "model/SiteOutcomes.h"
#include "model/WaitPaths.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry {

using namespace utils;

MissingBackoffCheck::MissingBackoffCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : RetrySiteCheck(Name, Context),
      RequireJitter(boolOption("RequireJitter", true)),
      RequireRetryAfter(boolOption("RequireRetryAfter", true)) {}

void MissingBackoffCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RetrySiteCheck::storeOptions(Opts);
  storeBool(Opts, "RequireJitter", RequireJitter);
  storeBool(Opts, "RequireRetryAfter", RequireRetryAfter);
}

/// Whether any of \p Waits may be jittered and whether any grows; a
/// duration computed where the model cannot see may well be jittered.
static std::pair<bool, bool> waitTraits(llvm::ArrayRef<model::Wait> Waits) {
  bool Jitter = false, Grows = false;
  for (const model::Wait &W : Waits) {
    Jitter = Jitter || W.Jitter != model::Fact::No;
    Grows = Grows || W.Grows;
  }
  return {Jitter, Grows};
}

void MissingBackoffCheck::checkHelperCall(const model::RetrySite &Site,
                                          model::RetrySiteIndex &Index) {
  // Only where the helper's own retry was read. One in the main file is
  // reported there, once; one in another file (a library's header) is
  // reported at each call, the place that uses it.
  if (Site.ImmediatePolicy) {
    diag(Site.getBeginLoc(),
         "%0 re-sends immediately after a failure: with no wait between "
         "attempts an outage turns into a request storm")
        << Site.describe();
    diag(Site.ImmediatePolicy->getBeginLoc(),
         "this policy retries at once, with no wait", DiagnosticIDs::Note);
    return;
  }
  const model::RetrySite *Own = Site.HelperOwn;
  const SourceManager &SM = Index.context().getSourceManager();
  if (!Own || Own->Failover ||
      SM.isInMainFile(SM.getExpansionLoc(Own->getBeginLoc())))
    return;
  if (Own->Waits.empty()) {
    diag(Site.getBeginLoc(),
         "%0 re-sends immediately after a failure: with no wait between "
         "attempts an outage turns into a request storm")
        << Site.describe();
    diag(Own->getBeginLoc(), "the helper goes back here, with no wait",
         DiagnosticIDs::Note);
    return;
  }
  auto [Jitter, Grows] = waitTraits(Own->Waits);
  if (!RequireJitter || Jitter || !Own->Waits.front().Call)
    return;
  diag(Site.getBeginLoc(),
       Grows ? "%0 grows its backoff between attempts but has no jitter: "
               "clients that failed together retry together, in synchronized "
               "waves"
             : "%0 waits a constant time between attempts, with no jitter: "
               "every client retries on the same beat and the load never "
               "spreads")
      << Site.describe();
  diag(Own->Waits.front().Call->getBeginLoc(), "the helper waits here",
       DiagnosticIDs::Note);
}

void MissingBackoffCheck::checkSite(const model::RetrySite &Site,
                                    model::RetrySiteIndex &Index) {
  // A helper waits as its own retry does; a failover loop moves to another
  // endpoint on each attempt and needs no wait.
  if (Site.Kind == model::RetryKind::Helper) {
    checkHelperCall(Site, Index);
    return;
  }
  if (Site.Failover)
    return;
  model::RetriedStatuses R = model::retriedStatuses(Site, Index);
  // The rule is about looping back after a failure of a remote operation.
  model::StatusSet Failures = R.failures();
  if (Failures.empty())
    return;

  if (Site.Waits.empty()) {
    diag(Site.getBeginLoc(),
         "%0 re-sends immediately after a failure: with no wait between "
         "attempts an outage turns into a request storm")
        << Site.describe();
    diag(Site.Operations.front().Call->getBeginLoc(), "retried operation",
         DiagnosticIDs::Note);
    return;
  }

  // A failure that goes straight back (`if (!res) continue;`) while another
  // path waits, or a way back that leaves every wait behind (`if (tries > 1)
  // sleep(...)`, a timeout going back while only a 429 waits).
  if (const Stmt *Bare = model::bareWayBack(Site, R, Index.context())) {
    diag(Bare->getBeginLoc(),
         "this retry path goes back to the next attempt with no wait: on "
         "this failure an outage turns into a request storm");
    diag(Site.getBeginLoc(), "%0 starts here", DiagnosticIDs::Note)
        << Site.describe();
  }
  checkJitter(Site, Index);
  checkRetryAfter(Site, R, Index);
}

void MissingBackoffCheck::checkJitter(const model::RetrySite &Site,
                                      model::RetrySiteIndex &Index) {
  auto [Jitter, Grows] = waitTraits(Site.Waits);
  // Judged per way back: a constant wait on its own way back is reported
  // even when another way waits a jittered or unread time.
  const model::Wait *Plain =
      RequireJitter && Jitter ? model::unjitteredWayBack(Site, Index.context())
                              : nullptr;
  const model::Wait &First = Plain ? *Plain : Site.Waits.front();
  Grows = Plain ? Plain->Grows : Grows;
  if (RequireJitter && (!Jitter || Plain)) {
    if (Grows)
      diag(First.Call->getBeginLoc(),
           "backoff grows between attempts but has no jitter: clients that "
           "failed together retry together, in synchronized waves");
    else
      diag(First.Call->getBeginLoc(),
           "wait between attempts is constant and has no jitter: every "
           "client retries on the same beat and the load never spreads");
    diag(Site.getBeginLoc(), "%0 starts here", DiagnosticIDs::Note)
        << Site.describe();
  }
}

void MissingBackoffCheck::endTranslationUnit(model::RetrySiteIndex &Index) {
  if (!RequireJitter)
    return;
  llvm::SmallPtrSet<const FunctionDecl *, 8> WithSites;
  for (const model::RetrySite *Site : Index.allSites())
    WithSites.insert(Index.enclosingFunction(Site->Site));
  for (const model::PolicyGrowth &G : model::unjitteredPolicyGrowths(Index)) {
    if (G.Growth->getBeginLoc().isMacroID() || WithSites.count(G.Policy))
      continue;
    diag(G.Growth->getBeginLoc(),
         "backoff grows between attempts but has no jitter: clients that "
         "failed together retry together, in synchronized waves");
    diag(G.Counter->getBeginLoc(),
         "the policy %0 counts the attempt here and keeps the delay for the "
         "next one",
         DiagnosticIDs::Note)
        << G.Policy;
  }
}

void MissingBackoffCheck::checkRetryAfter(const model::RetrySite &Site,
                                          const model::RetriedStatuses &R,
                                          model::RetrySiteIndex &Index) {
  bool HonorsRetryAfter = Site.ReadsRetryAfter;
  for (const model::Wait &W : Site.Waits)
    HonorsRetryAfter = HonorsRetryAfter || W.RetryAfter;
  // Retry-After is a header of HTTP responses the code reads itself: gRPC
  // has none, an AWS SDK outcome is not an HTTP response (the SDK's own
  // strategy handles throttling), and a call the model does not know speaks
  // HTTP only when its reply carries an HTTP status.
  bool Http = R.UnknownHttpReply;
  for (const model::Operation &Op : Site.Operations)
    Http = Http || (Op.Kind != model::OperationKind::Grpc &&
                    Op.Kind != model::OperationKind::AwsSdk &&
                    Op.Kind != model::OperationKind::Unknown);
  bool Unread = R.httpUnread();
  bool Has429 = !Unread && R.Set.hasHttp(429),
       Has503 = !Unread && R.Set.hasHttp(503);
  // Read on some paths only (`if (res->status == 429) wait(retry_after(res));
  // else if (res->status == 503) wait(jittered);`): the others ignore it.
  if (HonorsRetryAfter && (Has429 || Has503)) {
    model::StatusSet Covered = model::retryAfterCoverage(Site, Index);
    Has429 = Has429 && !Covered.hasHttp(429);
    Has503 = Has503 && !Covered.hasHttp(503);
    HonorsRetryAfter = !Has429 && !Has503;
  }
  if (RequireRetryAfter && Http && (Has429 || Has503) && !HonorsRetryAfter) {
    diag(R.whereFor((Has429 ? model::StatusSet::http(429, 429)
                            : model::StatusSet::none()) |
                    (Has503 ? model::StatusSet::http(503, 503)
                            : model::StatusSet::none()))
             ->getBeginLoc(),
         "retry path for HTTP %0 ignores the Retry-After header: the server "
         "said when to come back and the client retries earlier")
        << (Has429 && Has503 ? "429 and 503"
            : Has429         ? "429"
                             : "503");
    diag(Site.getBeginLoc(), "%0 starts here", DiagnosticIDs::Note)
        << Site.describe();
  }
}

} // namespace clang::tidy::retry
