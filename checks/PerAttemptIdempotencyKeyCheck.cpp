// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "PerAttemptIdempotencyKeyCheck.h"
#include "model/KeySink.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

PerAttemptIdempotencyKeyCheck::PerAttemptIdempotencyKeyCheck(
    StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), ApiOpts([this] {
        model::ApiOptions O;
        O.read(Options);
        return O;
      }()),
      Api(ApiOpts) {
  for (const auto &[Option, Message] : Api.configErrors())
    configurationDiag("%0: option '%1': %2") << Name << Option << Message;
}

void PerAttemptIdempotencyKeyCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  ApiOpts.store(Options, Opts);
}

void PerAttemptIdempotencyKeyCheck::onStartOfTranslationUnit() {
  Sites.reset();
  Seen.clear();
}

void PerAttemptIdempotencyKeyCheck::registerMatchers(MatchFinder *Finder) {
  // Header names and prefixes ("Idempotency-Key", "...: "), setters and
  // parameters named as key sinks, fields: req.idempotency_key = k.
  model::addKeySinkMatchers(Finder, Api, this);
}

void PerAttemptIdempotencyKeyCheck::check(
    const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Lit = Result.Nodes.getNodeAs<StringLiteral>("lit")) {
    for (const Expr *V : model::keyValuesNextToHeader(Lit, Api, Ctx))
      checkKeyValue(V, Ctx);
    return;
  }
  if (const auto *Arg = Result.Nodes.getNodeAs<Expr>("arg")) {
    const auto *Param = Result.Nodes.getNodeAs<ParmVarDecl>("param");
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
    const FunctionDecl *Callee = model::calleeDecl(Call);
    bool SetterArg = Callee && Callee->getDeclName().isIdentifier() &&
                     Api.isKeySinkName(Callee->getName()) &&
                     Param->getFunctionScopeIndex() == 0;
    bool NamedParam = Param->getDeclName().isIdentifier() &&
                      Api.isKeySinkName(Param->getName());
    if (SetterArg || NamedParam)
      checkKeyValue(Arg, Ctx);
    return;
  }
  if (const auto *RHS = Result.Nodes.getNodeAs<Expr>("rhs"))
    checkKeyValue(RHS, Ctx);
}

void PerAttemptIdempotencyKeyCheck::checkKeyValue(const Expr *Value,
                                                  ASTContext &Ctx) {
  if (!Value || !Seen.insert(Value).second)
    return;
  SourceLocation Loc = Value->getBeginLoc();
  if (Loc.isInvalid() || Value->isTypeDependent())
    return;
  if (!Sites)
    Sites = std::make_unique<model::RetrySiteIndex>(Api, Ctx);

  const FunctionDecl *Fn = Sites->enclosingFunction(Value);
  if (!Fn)
    return;
  model::ValueOrigin Tracer(Api);
  llvm::SmallVector<model::Origin, 2> Origins =
      Tracer.perAttemptOrigins(Value, Fn);
  if (Origins.empty())
    return;

  auto SitesOfValue = Sites->enclosingSites(Value);
  for (const model::Origin &O : Origins) {
    // Is the source evaluated once per attempt of a retry site that also
    // sends this key?
    const model::RetrySite *Site = nullptr;
    const CallExpr *ViaCall = nullptr;
    if (O.Kind == model::SourceKind::AttemptCounter) {
      for (const model::RetrySite *S : SitesOfValue)
        if (S->AttemptCounter == O.Counter) {
          Site = S;
          break;
        }
    } else {
      auto SitesOfSource = Sites->enclosingSites(O.Anchor);
      for (const model::RetrySite *S : SitesOfSource)
        if (llvm::is_contained(SitesOfValue, S)) {
          Site = S;
          break;
        }
      // Key and source in a function that a retry site calls on each
      // attempt: the function runs again, so does the source.
      if (!Site && SitesOfValue.empty() && SitesOfSource.empty()) {
        auto Calls = Sites->retriedCallsTo(Fn);
        if (!Calls.empty()) {
          Site = Calls.front().Site;
          ViaCall = Calls.front().Call;
        }
      }
    }
    if (!Site)
      continue;
    // Keys only matter where the retry re-sends a side effect: a GET
    // retried with a fresh key is harmless (CHECKS.md).
    if (llvm::all_of(Site->Operations, [](const model::Operation &Op) {
          return Op.knownIdempotent();
        }))
      continue;

    diag(Loc, "idempotency key changes on every attempt: it is derived from "
              "%0, so the server cannot recognize a retried request and may "
              "execute it twice")
        << O.describe() << Value->getSourceRange();
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
    diag(Site->getBeginLoc(),
         Site->Kind == model::RetryKind::Loop
             ? "%0 re-sends the request here"
             : "%0 re-runs this callable on each attempt",
         DiagnosticIDs::Note)
        << Site->describe();
    return; // one finding per key value
  }
}

} // namespace clang::tidy::retry
