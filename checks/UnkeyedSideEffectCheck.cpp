// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "UnkeyedSideEffectCheck.h"
#include "model/RetriedStatuses.h"

namespace clang::tidy::retry {

using namespace utils;

static std::string describe(const model::Operation &Op) {
  std::string What;
  if (Op.Method != model::HttpMethod::Unknown)
    What = "HTTP " + model::httpMethodName(Op.Method).str();
  else
    What = "'" + Op.Name + "'";
  if (Op.Via)
    What += " (through '" + Op.Via->getNameAsString() + "')";
  return What;
}

void UnkeyedSideEffectCheck::checkSite(const model::RetrySite &Site,
                                       model::RetrySiteIndex &Index) {
  if (Site.SendsKey || Site.LooksUpState)
    return;
  const model::Operation *Effect = nullptr;
  for (const model::Operation &Op : Site.Operations)
    if (Op.SideEffect) {
      Effect = &Op;
      break;
    }
  if (!Effect)
    return;
  model::RetriedStatuses R = model::retriedStatuses(Site, Index);
  model::StatusSet Ambiguous = R.Set.ambiguous();
  if (R.ExceptionsFiltered)
    Ambiguous = Ambiguous & ~model::StatusSet::exceptions();
  if (Ambiguous.empty())
    return;
  diag(Effect->Call->getBeginLoc(),
       "%0 is re-sent after an ambiguous failure without an idempotency key: "
       "if the first attempt was processed and only the reply was lost, the "
       "retry performs it twice")
      << describe(*Effect);
  diag(R.whereFor(Ambiguous)->getBeginLoc(), "the retry path is taken for %0",
       DiagnosticIDs::Note)
      << Ambiguous.format();
  diag(Site.getBeginLoc(), "%0 re-sends it here", DiagnosticIDs::Note)
      << Site.describe();
}

} // namespace clang::tidy::retry
