// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DedupWindowTooShortCheck.h"
#include "model/DbStatements.h"
#include "model/JsonDurations.h"
#include "model/RetrySpan.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/Duration.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

DedupWindowTooShortCheck::DedupWindowTooShortCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : RetryCheck(Name, Context, Uses::ApiAndStore),
      MinimumWindowOpt(Options.get("MinimumWindow", "24h").str()) {
  if (std::optional<double> W = parseDuration(MinimumWindowOpt))
    MinimumWindow = *W;
  else
    configError("MinimumWindow", "'" + MinimumWindowOpt +
                                     "' is not a duration (a number and a "
                                     "unit: ms, s, min, h, d, w)");
}

void DedupWindowTooShortCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RetryCheck::storeOptions(Opts);
  Options.store(Opts, "MinimumWindow", MinimumWindowOpt);
}

void DedupWindowTooShortCheck::onStartOfTranslationUnit() {
  RetryCheck::onStartOfTranslationUnit();
  ReportedVars.clear();
  ReportedLocs.clear();
  DbCallsIn.clear();
  TtlDecls.clear();
  MayCallDatabase.reset();
}

void DedupWindowTooShortCheck::registerPPCallbacks(const SourceManager &SM,
                                                   Preprocessor *PP,
                                                   Preprocessor *) {
  // C code names its retention with a macro, gone once the AST exists.
  Macros.watch(SM, *PP);
}

bool DedupWindowTooShortCheck::isTtlName(StringRef Name) const {
  static constexpr StringRef Words[] = {
      "ttl",       "expire", "expiry",   "expires", "expiration",
      "retention", "window", "lifetime", "retain",  "keep"};
  // Each word is part of the lowercased name: most names (every variable
  // of a C file) fail this test without being split into words.
  std::string Lower = Name.lower();
  if (llvm::none_of(Words,
                    [&](StringRef W) { return StringRef(Lower).contains(W); }))
    return false;
  for (const std::string &W : identifierWords(Name))
    if (llvm::is_contained(Words, StringRef(W)))
      return true;
  return false;
}

bool DedupWindowTooShortCheck::isTtlDecl(const NamedDecl *D) {
  auto [It, New] = TtlDecls.try_emplace(D, false);
  if (New)
    It->second = D->getDeclName().isIdentifier() && isTtlName(D->getName());
  return It->second;
}

/// Does \p Name (a TTL name) say how long keys are kept: `kKeyRetention`,
/// `key_ttl_s`, `kClientTokenExpiry`? Keys of sessions, caches, APIs and
/// locks are other things.
static bool namesKeyRetention(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  bool Key = false, Token = false, Client = false;
  for (const std::string &W : Words) {
    if (llvm::is_contained({"api", "session", "cache", "access", "auth",
                            "refresh", "lock", "jwt", "signing", "secret",
                            "encryption", "rate", "limit", "oauth", "tls"},
                           StringRef(W)))
      return false;
    Key = Key || W == "key" || W == "keys";
    Token = Token || W == "token" || W == "tokens";
    Client = Client || W == "client";
  }
  // A client token is the AWS SDK's idempotency key.
  return Key || (Token && Client);
}

bool DedupWindowTooShortCheck::namesRetention(StringRef Name) const {
  return isTtlName(Name) &&
         (store().isStoreName(Name) || namesKeyRetention(Name));
}

void DedupWindowTooShortCheck::registerMatchers(MatchFinder *Finder) {
  addUnitMatcher(Finder);
}

std::optional<double> DedupWindowTooShortCheck::namedSeconds(StringRef Name,
                                                             QualType T,
                                                             const Expr *Init,
                                                             ASTContext &Ctx) {
  std::optional<double> S = durationSeconds(Init, Ctx);
  if (!S && T->isArithmeticType() && !Init->isValueDependent()) {
    Expr::EvalResult R;
    std::optional<double> Unit = durationUnitFromName(Name);
    if (Unit && Init->EvaluateAsRValue(R, Ctx)) {
      if (R.Val.isInt())
        S = R.Val.getInt().getSExtValue() * *Unit;
      else if (R.Val.isFloat())
        S = R.Val.getFloat().convertToDouble() * *Unit;
    }
  }
  return S;
}

void DedupWindowTooShortCheck::checkNamedValue(const Decl *D,
                                               SourceLocation Loc,
                                               StringRef Name,
                                               std::optional<double> Seconds,
                                               ASTContext &Ctx) {
  if (!Seconds || !namesRetention(Name))
    return;
  if (D && !ReportedVars.insert(D).second)
    return;
  report(Loc, *Seconds, "'" + Name.str() + "'", Ctx);
}

void DedupWindowTooShortCheck::checkJsonConfig(const StringLiteral *SL,
                                               ASTContext &Ctx) {
  if (SL->getCharByteWidth() != 1 ||
      !Ctx.getSourceManager().isInMainFile(SL->getBeginLoc()))
    return;
  for (const model::JsonDuration &D : model::jsonDurations(SL->getString()))
    checkNamedValue(nullptr, SL->getBeginLoc(), D.Key, D.Seconds, Ctx);
}

void DedupWindowTooShortCheck::checkDbText(StringRef Text, bool Redis,
                                           SourceLocation Loc,
                                           ASTContext &Ctx) {
  if (Redis) {
    llvm::SmallVector<StringRef, 4> Tok;
    Text.split(Tok, ' ', -1, false);
    if (Tok.size() < 2 || !store().isStoreName(Tok[1]))
      return;
    if (std::optional<double> S = model::redisTtlSeconds(Text))
      report(Loc, *S, "the Redis expiry", Ctx);
    return;
  }
  for (const model::DbStmt &D : model::parseDbStatements(Text, false))
    if (D.K == model::DbStmt::Delete && D.HasWhere &&
        store().isStoreName(D.Table))
      if (std::optional<double> S = model::sqlAgeSeconds(D.Sql)) {
        report(Loc, *S, "the purge of '" + D.Table + "'", Ctx);
        return;
      }
}

void DedupWindowTooShortCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Macros were read before the AST existed.
  for (const model::NumericMacro &M : Macros.take())
    if (std::optional<double> Unit = durationUnitFromName(M.Name))
      checkNamedValue(nullptr, M.Loc, M.Name, M.Value * *Unit, Ctx);
  // Only what a finding can be reported on.
  for (model::Node N : nodes(Ctx).Reported) {
    if (const auto *D = N.dyn_cast<const Decl *>()) {
      // Named constants and configuration: kIdempotencyTtl,
      // dedup_window_seconds.
      if (const auto *VD = dyn_cast<VarDecl>(D))
        checkVar(VD, Ctx);
      // Defaults of configuration structs: struct Opts { int key_ttl_s =
      // 120; }.
      else if (const auto *FD = dyn_cast<FieldDecl>(D))
        checkField(FD, Ctx);
      continue;
    }
    const Stmt *S = cast<const Stmt *>(N);
    // Configuration written as JSON in a string literal.
    if (const auto *SL = dyn_cast<StringLiteral>(S)) {
      checkJsonConfig(SL, Ctx);
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      // Durations handed to a de-dup store, Redis commands, SQL purges.
      checkCall(Call, nullptr, Ctx);
    } else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(S)) {
      checkCall(nullptr, Ctor, Ctx);
    }
  }
}

void DedupWindowTooShortCheck::checkVar(const VarDecl *VD, ASTContext &Ctx) {
  if (!VD->getDeclName().isIdentifier() || isa<ParmVarDecl>(VD) ||
      !namesRetention(VD->getName()))
    return;
  checkNamedValue(
      VD, VD->getLocation(), VD->getName(),
      namedSeconds(VD->getName(), VD->getType(), VD->getInit(), Ctx), Ctx);
}

void DedupWindowTooShortCheck::checkField(const FieldDecl *FD,
                                          ASTContext &Ctx) {
  if (!FD->getDeclName().isIdentifier() || !namesRetention(FD->getName()) ||
      !Ctx.getSourceManager().isInMainFile(FD->getLocation()))
    return;
  checkNamedValue(FD, FD->getLocation(), FD->getName(),
                  namedSeconds(FD->getName(), FD->getType(),
                               FD->getInClassInitializer(), Ctx),
                  Ctx);
}

void DedupWindowTooShortCheck::checkCall(const CallExpr *Call,
                                         const CXXConstructExpr *Ctor,
                                         ASTContext &Ctx) {
  const FunctionDecl *Callee = Call ? calleeDecl(Call)
                                    : (Ctor ? Ctor->getConstructor() : nullptr);
  if (!Callee)
    return;
  llvm::ArrayRef<const Expr *> Args =
      Call ? llvm::ArrayRef(Call->getArgs(), Call->getNumArgs())
           : llvm::ArrayRef(Ctor->getArgs(), Ctor->getNumArgs());
  StringRef CalleeName =
      Callee->getDeclName().isIdentifier() ? Callee->getName() : "";
  if (Call && checkDatabaseCall(Call, Callee, CalleeName, Args, Ctx))
    return;
  // A duration argument to a store: the callee, the parameter or the store
  // names a TTL, and the store or the key names idempotency records. The
  // name test is cheap and rules out almost every call, so it goes first.
  bool AnyTtlName = isTtlDecl(Callee);
  for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I)
    if (isTtlDecl(Callee->getParamDecl(I)))
      AnyTtlName = true;
  if (AnyTtlName && isStoreContext(Call, Callee, CalleeName, Args))
    checkTtlArgument(Callee, Args, Ctx);
}

bool DedupWindowTooShortCheck::checkDatabaseCall(
    const CallExpr *Call, const FunctionDecl *Callee, StringRef CalleeName,
    llvm::ArrayRef<const Expr *> Args, ASTContext &Ctx) {
  if (std::optional<unsigned> Idx = model::dbTextArg(CalleeName)) {
    if (*Idx < Args.size())
      if (std::optional<std::string> Text = model::dbText(Args[*Idx]))
        checkDbText(*Text, model::isRedisCall(CalleeName),
                    Args[*Idx]->getBeginLoc(), Ctx);
    return true;
  }
  // A purge a same-file wrapper builds from what this call hands it
  // (`purge_older_than(db, "processed_messages", 300)` formatting its
  // DELETE with snprintf): reported at the call, which holds the window.
  // Only a unit that names a database call can hold such a wrapper.
  if (!MayCallDatabase)
    MayCallDatabase = model::mayCallDatabase(Ctx);
  const FunctionDecl *Def = nullptr;
  if (!*MayCallDatabase || !Callee->hasBody(Def) || !Def ||
      !Ctx.getSourceManager().isInMainFile(Def->getLocation()))
    return false;
  auto [It, New] = DbCallsIn.try_emplace(Def);
  if (New)
    forEachInFunction(Def->getBody(), [&, &Calls = It->second](const Stmt *S) {
      const auto *C = dyn_cast<CallExpr>(S);
      std::optional<unsigned> Idx =
          C ? model::dbTextArg(calleeName(C)) : std::nullopt;
      if (Idx && *Idx < C->getNumArgs())
        Calls.push_back(C);
    });
  for (const CallExpr *C : It->second) {
    bool UsedVia = false;
    if (std::optional<std::string> Text = model::dbText(
            C->getArg(*model::dbTextArg(calleeName(C))), Call, &UsedVia);
        Text && UsedVia)
      checkDbText(*Text, model::isRedisCall(calleeName(C)), Call->getBeginLoc(),
                  Ctx);
  }
  return false;
}

bool DedupWindowTooShortCheck::isStoreContext(
    const CallExpr *Call, const FunctionDecl *Callee, StringRef CalleeName,
    llvm::ArrayRef<const Expr *> Args) const {
  const CXXRecordDecl *Class = nullptr;
  const ValueDecl *Object = nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee))
    Class = MD->getParent();
  if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call))
    Object = refDecl(MC->getImplicitObjectArgument());
  return store().isStoreName(CalleeName) ||
         (Class && Class->getDeclName().isIdentifier() &&
          store().isStoreName(Class->getName())) ||
         (Object && Object->getDeclName().isIdentifier() &&
          store().isStoreName(Object->getName())) ||
         llvm::any_of(Args,
                      [&](const Expr *A) { return store().isKeyExpr(A); });
}

void DedupWindowTooShortCheck::checkTtlArgument(
    const FunctionDecl *Callee, llvm::ArrayRef<const Expr *> Args,
    ASTContext &Ctx) {
  for (unsigned I = 0; I < Args.size(); ++I) {
    const ParmVarDecl *P =
        I < Callee->getNumParams() ? Callee->getParamDecl(I) : nullptr;
    bool TtlArg = isTtlDecl(Callee) || (P && isTtlDecl(P));
    if (!TtlArg)
      continue;
    std::optional<double> S = durationSeconds(Args[I], Ctx);
    if (!S)
      continue;
    // A named constant is reported at its declaration, once.
    // Through the copy into a by-value duration parameter.
    const Expr *A = Args[I]->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(A);
        CE && CE->getNumArgs() == 1)
      A = CE->getArg(0)->IgnoreImplicit();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (!ReportedVars.insert(V).second)
          return;
        report(V->getLocation(), *S, "'" + V->getNameAsString() + "'", Ctx);
        return;
      }
    report(Args[I]->getBeginLoc(), *S, "the TTL", Ctx);
    return;
  }
}

void DedupWindowTooShortCheck::report(SourceLocation Loc, double Seconds,
                                      StringRef What, ASTContext &Ctx) {
  if (Loc.isInvalid() || !ReportedLocs.insert(Loc.getRawEncoding()).second)
    return;
  // The longest span a retry site in this file can keep re-sending: at least
  // (attempts - 1) constant waits.
  std::vector<const model::RetrySite *> Sites = sites(Ctx).allSites();
  model::LeastSpan Longest = model::longestLeastSpan(Sites, api(), Ctx);
  if (Longest.Site && Seconds < Longest.Seconds) {
    diag(Loc, "idempotency records expire after %0 (%1), but a retry site "
              "in this file keeps re-sending for at least %2: a retry after "
              "expiry finds no record and executes again")
        << formatSeconds(Seconds) << What << formatSeconds(Longest.Seconds);
    diag(Longest.Site->getBeginLoc(),
         "%0 makes %1 attempts with %2 between them", DiagnosticIDs::Note)
        << Longest.Site->describe() << Longest.Site->MaxAttempts
        << formatSeconds(Longest.Wait);
    return;
  }
  // The retry sites of the file all end within the window: the worst case,
  // attempts x (largest wait + per-attempt timeout), is covered.
  if (std::optional<double> Worst = model::worstRetrySpan(Sites, api(), Ctx);
      Worst && Seconds >= *Worst)
    return;
  if (Seconds < MinimumWindow)
    diag(Loc, "idempotency records expire after %0 (%1), shorter than the "
              "%2 minimum window (MinimumWindow): a client that retries or "
              "replays the request later finds no record and it executes "
              "again")
        << formatSeconds(Seconds) << What
        << formatSeconds(MinimumWindow);
}

} // namespace clang::tidy::retry
