// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The outcomes of a retry site's operations (SiteOutcomes.cpp): what they
// can produce, the universe the retried statuses are taken from
// (RetriedStatuses.h); what the ones that return nothing report through;
// and on which of those outcomes the site reads Retry-After.

#ifndef RETRYLINT_CHECKS_MODEL_SITEOUTCOMES_H
#define RETRYLINT_CHECKS_MODEL_SITEOUTCOMES_H

#include "RetrySite.h"
#include "StatusSet.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;
class StatusConditions;

/// Operations of \p Site that return nothing report their outcome through
/// what they are handed by address or by a pointer (`stub.SubmitOrder(&cntl,
/// &req, resp)`): marks those in \p Conds as holding the outcome.
void learnOutcomeArguments(const RetrySite &Site, StatusConditions &Conds);

/// The outcomes \p Site's operations can produce (exceptions included, as
/// they reach catch handlers). \p UnknownHttpReply is set when an operation
/// the model does not know returns a reply carrying an HTTP status.
StatusSet operationOutcomes(const RetrySite &Site, StatusConditions &Conds,
                            bool &UnknownHttpReply);

/// The outcomes for which \p Site's per-attempt code reaches a read of
/// Retry-After: a read under `if (res->status == 429)` covers 429 only, one
/// under no test of the response covers every outcome. None when it reads
/// no Retry-After.
StatusSet retryAfterCoverage(const RetrySite &Site, RetrySiteIndex &Index);

} // namespace clang::tidy::retry::model

#endif
