// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RetrySiteCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

RetrySiteCheck::RetrySiteCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), ApiOpts([this] {
        model::ApiOptions O;
        O.read(Options);
        return O;
      }()),
      Api(ApiOpts) {
  for (const auto &[Option, Message] : Api.configErrors())
    configurationDiag("%0: option '%1': %2") << Name << Option << Message;
}

bool RetrySiteCheck::boolOption(StringRef Name, bool Default) {
  std::optional<StringRef> V = Options.get(Name);
  if (!V)
    return Default;
  std::string L = V->trim().lower();
  if (L == "true" || L == "1" || L == "on" || L == "yes")
    return true;
  if (L == "false" || L == "0" || L == "off" || L == "no")
    return false;
  configurationDiag("%0: option '%1': '%2' is not a boolean (true or false)")
      << this->getID() << Name << *V;
  return Default;
}

unsigned RetrySiteCheck::unsignedOption(StringRef Name, unsigned Default) {
  std::optional<StringRef> V = Options.get(Name);
  if (!V)
    return Default;
  unsigned Result = 0;
  if (V->trim().getAsInteger(10, Result)) {
    configurationDiag("%0: option '%1': '%2' is not a non-negative integer")
        << this->getID() << Name << *V;
    return Default;
  }
  return Result;
}

void RetrySiteCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  ApiOpts.store(Options, Opts);
}

void RetrySiteCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void RetrySiteCheck::check(const MatchFinder::MatchResult &Result) {
  model::RetrySiteIndex Index(Api, *Result.Context);
  beginTranslationUnit(Index);
  for (const model::RetrySite *Site : Index.allSites())
    checkSite(*Site, Index);
  checkTranslationUnit(*Result.Context);
  endTranslationUnit(Index);
}

} // namespace clang::tidy::retry
