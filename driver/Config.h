// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which checks run, with which options: retrylint's defaults, the
// .clang-tidy files next to the sources (or --config), and the command
// line's --checks and --header-filter on top.

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

  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> provider() const;
  /// The checks enabled for \p File.
  std::vector<std::string> checksFor(const std::string &File) const;
};

/// The set-up the command line asks for; an unknown check in --checks or a
/// malformed --config is fatal().
Setup makeSetup(const Options &O);

/// Every .clang-tidy from each file's directory upwards must parse;
/// clang-tidy itself only prints a warning and carries on without it.
void validateConfigFiles(const std::vector<std::string> &Files);

/// --list-checks: the checks enabled for the first path (or the working
/// directory).
void listChecks(const Setup &S, const Options &O);

} // namespace retrylint

#endif
