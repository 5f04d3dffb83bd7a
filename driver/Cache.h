// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The result cache (--cache-dir): each translation unit's clang-tidy errors
// stored under a key of everything they depend on, the way ccache's direct
// mode keys a manifest. The key covers the tool's build, the effective
// options for the file, its compile command, its content and the facts it
// reads; under the key, a manifest lists entries, each the files the unit
// included with their content hashes and the stored result (serialized by
// ErrorsJson.h).

#ifndef RETRYLINT_DRIVER_CACHE_H
#define RETRYLINT_DRIVER_CACHE_H

#include "Options.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace retrylint {

/// Writes \p Content to \p Path through a temporary file in the same
/// directory renamed over it: a reader sees the old file or the new one,
/// never a part.
bool writeAtomically(llvm::StringRef Path, llvm::StringRef Content,
                     std::string &Err);

/// SIZE with an optional K, M or G suffix (powers of 1024); false if it is
/// not one.
bool parseSize(llvm::StringRef Text, uint64_t &Bytes);

/// The files a translation unit read, as the driver's include recorder saw
/// them during its analysis.
struct IncludedFiles {
  std::vector<std::string> Files; ///< absolute, each once
  std::string MainFile;           ///< as the facts check names its facts file
};

class ResultCache {
public:
  /// \p Dir must be a writable directory (openCache() checks it).
  ResultCache(std::string Dir, uint64_t MaxSize);

  /// What one analysis pass adds to every key: whether it exports facts and
  /// the content of the facts it imports.
  struct Pass {
    std::string Salt;
    std::string ExportDir;      ///< where a hit restores the unit's facts file
    bool PrivateExport = false; ///< no other reader: no temporary files
  };
  Pass pass(llvm::StringRef ExportDir, llvm::StringRef ImportDir,
            bool PrivateExport);

  /// The key of \p File analyzed with \p Opts (its effective options).
  std::string key(const clang::tidy::ClangTidyOptions &Opts,
                  const clang::tooling::CompilationDatabase &DB,
                  llvm::StringRef File, const Pass &P);
  /// Replays the stored result of \p Key whose recorded files are all
  /// unchanged into \p Out, restoring its facts file; false on a miss.
  bool lookup(llvm::StringRef Key, const Pass &P,
              std::vector<clang::tidy::ClangTidyError> &Out);
  /// Stores \p R, analyzed just now, under \p Key, unless it holds compile
  /// or configuration errors.
  void store(llvm::StringRef Key, const Pass &P, const IncludedFiles &Inc,
             const std::vector<clang::tidy::ClangTidyError> &R);
  /// The units that pass 2 analyzes again, stored earlier for the facts
  /// \p P imports (they decide it alone); false when none are stored.
  bool lookupPlan(const Pass &P, std::vector<std::string> &Units);
  void storePlan(const Pass &P, const std::vector<std::string> &Units);
  /// After the run: evicts the oldest entries until the cache is under its
  /// bound, and prints the summary line unless \p Quiet.
  void finish(bool Quiet);

private:
  std::string hashFile(llvm::StringRef Path);
  std::string manifestPath(llvm::StringRef Key) const;
  /// \p Name in the cache's subdirectory \p Sub: `facts/<hash>` keeps a
  /// copy of a facts file, `plans/<hash>` a pass-2 plan.
  std::string pathIn(llvm::StringRef Sub, llvm::StringRef Name) const;
  /// Writes a unit's facts file at \p Path (in a directory only this run
  /// reads when \p Private) from the cache's copy; false when the copy is
  /// gone or does not match \p Hash.
  bool restoreFacts(llvm::StringRef Path, llvm::StringRef Hash, bool Private);
  void warnCorrupt(llvm::StringRef Path, llvm::StringRef Why);

  std::string Dir;
  uint64_t MaxSize;
  std::string Build; ///< version and executable identity
  std::mutex Mu;     ///< Hashes, ImportSalts, warnings
  llvm::StringMap<std::string> Hashes;
  llvm::StringMap<std::string> ImportSalts; ///< by facts directory
  std::atomic<unsigned> Replayed{0}, Analyzed{0}, Stored{0};
};

/// The cache the options ask for (--cache-dir, else RETRYLINT_CACHE_DIR),
/// or null; a directory that cannot be created or written is fatal().
std::unique_ptr<ResultCache> openCache(const Options &O);

/// The driver-only check that records included files; on in \p Checks.
std::string withIncludeRecorder(const std::optional<std::string> &Checks);
/// Starts recording on this thread (the analysis runs on it).
void startRecordingIncludes();
/// What was recorded on this thread since startRecordingIncludes().
IncludedFiles takeRecordedIncludes();

} // namespace retrylint

#endif
