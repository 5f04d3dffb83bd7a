// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --diff: limit findings to changed lines. A finding is kept when its own
// line changed or when one of its notes points at a changed line, so editing
// a retry loop still reports a key minted elsewhere in it.

#ifndef RETRYLINT_DRIVER_DIFF_H
#define RETRYLINT_DRIVER_DIFF_H

#include "Findings.h"
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace retrylint {

class ChangedLines {
public:
  /// Lines [First, Last] of \p File (absolute) changed.
  void add(const std::string &File, unsigned First, unsigned Last);
  bool touches(const Location &L) const;
  bool touches(const Finding &F) const;
  /// Absolute paths of the changed files that still exist.
  std::vector<std::string> files() const;

private:
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

/// Parses a unified diff (any context size; git's a/ b/ prefixes are
/// stripped). Paths are resolved against \p Root. A hunk that only deletes
/// lines marks the lines on both sides of the deletion.
bool parseUnifiedDiff(const std::string &Text, const std::string &Root,
                      ChangedLines &Out, std::string &Err);

/// Runs `git diff -U0 REV` in the working directory and parses it against
/// the repository's top level.
bool gitDiff(const std::string &Rev, ChangedLines &Out, std::string &Err);

} // namespace retrylint

#endif
