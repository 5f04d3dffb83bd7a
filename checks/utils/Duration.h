// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Durations in seconds: parsed from option text, read from constant
// std::chrono expressions and from units in names, and printed.

#ifndef RETRYLINT_CHECKS_UTILS_DURATION_H
#define RETRYLINT_CHECKS_UTILS_DURATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace clang::tidy::retry::utils {

/// Parses "24h", "30min", "90s", "500ms", "1d", "2w" (a positive number and
/// a unit).
std::optional<double> parseDuration(StringRef Text);

/// A duration in seconds as people write it: "24 h", "90 min", "500 ms".
std::string formatSeconds(double Seconds);

/// The value of a constant duration expression in seconds:
/// std::chrono::minutes(10), 30s, seconds{90}, a const named duration.
std::optional<double> durationSeconds(const Expr *E, const ASTContext &Ctx);

/// The largest value a duration expression can take, in seconds: a constant
/// duration, or a count bounded by constants (`milliseconds(dist(rng))` with
/// `uniform_int_distribution<long>(0, 60000)`, `std::min(cap, base << n)`,
/// `base + rand() % 100`, through locals that are set once).
std::optional<double> maxDurationSeconds(const Expr *E, const ASTContext &Ctx);

/// The time an elapsed-time test lets pass, in seconds, when \p Clock (the
/// side that reads a clock) is compared with the constant \p Bound: a
/// duration (`now() - start > 60s`), a count in the unit of the duration it
/// counts (`now().time_since_epoch().count() - start > 60LL * 1000000000LL`)
/// or in the unit a name gives (`elapsed_ms >= 30000`).
std::optional<double> elapsedBoundSeconds(const Expr *Clock, const Expr *Bound,
                                          const ASTContext &Ctx);

/// The unit in seconds of a std::chrono duration type (a std::chrono
/// typedef such as `milliseconds`, or `duration<Rep, ratio>`); none for any
/// other type.
std::optional<double> durationTypeUnit(QualType T);

/// A unit in seconds from the last unit word of a name: ttl_seconds,
/// kWindowMs, retention_h.
std::optional<double> durationUnitFromName(StringRef Name);

} // namespace clang::tidy::retry::utils

#endif
