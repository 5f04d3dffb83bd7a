// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RetryCheck.h"
#include "model/SharedIndex.h"
#include "utils/AnalysedFiles.h"
#include "utils/AstWalk.h"
#include "utils/PerUnit.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

template <typename Opts>
static Opts readOptions(const ClangTidyCheck::OptionsView &V) {
  Opts O;
  O.read(V);
  return O;
}

RetryCheck::RetryCheck(StringRef Name, ClangTidyContext *Context, Uses Models)
    : ClangTidyCheck(Name, Context), TidyContext(Context),
      ApiOpts(readOptions<model::ApiOptions>(Options)),
      Api(model::sharedApiModel(ApiOpts)) {
  configErrors(Api->configErrors());
  if (Models == Uses::ApiAndStore) {
    StoreOpts = readOptions<model::DedupOptions>(Options);
    Store.emplace(*Api, *StoreOpts);
    configErrors(Store->configErrors());
  }
}

void RetryCheck::configErrors(
    llvm::ArrayRef<std::pair<std::string, std::string>> Errs) {
  for (const auto &[Option, Message] : Errs)
    configError(Option, Message);
}

void RetryCheck::configError(StringRef Option, StringRef Message) {
  configurationDiag("%0: option '%1': %2") << getID() << Option << Message;
}

void RetryCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  ApiOpts.store(Options, Opts);
  if (StoreOpts)
    StoreOpts->store(Options, Opts);
}

void RetryCheck::onStartOfTranslationUnit() {
  Sites.reset();
  Nodes.reset();
  Files.reset();
  if (Store)
    Store->forgetUnit();
}

const std::shared_ptr<const AnalysedFiles> &
RetryCheck::filesOf(ASTContext &Ctx) {
  if (!Files || &Files->sourceManager() != &Ctx.getSourceManager())
    Files = analysedFilesOf(Ctx, TidyContext->getOptions());
  return Files;
}

model::RetrySiteIndex &RetryCheck::sites(ASTContext &Ctx) {
  if (!Sites || &Sites->context() != &Ctx)
    Sites = OwnIndex ? std::make_shared<model::RetrySiteIndex>(*Api, Ctx,
                                                               filesOf(Ctx))
                     : model::sharedSiteIndex(ApiOpts, Ctx, filesOf(Ctx));
  return *Sites;
}

bool RetryCheck::boolOption(StringRef Name, bool Default) {
  std::optional<StringRef> V = Options.get(Name);
  if (!V)
    return Default;
  std::string L = V->trim().lower();
  if (L == "true" || L == "1" || L == "on" || L == "yes")
    return true;
  if (L == "false" || L == "0" || L == "off" || L == "no")
    return false;
  configurationDiag("%0: option '%1': '%2' is not a boolean (true or false)")
      << getID() << Name << *V;
  return Default;
}

unsigned RetryCheck::unsignedOption(StringRef Name, unsigned Default) {
  std::optional<StringRef> V = Options.get(Name);
  if (!V)
    return Default;
  unsigned Result = 0;
  if (V->trim().getAsInteger(10, Result)) {
    configurationDiag("%0: option '%1': '%2' is not a non-negative integer")
        << getID() << Name << *V;
    return Default;
  }
  return Result;
}

void RetryCheck::storeBool(ClangTidyOptions::OptionMap &Opts, StringRef Name,
                           bool Value) const {
  Options.store(Opts, Name, Value ? "true" : "false");
}

void RetryCheck::ScopeLimiter::run(const MatchFinder::MatchResult &Result) {
  limitTraversalToUserCode(*Result.Context, Check.files(*Result.Context));
}

void RetryCheck::UnitRead::run(const MatchFinder::MatchResult &Result) {
  if (Pending->Count && --Pending->Count == 0)
    endUserCodeTraversal(*Result.Context);
}

void RetryCheck::addUnitMatcher(MatchFinder *Finder) {
  // The checks of one MatchFinder share its count: the first makes it.
  static PerUnit<PendingReads, MatchFinder> Counts;
  Read.Pending = Counts.get(
      *Finder, [](const PendingReads &) { return true; },
      [] { return std::make_shared<PendingReads>(); });
  ++Read.Pending->Count;
  // In this order for the unit: the scope first, the check, then the count.
  Finder->addMatcher(translationUnitDecl(), &Scope);
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  Finder->addMatcher(translationUnitDecl(), &Read);
}

const model::UnitNodes &RetryCheck::nodes(ASTContext &Ctx) {
  if (!Nodes)
    Nodes = model::sharedUnitNodes(Ctx, filesOf(Ctx));
  return *Nodes;
}

/// The first instantiation with a body of \p FD, a definition in a
/// function or class template; null when there is none.
static const FunctionDecl *firstInstantiation(const FunctionDecl *FD) {
  if (!FD->isDependentContext())
    return nullptr;
  if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate())
    for (const FunctionDecl *Spec : FTD->specializations())
      if (Spec->doesThisDeclarationHaveABody())
        return Spec;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  const ClassTemplateDecl *CTD =
      MD ? MD->getParent()->getDescribedClassTemplate() : nullptr;
  if (!CTD || MD->getDescribedFunctionTemplate())
    return nullptr;
  for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
    for (const CXXMethodDecl *M : Spec->methods())
      if (M->getTemplateInstantiationPattern() == FD &&
          M->doesThisDeclarationHaveABody())
        return M;
  return nullptr;
}

void RetryCheck::forEachBody(
    ASTContext &Ctx,
    llvm::function_ref<void(const Stmt *, const FunctionDecl *)> F) {
  for (model::Body B : nodes(Ctx).Bodies) {
    const Stmt *Body = nullptr;
    const FunctionDecl *Fn = nullptr;
    if (const auto *FD = B.dyn_cast<const FunctionDecl *>()) {
      if (const FunctionDecl *Inst = firstInstantiation(FD))
        FD = Inst;
      Body = FD->getBody();
      Fn = FD;
    } else {
      const auto *LE = cast<const LambdaExpr *>(B);
      Body = LE->getBody();
      Fn = LE->getCallOperator();
    }
    // A body nested too deep for the model's walks is not analysed.
    if (Body && !files(Ctx).isBodyTooDeep(Fn))
      F(Body, Fn);
  }
}

} // namespace clang::tidy::retry
