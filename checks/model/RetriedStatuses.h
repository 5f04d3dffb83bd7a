// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For a retry site, the outcomes of its operations that send control back
// to the next attempt, and where that decision is made.

#ifndef RETRYLINT_CHECKS_MODEL_RETRIEDSTATUSES_H
#define RETRYLINT_CHECKS_MODEL_RETRIEDSTATUSES_H

#include "RetrySiteIndex.h"
#include "StatusSet.h"
#include <utility>
#include <vector>

namespace clang::tidy::retry::model {

/// What the retry path of a site is taken for.
struct RetriedStatuses {
  StatusSet Set;
  /// Outcomes retried only once, on a way back under a flag its branch sets
  /// (`if (!retried) { retried = true; continue; }`): a cap of two, not a
  /// policy on statuses, so not in Set.
  StatusSet Once;
  /// Some condition on the response was not understood, or the site is a
  /// helper whose retry decision is invisible: Set is an over-approximation.
  bool Imprecise = false;
  /// Some exceptions go back only under a test of the caught exception that
  /// was not read (`if (e.has_error_label("Transient")) continue;`): which
  /// ones, and so whether the request may have been processed, is unknown.
  bool ExceptionsFiltered = false;
  /// An operation the model does not know returns a reply carrying an HTTP
  /// status (a record with a status field or accessor): the statuses read
  /// from it make this an HTTP retry path.
  bool UnknownHttpReply = false;
  /// Where the retry decision is made (the condition that loops back), for
  /// diagnostics.
  const Stmt *Where = nullptr;
  /// Each way back to the next attempt and the outcomes that take it.
  std::vector<std::pair<StatusSet, const Stmt *>> Paths;

  /// The failures among the retried outcomes: everything but HTTP 1xx-3xx
  /// and gRPC OK. A site with none goes round only after a success (a
  /// poll, a paging loop, a batch of reads): it is no retry.
  StatusSet failures() const {
    return (Set | Once) & ~StatusSet::http(100, 399) & ~StatusSet::grpc(0);
  }

  /// Nothing of the HTTP status was read: the decision was not understood
  /// and may still retry a 200 (`if (retry) continue;` on a flag another
  /// call fills). Such a decision names no HTTP status (evidence rule 5).
  bool httpUnread() const { return Imprecise && Set.hasHttp(200); }

  /// The first decision point that retries some of \p S.
  const Stmt *whereFor(const StatusSet &S) const {
    for (const auto &[Set, At] : Paths)
      if (!(Set & S).empty())
        return At;
    return Where;
  }
};

/// The outcomes for which \p Site loops back to another attempt.
RetriedStatuses retriedStatuses(const RetrySite &Site, RetrySiteIndex &Index);

} // namespace clang::tidy::retry::model

#endif
