// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RetrySiteCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

void RetrySiteCheck::registerMatchers(MatchFinder *Finder) {
  addUnitMatcher(Finder);
}

void RetrySiteCheck::check(const MatchFinder::MatchResult &Result) {
  model::RetrySiteIndex &Index = sites(*Result.Context);
  beginTranslationUnit(Index);
  for (const model::RetrySite *Site : Index.allSites())
    checkSite(*Site, Index);
  checkTranslationUnit(*Result.Context);
  endTranslationUnit(Index);
}

} // namespace clang::tidy::retry
