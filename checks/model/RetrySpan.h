// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How long the retry sites of a translation unit keep re-sending one
// request: the span a de-dup record must outlive (RetrySpan.cpp).

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSPAN_H
#define RETRYLINT_CHECKS_MODEL_RETRYSPAN_H

#include "ApiModel.h"
#include "RetrySite.h"
#include <optional>

namespace clang::tidy::retry::model {

/// The retry site that surely keeps re-sending longest, and for how long:
/// (attempts - 1) constant waits, cut by an elapsed-time guard.
struct LeastSpan {
  const RetrySite *Site = nullptr;
  double Seconds = 0;
  /// The constant wait between its attempts.
  double Wait = 0;
};

/// The longest least span among \p Sites with a constant cap of two or more
/// attempts; no site when none has one.
LeastSpan longestLeastSpan(llvm::ArrayRef<const RetrySite *> Sites,
                           const ApiModel &Api, const ASTContext &Ctx);

/// The longest worst-case span of \p Sites, attempts x (largest wait +
/// per-attempt timeout), or an elapsed-time guard's limit plus one more wait
/// and attempt when that is less; none when a site has neither a constant
/// cap nor such a guard, a wait has no bound, or there is no site.
std::optional<double> worstRetrySpan(llvm::ArrayRef<const RetrySite *> Sites,
                                     const ApiModel &Api,
                                     const ASTContext &Ctx);

/// The per-attempt timeout an operation call is given: a constant argument
/// for a parameter named like a timeout with a unit (`timeout_ms`), or a
/// std::chrono duration.
std::optional<double> attemptTimeout(const CallExpr *Call,
                                     const ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
