// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "PerAttemptIdempotencyKeyCheck.h"
#include "model/KeySink.h"
#include "model/ValueOrigin.h"
#include "utils/HoistFix.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

void PerAttemptIdempotencyKeyCheck::onStartOfTranslationUnit() {
  RetryCheck::onStartOfTranslationUnit();
  Seen.clear();
}

void PerAttemptIdempotencyKeyCheck::registerMatchers(MatchFinder *Finder) {
  addUnitMatcher(Finder);
}

void PerAttemptIdempotencyKeyCheck::check(
    const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Header names and prefixes ("Idempotency-Key", "...: "), setters and
  // parameters named as key sinks, fields: req.idempotency_key = k.
  for (model::Node N : nodes(Ctx).Reported)
    if (const auto *S = N.dyn_cast<const Stmt *>())
      Sinks.at(S, Ctx, [&](llvm::ArrayRef<const Expr *> Values) {
        // The pieces of one key ("Idempotency-Key: " + tv.tv_sec +
        // tv.tv_usec) made from one source are one finding.
        llvm::SmallPtrSet<const Stmt *, 4> Sources;
        for (const Expr *V : Values)
          checkKeyValue(V, Ctx, Sources);
      });
}

/// The retry site that evaluates the source \p O once per attempt and also
/// sends the key (whose sites are \p SitesOfValue), if any; \p ViaCall is
/// set to the retried call of \p Fn when the site reaches both through it.
static const model::RetrySite *
siteOfSource(model::RetrySiteIndex &Sites, const model::Origin &O,
             llvm::ArrayRef<const model::RetrySite *> SitesOfValue,
             const FunctionDecl *Fn, const CallExpr *&ViaCall) {
  const model::RetrySite *Site = nullptr;
  if (O.Kind == model::SourceKind::AttemptCounter) {
    for (const model::RetrySite *S : SitesOfValue)
      if (S->AttemptCounter == O.Counter) {
        Site = S;
        break;
      }
  } else {
    auto SitesOfSource = Sites.enclosingSites(O.Anchor);
    for (const model::RetrySite *S : SitesOfSource)
      if (llvm::is_contained(SitesOfValue, S)) {
        Site = S;
        break;
      }
    // Key and source in a function that a retry site calls on each
    // attempt: the function runs again, so does the source.
    if (!Site && SitesOfValue.empty() && SitesOfSource.empty()) {
      auto Calls = Sites.retriedCallsTo(Fn);
      if (!Calls.empty()) {
        Site = Calls.front().Site;
        ViaCall = Calls.front().Call;
      }
    }
  }
  return Site;
}

void PerAttemptIdempotencyKeyCheck::checkKeyValue(
    const Expr *Value, ASTContext &Ctx,
    llvm::SmallPtrSetImpl<const Stmt *> &Sources) {
  if (!Value || !Seen.insert(Value).second)
    return;
  SourceLocation Loc = Value->getBeginLoc();
  if (Loc.isInvalid() || Value->isTypeDependent())
    return;
  model::RetrySiteIndex &Sites = sites(Ctx);

  const FunctionDecl *Fn = Sites.enclosingFunction(Value);
  if (!Fn)
    return;
  model::ValueOrigin Tracer(api());
  llvm::SmallVector<model::Origin, 2> Origins =
      Tracer.perAttemptOrigins(Value, Fn);
  if (Origins.empty())
    return;

  auto SitesOfValue = Sites.enclosingSites(Value);
  for (const model::Origin &O : Origins) {
    // Is the source evaluated once per attempt of a retry site that also
    // sends this key?
    const CallExpr *ViaCall = nullptr;
    const model::RetrySite *Site =
        siteOfSource(Sites, O, SitesOfValue, Fn, ViaCall);
    if (!Site)
      continue;
    // Keys only matter where the retry re-sends a side effect: a GET
    // retried with a fresh key is harmless. An RPC or SDK call named with a
    // verb in neither list (`RunInstances`) that is handed a key sink is
    // de-duplicated by that key: the sink says it is no read.
    if (llvm::all_of(Site->Operations, [](const model::Operation &Op) {
          bool Rpc = Op.Kind == model::OperationKind::Grpc ||
                     Op.Kind == model::OperationKind::AwsSdk;
          return Rpc ? Op.onlyReads() : Op.knownIdempotent();
        }))
      continue;
    if (O.Kind != model::SourceKind::AttemptCounter &&
        !Sources.insert(O.Where).second)
      continue;
    report(Value, O, *Site, ViaCall, Fn, Ctx);
    return; // one finding per key value
  }
}

void PerAttemptIdempotencyKeyCheck::report(
    const Expr *Value, const model::Origin &O, const model::RetrySite &Site,
    const CallExpr *ViaCall, const FunctionDecl *Fn, ASTContext &Ctx) {
  SourceLocation Loc = Value->getBeginLoc();
  {
    auto D = diag(Loc, "idempotency key changes on every attempt: it is "
                       "derived from %0, so the server cannot recognize a "
                       "retried request and may execute it twice")
             << O.describe() << Value->getSourceRange();
    // Minted once, before the loop, when moving it is always correct.
    const auto *Anchor = dyn_cast_or_null<Expr>(O.Anchor);
    if (O.Kind != model::SourceKind::AttemptCounter && !ViaCall &&
        Site.Kind == model::RetryKind::Loop && Anchor)
      for (const FixItHint &F : hoistOutOfLoop(Site.Site, Anchor, Fn, Ctx))
        D << F;
  }
  if (O.Kind == model::SourceKind::AttemptCounter)
    diag(O.Counter->getLocation(), "attempt counter declared here",
         DiagnosticIDs::Note);
  else
    diag(O.Where->getBeginLoc(), "%0 is produced here on each attempt",
         DiagnosticIDs::Note)
        << O.describe();
  if (O.Anchor != O.Where && O.Kind != model::SourceKind::AttemptCounter &&
      O.Anchor->getBeginLoc() != Loc)
    diag(O.Anchor->getBeginLoc(), "called here on each attempt",
         DiagnosticIDs::Note);
  if (ViaCall)
    diag(ViaCall->getBeginLoc(), "'%0' is called on each attempt here",
         DiagnosticIDs::Note)
        << Fn->getNameAsString();
  diag(Site.getBeginLoc(),
       Site.Kind == model::RetryKind::Loop
           ? "%0 re-sends the request here"
           : "%0 re-runs this callable on each attempt",
       DiagnosticIDs::Note)
      << Site.describe();
}

} // namespace clang::tidy::retry
