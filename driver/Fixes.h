// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy's --fix, --fix-notes and --export-fixes over the findings a run
// reports (after the baseline and --diff), replayed ones included.

#ifndef RETRYLINT_DRIVER_FIXES_H
#define RETRYLINT_DRIVER_FIXES_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include <string>
#include <vector>

namespace retrylint {

/// Writes \p Errors as clang-tidy --export-fixes does (the YAML that
/// clang-apply-replacements reads) to \p Path; \p MainFile names the run.
/// An unwritable file is fatal().
void exportFixes(const std::string &Path, const std::string &MainFile,
                 const std::vector<clang::tidy::ClangTidyError> &Errors);

/// Applies each error's fix (with \p FixNotes, else the one fix among its
/// notes) to the files, all of a fix or none of it when it overlaps another;
/// a fix seen twice (a header in two TUs) counts once. Returns how many
/// were applied, and sets \p Suggested to how many there were.
unsigned applyFixes(const std::vector<clang::tidy::ClangTidyError> &Errors,
                    bool FixNotes, unsigned &Suggested);

} // namespace retrylint

#endif
