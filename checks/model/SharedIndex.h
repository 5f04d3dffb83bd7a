// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One API model per process and one retry-site index per translation unit,
// shared by the checks: every
// check asks the same questions of the same sites (which loops retry, what
// they retry, their waits and caps), so each fact is read once per TU rather
// than once per check.

#ifndef RETRYLINT_CHECKS_MODEL_SHAREDINDEX_H
#define RETRYLINT_CHECKS_MODEL_SHAREDINDEX_H

#include "ApiModel.h"
#include "RetrySiteIndex.h"
#include <memory>

namespace clang::tidy::retry::model {

/// The API model for \p Opts, made once per process and options: its lists
/// compile regular expressions and remember their answers (under a lock),
/// which every check of every translation unit on every thread then
/// shares.
std::shared_ptr<const ApiModel> sharedApiModel(const ApiOptions &Opts);

/// The retry-site index of \p Ctx built with the model options \p Opts,
/// shared with every other caller that passes the same context and equal
/// options (checks may set the model options apart). It lives as long as a
/// caller holds it. A caller that changes its index (adds operations) must
/// build its own instead.
std::shared_ptr<RetrySiteIndex>
sharedSiteIndex(const ApiOptions &Opts, ASTContext &Ctx,
                const std::shared_ptr<const utils::AnalysedFiles> &Files);

} // namespace clang::tidy::retry::model

#endif
