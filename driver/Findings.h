// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the driver reports, independent of clang's types, so every output
// format (text, JSON, SARIF, baselines) works from one list.

#ifndef RETRYLINT_DRIVER_FINDINGS_H
#define RETRYLINT_DRIVER_FINDINGS_H

#include "Paths.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <map>
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

/// {"version": 1, "findings": [{check, level, file, line, column, message,
/// notes: [{file, line, column, message}]}]}
void writeJson(std::ostream &OS, const std::vector<Finding> &Findings);

/// The line's text with leading and trailing white space removed and every
/// inner run of white space made one space: what baselines and SARIF
/// fingerprints key on instead of line numbers.
std::string normalizeText(const std::string &Text);

/// FNV-1a (64 bits) of the bytes of \p S, continuing from \p H: the hash of
/// baseline and SARIF fingerprints, the same on every platform.
uint64_t fnv1a(llvm::StringRef S, uint64_t H = 0xcbf29ce484222325ULL);

/// A baseline entry's fingerprint: fnv1a() of \p Check, NUL, \p RelPath,
/// NUL, \p Text (the normalized line, raw bytes, never decoded), as 16
/// lowercase hex digits.
std::string baselineFingerprint(llvm::StringRef Check, llvm::StringRef RelPath,
                                llvm::StringRef Text);

/// For each finding, how many earlier findings (in the given order) have the
/// same check, relative path and normalized line text: the occurrence index
/// that keeps baseline and fingerprint keys apart for identical lines.
std::vector<unsigned> occurrenceIndexes(const std::vector<Finding> &Findings,
                                        const std::string &Base);

struct SarifOptions {
  /// Absolute directory that result URIs are relative to (%SRCROOT%).
  std::string SrcRoot;
  /// The enabled checks: one rule each, in this order.
  std::vector<std::string> Checks;
  /// Probe readings per check (a JSON array, as `retrylint explain
  /// --format=json` prints them), embedded in the rule's properties.
  std::map<std::string, std::string> Evidence;
  std::string ToolVersion;
  /// Set on every result when non-empty ("new" under --baseline).
  std::string BaselineState;
  /// The docs base of each rule's helpUri (--docs-url); "": no helpUri.
  std::string DocsUrl;
};

/// SARIF 2.1.0: one run; one rule per enabled check; results with locations,
/// notes as relatedLocations, partialFingerprints; compile and configuration
/// errors as toolExecutionNotifications.
void writeSarif(std::ostream &OS, const std::vector<Finding> &Findings,
                const SarifOptions &Options);

} // namespace retrylint

#endif
