// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a frontend drives the cross-TU facts passes without knowing which check
// computes the facts or what its options are called: pass 1 exports every
// TU's facts into a directory, pass 2 re-analyzes the TUs that need them with
// the directory imported.

#ifndef RETRYLINT_CHECKS_MODEL_FACTSPASSES_H
#define RETRYLINT_CHECKS_MODEL_FACTSPASSES_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// The check that computes, exports and imports retry facts; the only one
/// whose findings depend on other TUs.
llvm::StringRef factsCheck();

/// Makes the facts check write each TU's facts into \p Dir (absolute).
void exportFactsTo(ClangTidyOptions &Opts, llvm::StringRef Dir);

/// Makes the facts check read the facts in \p Dir (absolute).
void importFactsFrom(ClangTidyOptions &Opts, llvm::StringRef Dir);

/// Can \p Dir be imported? False with a one-line \p Error naming the
/// directory or file that is wrong.
bool checkFactsDirectory(llvm::StringRef Dir, std::string &Error);

/// The main files of the TUs in \p Dir whose facts-check findings can change
/// once the other TUs' facts are read (see unitsNeedingFacts).
bool unitsToReanalyze(llvm::StringRef Dir, std::vector<std::string> &Out,
                      std::string &Error);

} // namespace clang::tidy::retry::model

#endif
