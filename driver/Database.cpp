// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Database.h"
#include "Nesting.h"
#include "Paths.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
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

/// The shape clang's JSON database loader accepts: an array of objects with
/// string "directory" and "file", a string "command" or an array of string
/// "arguments", an optional string "output", and no other key. "" when
/// \p Root has it, else what is wrong.
static std::string compileCommandsShape(const llvm::json::Value &Root) {
  const llvm::json::Array *Entries = Root.getAsArray();
  if (!Entries)
    return "expected a JSON array of compile commands";
  for (size_t I = 0; I < Entries->size(); ++I) {
    std::string Entry = "entry " + std::to_string(I + 1);
    const llvm::json::Object *E = (*Entries)[I].getAsObject();
    if (!E)
      return Entry + " is not an object";
    for (const auto &KV : *E) {
      StringRef Key = KV.first;
      if (Key == "arguments") {
        const llvm::json::Array *Args = KV.second.getAsArray();
        if (!Args || llvm::any_of(*Args, [](const llvm::json::Value &A) {
              return !A.getAsString();
            }))
          return Entry + ": \"arguments\" is not an array of strings";
      } else if (Key == "directory" || Key == "file" || Key == "command" ||
                 Key == "output") {
        if (!KV.second.getAsString())
          return Entry + ": \"" + Key.str() + "\" is not a string";
      } else {
        return Entry + ": unknown key \"" + Key.str() + "\"";
      }
    }
    for (const char *Required : {"directory", "file"})
      if (!E->getString(Required))
        return Entry + " has no \"" + Required + "\" string";
    if (!E->getString("command") && !E->getArray("arguments"))
      return Entry + " has neither a \"command\" string nor an "
                     "\"arguments\" array";
    // What clang's loader accepts but cannot run: it resolves a relative
    // directory against retrylint's own working directory, and runs an
    // empty command line or file as "processing" errors.
    if (!llvm::sys::path::is_absolute(*E->getString("directory")))
      return Entry + ": \"directory\" is not an absolute path";
    if (E->getString("file")->empty())
      return Entry + ": \"file\" is empty";
    if (const llvm::json::Array *Args = E->getArray("arguments"))
      if (Args->empty())
        return Entry + ": \"arguments\" is empty";
    if (std::optional<StringRef> Cmd = E->getString("command"))
      if (Cmd->trim().empty())
        return Entry + ": \"command\" is empty";
  }
  return "";
}

[[noreturn]] static void badDatabase(const std::string &Path,
                                     const llvm::Twine &Why) {
  fatal("malformed compilation database '" + Path + "': " + Why);
}

/// Loads \p Path, a compile_commands.json, as clang's JSON plugin does, but
/// validated first: clang's loader prints its YAML parser's errors on
/// stderr (twice), then blames another kind of database, and recurses
/// without bound on nested brackets. Anything wrong is fatal(), in one line.
static std::unique_ptr<CompilationDatabase>
loadCompileCommands(const std::string &Path, bool NeedEntries) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    fatal("cannot read compilation database '" + Path +
          "': " + Buf.getError().message());
  StringRef Text = (*Buf)->getBuffer();
  if (Text.trim().empty())
    badDatabase(Path, "the file is empty");
  std::string Err;
  if (!checkJsonNesting(Text, Err))
    badDatabase(Path, Err);
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed)
    badDatabase(Path, llvm::toString(Parsed.takeError()));
  std::string Shape = compileCommandsShape(*Parsed);
  if (!Shape.empty())
    badDatabase(Path, Shape);
  if (NeedEntries && Parsed->getAsArray()->empty())
    fatal("the compilation database '" + Path + "' has no compile commands");
  // Re-serialized by llvm::json: clang's YAML-based loader then sees plain,
  // canonical JSON only.
  std::string Canonical;
  llvm::raw_string_ostream OS(Canonical);
  OS << *Parsed;
  OS.flush();
  auto Json = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Canonical, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Json)
    badDatabase(Path, StringRef(Err).split('\n').first);
  // What clang's JSON plugin wraps the database in, except the
  // interpolation of commands for files it does not list: a file outside
  // the database takes the arguments after --, or is an error, rather than
  // flags guessed from a neighbouring entry.
  return clang::tooling::inferTargetAndDriverMode(
      clang::tooling::expandResponseFiles(std::move(Json),
                                          llvm::vfs::getRealFileSystem()));
}

/// The database in \p Dir: compile_commands.json, else compile_flags.txt;
/// null when it has neither.
static std::unique_ptr<CompilationDatabase>
loadFromDirectory(StringRef Dir, bool NeedEntries) {
  llvm::SmallString<256> Json(Dir), Flags(Dir);
  llvm::sys::path::append(Json, "compile_commands.json");
  llvm::sys::path::append(Flags, "compile_flags.txt");
  if (llvm::sys::fs::exists(Json))
    return loadCompileCommands(std::string(Json), NeedEntries);
  if (llvm::sys::fs::exists(Flags)) {
    std::string Err;
    auto Fixed =
        clang::tooling::FixedCompilationDatabase::loadFromFile(Flags, Err);
    if (!Fixed)
      fatal("cannot read '" + Flags + "': " + StringRef(Err).split('\n').first);
    return Fixed;
  }
  return nullptr;
}

std::unique_ptr<CombinedDatabase> loadDatabase(const Options &O) {
  std::unique_ptr<CompilationDatabase> Json;
  bool NeedEntries = O.Paths.empty();
  if (!O.BuildPath.empty()) {
    if (!llvm::sys::fs::exists(O.BuildPath))
      fatal("build directory '" + O.BuildPath + "' does not exist");
    if (!llvm::sys::fs::is_directory(O.BuildPath))
      fatal("-p: '" + O.BuildPath + "' is not a build directory");
    Json = loadFromDirectory(O.BuildPath, NeedEntries);
    if (!Json)
      fatal("no compilation database in '" + O.BuildPath +
            "': it has no compile_commands.json (CMake: "
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  } else if (!O.FixedArgs && !O.Paths.empty()) {
    // The nearest database above the first path, as clang-tidy finds it.
    const std::string &First = O.Paths.front();
    std::string Dir =
        llvm::sys::fs::is_directory(First)
            ? absolutePath(First)
            : llvm::sys::path::parent_path(absolutePath(First)).str();
    for (StringRef D = Dir; !D.empty() && !Json;
         D = llvm::sys::path::parent_path(D))
      Json = loadFromDirectory(D, NeedEntries);
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
  llvm::sort(Files);
  Files.erase(llvm::unique(Files), Files.end());
  // A stale database (files deleted, a build directory from another
  // machine) would otherwise fail inside clang's tooling: a missing working
  // directory aborts the process.
  for (const std::string &F : Files) {
    std::vector<CompileCommand> Cmds = DB.getCompileCommands(F);
    if (Cmds.empty())
      continue;
    if (!llvm::sys::fs::is_directory(Cmds.front().Directory))
      fatal("the compile command for '" + F + "' runs in '" +
            Cmds.front().Directory +
            "', which is not a directory (a stale compilation database?)");
    if (!llvm::sys::fs::exists(
            absolutePath(Cmds.front().Filename, Cmds.front().Directory)))
      fatal("no such file: '" + F +
            "' (listed in the compilation database; is it stale?)");
  }
  return Files;
}

} // namespace retrylint
