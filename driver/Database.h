// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compilation database (-p, or found next to the first path, or the
// compiler arguments after `--`) and the translation units the paths on the
// command line stand for.

#ifndef RETRYLINT_DRIVER_DATABASE_H
#define RETRYLINT_DRIVER_DATABASE_H

#include "Diff.h"
#include "Options.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace retrylint {

/// The -p database for files it knows, compiler arguments after `--` for
/// the rest (run in the working directory retrylint started in).
class CombinedDatabase : public clang::tooling::CompilationDatabase {
public:
  CombinedDatabase(std::unique_ptr<CompilationDatabase> Json,
                   std::optional<std::vector<std::string>> Fixed);
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;

private:
  std::unique_ptr<CompilationDatabase> Json;
  std::optional<std::vector<std::string>> Fixed;
  std::string Cwd;
};

/// The database the options name; a missing or unreadable one is fatal().
std::unique_ptr<CombinedDatabase> loadDatabase(const Options &O);

/// The translation units to analyze, sorted: the paths given (a directory
/// stands for the database's files under it), else the changed files of the
/// database (--diff), else all of them. A path that names nothing to
/// analyze is fatal().
std::vector<std::string>
translationUnits(const Options &O, const CombinedDatabase &DB,
                 const std::optional<ChangedLines> &Changed);

} // namespace retrylint

#endif
