// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// From clang-tidy's errors to what the user sees: findings located through
// the one source-file cache, filtered by the baseline and --diff, written as
// text, JSON or SARIF, a summary on stderr, and the exit status.

#ifndef RETRYLINT_DRIVER_REPORT_H
#define RETRYLINT_DRIVER_REPORT_H

#include "Analysis.h"
#include "Config.h"
#include "Diff.h"
#include "Findings.h"
#include "Options.h"
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace retrylint {

/// Orders findings by what operator== compares (operator< leaves the notes
/// out): findings equivalent under it are equal.
struct FindingIdentityLess {
  bool operator()(const Finding &A, const Finding &B) const;
};

struct Collected {
  std::vector<Finding> Findings; ///< sorted, each once
  /// Every TU's diagnostics as clang-tidy reported them (fixes included).
  std::vector<clang::tidy::ClangTidyError> Errors;
  /// The index in Errors of the first error behind each finding, built once:
  /// the errors a run reports are looked up here, not searched for.
  std::map<Finding, size_t, FindingIdentityLess> ErrorOf;
  bool ConfigError = false;      ///< a check rejected its options
  bool CompileError = false;
};

/// The findings of every TU, de-duplicated (headers are seen by several).
Collected collectFindings(const Results &R);

/// Applies the baseline and --diff, prints the findings and the summary and
/// returns the exit status: 0 no findings, 1 findings, 2 configuration or
/// compile errors.
int report(const Options &O, const Setup &S,
           const std::vector<std::string> &Files, Collected C,
           const std::optional<ChangedLines> &Changed);

} // namespace retrylint

#endif
