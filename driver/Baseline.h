// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Baselines: adopt retrylint on an existing codebase and fail only on new
// findings. Entries are keyed by check, path (relative to the baseline
// file's directory) and the normalized text of the finding's line, never by
// line number, with a count for identical lines. They match on a
// fingerprint of the raw bytes of those three, so a line that is not valid
// UTF-8 (which JSON text cannot hold as it is) still matches.

#ifndef RETRYLINT_DRIVER_BASELINE_H
#define RETRYLINT_DRIVER_BASELINE_H

#include "Findings.h"
#include <set>
#include <string>
#include <vector>

namespace retrylint {

struct BaselineEntry {
  std::string Check;
  std::string Path; ///< relative to the baseline file's directory
  std::string Text; ///< normalizeText() of the finding's line, as recorded
  unsigned Count = 0;
};

/// Writes the retry-* findings of \p Findings to \p File. Returns the number
/// of entries, or -1 with \p Err set.
int writeBaseline(const std::string &File, const std::vector<Finding> &Findings,
                  std::string &Err);

struct BaselineMatch {
  std::vector<Finding> Remaining; ///< new findings, plus all non-retry ones
  size_t Matched = 0;             ///< findings the baseline absorbed
  /// Entries (or parts of their counts) that no longer occur, restricted to
  /// the analyzed files; Count is the number missing.
  std::vector<BaselineEntry> Gone;
};

/// Reads \p File and removes the findings it records. \p Analyzed are the
/// absolute paths of the files whose findings were collected: entries for
/// other files are not reported as gone (empty: report every entry). Returns
/// false with a one-line \p Err when the file is missing or malformed.
bool applyBaseline(const std::string &File,
                   const std::vector<Finding> &Findings,
                   const std::set<std::string> &Analyzed, BaselineMatch &Out,
                   std::string &Err);

/// Reads and validates \p File as applyBaseline() does, without findings:
/// a malformed baseline is reported before anything is analyzed.
bool checkBaseline(const std::string &File, std::string &Err);

} // namespace retrylint

#endif
