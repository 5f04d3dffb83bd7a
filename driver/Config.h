// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which checks run, with which options: retrylint's defaults, the
// .clang-tidy files next to the sources (or --config), and the command
// line's --checks and --header-filter on top. Every configuration error
// (a malformed file, an unknown check, an invalid regular expression, a bad
// check option, no check enabled at all) is fatal() here, before anything
// is analyzed.

#ifndef RETRYLINT_DRIVER_CONFIG_H
#define RETRYLINT_DRIVER_CONFIG_H

#include "Options.h"
#include "clang-tidy/ClangTidyOptions.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace retrylint {

/// Everything an options provider is made from; each analysis pass copies it
/// and adds its own overrides.
struct Setup {
  clang::tidy::ClangTidyGlobalOptions Global;
  clang::tidy::ClangTidyOptions Defaults =
      clang::tidy::ClangTidyOptions::getDefaults();
  clang::tidy::ClangTidyOptions Overrides;
  std::optional<clang::tidy::ClangTidyOptions> Config; ///< --config
  bool AllowNoChecks = false; ///< no check enabled: exit 0, not an error

  /// Defaults, then the .clang-tidy files (or --config), then Overrides;
  /// when the Checks of the files never mention retry-, retry-* stays on
  /// (docs/rules.md#which-checks-run).
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> provider() const;
  /// The checks enabled for \p File.
  std::vector<std::string> checksFor(const std::string &File) const;
  /// A configuration diagnostic a check reported for \p File, as one error
  /// message naming the file or option that set the value.
  std::string describeConfigError(const std::string &File,
                                  const std::string &Message) const;
};

/// The retry-* checks \p Opts's Checks globs enable, sorted.
std::vector<std::string>
enabledRetryChecks(const clang::tidy::ClangTidyOptions &Opts);

/// The set-up the command line asks for; an unknown check in --checks, a
/// --checks that turns every check off, an invalid --header-filter or a
/// malformed --config is fatal().
Setup makeSetup(const Options &O);

/// The configuration of each of \p Files must be sound: every .clang-tidy
/// from its directory upwards parses without a diagnostic (clang-tidy
/// itself only prints a warning and carries on without it), names no
/// unknown retry-* check and no invalid regular expression; some check is
/// enabled for one of the files; and the enabled checks accept their
/// options. The first problem is fatal().
void validateConfig(const Setup &S, const std::vector<std::string> &Files);

/// --list-checks: the checks enabled for the first path (or the working
/// directory), after validateConfig() of that path.
void listChecks(const Setup &S, const Options &O);

/// --dump-config: the configuration in effect for the first path (or the
/// working directory) as .clang-tidy YAML, after validateConfig().
void dumpConfig(const Setup &S, const Options &O);

} // namespace retrylint

#endif
