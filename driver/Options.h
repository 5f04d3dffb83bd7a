// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver's command line, parsed once into plain values, and the error
// contract every part of the driver follows: a usage, configuration or input
// error is one `retrylint: error: ...` line on stderr and exit status 2.

#ifndef RETRYLINT_DRIVER_OPTIONS_H
#define RETRYLINT_DRIVER_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace retrylint {

/// Prints `retrylint: error: <Msg>` on stderr and exits 2. Line breaks and
/// other control characters in \p Msg are escaped: the error is one line.
[[noreturn]] void fatal(const llvm::Twine &Msg);

/// \p Text with line breaks and control characters escaped (\n, \x01).
std::string oneLine(llvm::StringRef Text);

struct Options {
  std::vector<std::string> Paths;
  std::string BuildPath;                   ///< -p
  std::optional<std::string> Checks;       ///< --checks
  std::optional<std::string> Config;       ///< --config (or --config-file)
  std::string ConfigLabel = "--config";    ///< how errors name it
  std::optional<std::string> HeaderFilter; ///< --header-filter
  std::optional<std::string> ExcludeHeaderFilter; ///< --exclude-header-filter
  std::optional<bool> SystemHeaders;              ///< --system-headers
  std::string LineFilter;                         ///< --line-filter (JSON)
  std::vector<std::string> ExtraArgs;             ///< --extra-arg
  std::vector<std::string> ExtraArgsBefore;       ///< --extra-arg-before
  std::optional<std::string> WarningsAsErrors;    ///< --warnings-as-errors
  bool DumpConfig = false, VerifyConfig = false;
  bool Fix = false, FixErrors = false, FixNotes = false; ///< --fix*
  std::string ExportFixes;                               ///< --export-fixes
  std::vector<std::string> RemovedArgs;                  ///< --removed-arg
  bool AllowNoChecks = false;                            ///< --allow-no-checks
  bool ListChecks = false;
  std::string Format = "text"; ///< text, json or sarif
  bool Evidence = false;
  std::string Baseline, WriteBaseline;
  std::optional<std::string> DiffRev; ///< a revision, or "-" for stdin
  unsigned Jobs = 0;                  ///< -j; 0: one per hardware thread
  bool Quiet = false;
  bool AllowCompileErrors = false;
  std::string ExportFacts, Facts;
  bool CrossTu = false;
  std::optional<std::string> Trace; ///< --trace FILE:LINE
  std::string Color = "auto"; ///< auto, always or never
  /// --cache-dir; unset: RETRYLINT_CACHE_DIR; empty: no cache.
  std::optional<std::string> CacheDir;
  uint64_t CacheMaxSize = 512ULL << 20;    ///< --cache-max-size
  unsigned ShardIndex = 0, ShardCount = 0; ///< --shard=K/N; 0: unsharded
  std::string MergeShards;                 ///< --merge-shards
  std::string DocsUrl; ///< --docs-url, else the build's; "": no help links
  /// Compiler arguments after `--`, for files without a database entry.
  std::optional<std::vector<std::string>> FixedArgs;
};

/// Parses and checks the command line (subcommands excluded); a bad one is
/// fatal().
Options parseCommandLine(int Argc, const char **Argv);

} // namespace retrylint

#endif
