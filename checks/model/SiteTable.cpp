// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The retry sites found so far in a translation unit (SiteTable.h).

#include "SiteTable.h"
#include "PersonInput.h"
#include "RetryEvidence.h"

namespace clang::tidy::retry::model {

using namespace utils;

const RetrySite *SiteTable::start(const Stmt *Key, bool &Fresh) {
  Fresh = false;
  if (const RetrySite *Found = find(Key))
    return Found;
  Fresh = Started.insert(Key).second;
  return nullptr;
}

const RetrySite *SiteTable::find(const Stmt *Key) const {
  auto It = Sites.find(Key);
  return It == Sites.end() ? nullptr : It->second.get();
}

const RetrySite *SiteTable::record(const Stmt *Key,
                                   std::unique_ptr<RetrySite> Site) {
  const RetrySite *Result = Site.get();
  Sites[Key] = std::move(Site);
  return Result;
}

const RetrySite *
SiteTable::recordWithEvidence(const Stmt *Key, const void *WhyKey,
                              std::unique_ptr<RetrySite> Site, bool ByStructure,
                              const FunctionDecl *Fn, ASTContext &Ctx) {
  Site->Evidence = siteEvidence(*Site, ByStructure, Fn, Ctx);
  if (!Site->Evidence)
    return notSite(WhyKey, NoRetryEvidence);
  if (personPrompt(Site->perAttemptCode()))
    return notSite(WhyKey, AsksPerson);
  return record(Key, std::move(Site));
}

} // namespace clang::tidy::retry::model
