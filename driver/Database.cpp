// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Database.h"
#include "Paths.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <set>

using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;
using llvm::StringRef;

namespace retrylint {

CombinedDatabase::CombinedDatabase(
    std::unique_ptr<CompilationDatabase> Json,
    std::optional<std::vector<std::string>> Fixed)
    : Json(std::move(Json)), Fixed(std::move(Fixed)), Cwd(absolutePath(".")) {}

std::vector<CompileCommand>
CombinedDatabase::getCompileCommands(StringRef File) const {
  if (Json) {
    auto Cmds = Json->getCompileCommands(File);
    if (!Cmds.empty())
      return Cmds;
  }
  if (!Fixed)
    return {};
  std::vector<std::string> Args{"clang-tool"};
  Args.insert(Args.end(), Fixed->begin(), Fixed->end());
  Args.push_back(File.str());
  return {CompileCommand(Cwd, File, Args, "")};
}

std::vector<std::string> CombinedDatabase::getAllFiles() const {
  return Json ? Json->getAllFiles() : std::vector<std::string>{};
}

std::unique_ptr<CombinedDatabase> loadDatabase(const Options &O) {
  std::unique_ptr<CompilationDatabase> Json;
  if (!O.BuildPath.empty()) {
    if (!llvm::sys::fs::is_directory(O.BuildPath) &&
        !llvm::sys::fs::exists(O.BuildPath))
      fatal("build directory '" + O.BuildPath + "' does not exist");
    std::string LoadErr;
    Json = CompilationDatabase::loadFromDirectory(O.BuildPath, LoadErr);
    if (!Json)
      fatal("no compilation database in '" + O.BuildPath +
            "': " + StringRef(LoadErr).split('\n').first);
  } else if (!O.FixedArgs && !O.Paths.empty()) {
    const std::string &First = O.Paths.front();
    std::string LoadErr;
    Json = CompilationDatabase::autoDetectFromDirectory(
        llvm::sys::fs::is_directory(First)
            ? First
            : llvm::sys::path::parent_path(absolutePath(First)),
        LoadErr);
    if (!Json)
      fatal("no compilation database found for '" + First +
            "': pass -p <build-dir> or compiler arguments after --");
  }
  if (O.Paths.empty() && !Json)
    fatal("no input files (usage: retrylint [options] <paths...> [-- "
          "<compiler args>])");
  return std::make_unique<CombinedDatabase>(std::move(Json), O.FixedArgs);
}

std::vector<std::string>
translationUnits(const Options &O, const CombinedDatabase &DB,
                 const std::optional<ChangedLines> &Changed) {
  std::vector<std::string> Files;
  std::vector<std::string> DbFiles = DB.getAllFiles();
  if (O.Paths.empty() && Changed) {
    // Only the changed translation units.
    std::set<std::string> ChangedFiles;
    for (const std::string &F : Changed->files())
      ChangedFiles.insert(F);
    for (const std::string &F : DbFiles)
      if (ChangedFiles.count(canonicalPath(F)))
        Files.push_back(F);
  } else if (O.Paths.empty()) {
    Files = DbFiles;
  }
  for (const std::string &P : O.Paths) {
    if (!llvm::sys::fs::exists(P))
      fatal("no such file or directory: '" + P + "'");
    if (llvm::sys::fs::is_directory(P)) {
      std::string Dir = canonicalPath(P);
      size_t Before = Files.size();
      for (const std::string &F : DbFiles)
        if (StringRef(canonicalPath(F)).starts_with(Dir + "/"))
          Files.push_back(F);
      if (Files.size() == Before)
        fatal("no translation unit under '" + P +
              "' in the compilation database" +
              (O.BuildPath.empty() ? " (pass -p <build-dir>)" : ""));
      continue;
    }
    std::string Abs = absolutePath(P);
    if (DB.getCompileCommands(Abs).empty())
      fatal("no compile command for '" + P +
            "': it is not in the compilation database; pass compiler "
            "arguments after --");
    Files.push_back(Abs);
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

} // namespace retrylint
