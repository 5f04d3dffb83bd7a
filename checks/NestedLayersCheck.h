// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_NESTEDLAYERSCHECK_H
#define RETRYLINT_CHECKS_NESTEDLAYERSCHECK_H

#include "RetrySiteCheck.h"
#include "model/LayerGraph.h"

namespace clang::tidy::retry {

/// Finds retry layers that call code which retries again (in the same
/// function, through calls, across translation units through facts, or in a
/// library client), multiplying the requests one failure sends.
class NestedLayersCheck : public RetrySiteCheck {
public:
  NestedLayersCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void beginTranslationUnit(model::RetrySiteIndex &Index) override;
  void checkSite(const model::RetrySite &Site,
                 model::RetrySiteIndex &Index) override;
  void endTranslationUnit(model::RetrySiteIndex &Index) override;

private:
  struct Finding {
    const model::RetrySite *Site;
    const model::LayerFact *Outer;
    model::Chain Below;
  };
  void report(const Finding &F);

  const unsigned MaxAmplification;
  const std::string RetryingCallsOption;
  const std::string FactsDirectory;
  const std::string ExportFactsDirectory;
  model::LayerGraph::Options GraphOpts;
  std::shared_ptr<const model::FactsDb> Imported;
  std::unique_ptr<model::LayerGraph> Graph;
  std::vector<Finding> Findings;
};

} // namespace clang::tidy::retry

#endif
