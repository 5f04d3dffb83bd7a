// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the driver reports, independent of clang's types, so every output
// format (text, JSON, SARIF, baselines) works from one list.

#ifndef RETRYLINT_DRIVER_FINDINGS_H
#define RETRYLINT_DRIVER_FINDINGS_H

#include <ostream>
#include <string>
#include <vector>

namespace retrylint {

struct Location {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

struct Note {
  Location Loc;
  std::string Message;
};

struct Finding {
  std::string Check;
  std::string Level; ///< "warning" or "error"
  Location Loc;
  std::string Message;
  std::vector<Note> Notes;
};

bool operator<(const Finding &A, const Finding &B);
bool operator==(const Finding &A, const Finding &B);

struct TextStyle {
  bool Color = false;
  bool ShowSource = true;
};

/// clang-tidy's format: `file:line:col: warning: message [check]`, the source
/// line and a caret, then `note:` lines.
void writeText(std::ostream &OS, const std::vector<Finding> &Findings,
               const TextStyle &Style);

/// {"version": 1, "findings": [{check, level, file, line, column, message,
/// notes: [{file, line, column, message}]}]}
void writeJson(std::ostream &OS, const std::vector<Finding> &Findings);

/// The text of line \p Line of \p File (1-based), without the newline.
std::string sourceLine(const std::string &File, unsigned Line);

} // namespace retrylint

#endif
