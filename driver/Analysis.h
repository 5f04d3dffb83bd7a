// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs the checks over translation units on a pool of threads, with the
// cross-TU facts passes when asked for: pass 1 runs every enabled check and
// exports each TU's facts; pass 2 re-runs only the facts check, only on the
// TUs whose findings can change once the other TUs' facts are read.

#ifndef RETRYLINT_DRIVER_ANALYSIS_H
#define RETRYLINT_DRIVER_ANALYSIS_H

#include "Config.h"
#include "Options.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>
#include <vector>

namespace retrylint {

/// Where facts are written and read.
struct FactsPlan {
  std::string ExportDir, ImportDir; ///< absolute; empty: none
  std::string TempDir;              ///< --cross-tu's, removed afterwards
  /// Both passes in one run (the same directory, or --cross-tu).
  bool twoPass() const { return !ExportDir.empty() && ExportDir == ImportDir; }
};

/// The facts directories the options ask for, created or checked; a bad one
/// is fatal().
FactsPlan planFacts(const Options &O);

/// The errors and findings of each of \p Files (same order).
using Results = std::vector<std::vector<clang::tidy::ClangTidyError>>;

class ResultCache;

/// How the passes run.
struct RunOptions {
  unsigned Jobs = 0; ///< threads; 0: one per hardware thread
  bool Progress = false;
  ResultCache *Cache = nullptr; ///< replays and stores results when set
};

/// Analyzes \p Files: pass 1, then pass 2 when \p Facts asks for both,
/// then finishFacts(). Each thread has its own file system view with its
/// own working directory, so compile commands in different directories
/// never race on the process's.
Results analyze(const Setup &S, const clang::tooling::CompilationDatabase &DB,
                const std::vector<std::string> &Files, const FactsPlan &Facts,
                const RunOptions &Run);

/// Pass 1: every enabled check; with an export directory, every TU writes
/// its facts (the facts check on even where the configuration turns it
/// off). The results still hold the facts check's findings.
Results passOne(const Setup &S, const clang::tooling::CompilationDatabase &DB,
                const std::vector<std::string> &Files, const FactsPlan &Facts,
                const RunOptions &Run);

/// Pass 2 over pass 1's results \p Out of \p Files (the facts of all of
/// them in \p FactsDir): only the facts check, only on the TUs whose
/// findings can change with the others' facts, replacing their facts
/// findings.
void passTwo(const Setup &S, const clang::tooling::CompilationDatabase &DB,
             const std::vector<std::string> &Files, llvm::StringRef FactsDir,
             Results &Out, const RunOptions &Run);

/// After passes that exported facts: the facts check's findings go where
/// the configuration does not enable it.
void finishFacts(const Setup &S, const std::vector<std::string> &Files,
                 Results &Out);

} // namespace retrylint

#endif
