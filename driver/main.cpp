// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint: runs the retry-* clang-tidy checks over a compilation database
// or explicit files and reports findings as text (clang-tidy's format) or
// JSON. Exit status: 0 no findings, 1 findings, 2 usage, configuration or
// compile errors.

#include "Findings.h"
#include "RetryForceLinker.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace clang;
using namespace clang::tidy;
using namespace clang::tooling;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory Category("retrylint options");

cl::list<std::string> Paths(cl::Positional, cl::desc("<file or directory>..."),
                            cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory containing "
                                             "compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string>
    ChecksOpt("checks",
              cl::desc("Comma-separated globs of checks to run (default: "
                       "retry-*, or the Checks of the nearest .clang-tidy); "
                       "overrides .clang-tidy"),
              cl::cat(Category));
cl::opt<std::string> ConfigOpt("config",
                               cl::desc("Configuration in YAML/JSON, as in "
                                        ".clang-tidy; replaces .clang-tidy"),
                               cl::cat(Category));
cl::opt<std::string>
    HeaderFilter("header-filter",
                 cl::desc("Regex of headers whose findings are reported "
                          "(default: main files only)"),
                 cl::cat(Category));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled checks"),
                         cl::cat(Category));
cl::opt<std::string> Format("format", cl::desc("Output format: text or json"),
                            cl::init("text"), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::desc("Translation units analyzed in parallel"),
                       cl::init(0), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("Print findings only: no progress or "
                                      "summary"),
                    cl::cat(Category));
cl::opt<bool>
    AllowCompileErrors("allow-compile-errors",
                       cl::desc("Report compile errors but do not let them "
                                "make the exit status 2"),
                       cl::cat(Category));
// --color=auto|always|never is parsed by hand: LLVM already registers a
// boolean -color option.
std::string Color = "auto";

[[noreturn]] void fatal(const llvm::Twine &Msg) {
  llvm::errs() << "retrylint: error: " << Msg << "\n";
  std::exit(2);
}

/// The -p database for files it knows, compiler arguments after `--` for
/// the rest.
class CombinedDatabase : public CompilationDatabase {
public:
  CombinedDatabase(std::unique_ptr<CompilationDatabase> Json,
                   std::optional<std::vector<std::string>> Fixed)
      : Json(std::move(Json)), Fixed(std::move(Fixed)) {}

  std::vector<CompileCommand>
  getCompileCommands(StringRef File) const override {
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
    SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    return {CompileCommand(Cwd, File, Args, "")};
  }
  std::vector<std::string> getAllFiles() const override {
    return Json ? Json->getAllFiles() : std::vector<std::string>{};
  }

private:
  std::unique_ptr<CompilationDatabase> Json;
  std::optional<std::vector<std::string>> Fixed;
};

std::string absolutePath(StringRef P) {
  SmallString<256> Abs(P);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string realPath(StringRef P) {
  SmallString<256> Real;
  if (llvm::sys::fs::real_path(P, Real))
    return absolutePath(P);
  return std::string(Real);
}

/// Every .clang-tidy from a file's directory upwards must parse; clang-tidy
/// itself only prints a warning and carries on without it.
void validateConfigFiles(const std::vector<std::string> &Files) {
  std::set<std::string> Seen;
  for (const std::string &File : Files) {
    SmallString<256> Dir(llvm::sys::path::parent_path(File));
    while (!Dir.empty()) {
      if (!Seen.insert(std::string(Dir)).second)
        break;
      SmallString<256> Cfg(Dir);
      llvm::sys::path::append(Cfg, ".clang-tidy");
      if (llvm::sys::fs::exists(Cfg)) {
        auto Buf = llvm::MemoryBuffer::getFile(Cfg);
        if (!Buf)
          fatal("cannot read '" + Cfg + "': " + Buf.getError().message());
        std::string Err;
        auto Parsed = parseConfigurationWithDiags(
            (*Buf)->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
              if (Err.empty())
                Err = D.getMessage().str();
            });
        if (!Parsed)
          fatal("malformed '" + Cfg + "': " +
                (Err.empty() ? Parsed.getError().message() : Err));
      }
      StringRef Parent = llvm::sys::path::parent_path(Dir);
      if (Parent == Dir)
        break;
      Dir = Parent;
    }
  }
}

struct Setup {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  ClangTidyOptions Overrides;
  std::optional<ClangTidyOptions> Config;

  std::unique_ptr<ClangTidyOptionsProvider> provider() const {
    auto FS = llvm::vfs::getRealFileSystem();
    if (Config)
      return std::make_unique<ConfigOptionsProvider>(Global, Defaults, *Config,
                                                     Overrides, FS);
    return std::make_unique<FileOptionsProvider>(Global, Defaults, Overrides,
                                                 FS);
  }
};

/// Rejects --checks globs that name no known check: a typo would otherwise
/// silently run nothing.
void validateChecksGlob(StringRef Globs) {
  auto All = getAllChecksAndOptions(false, false).Checks;
  SmallVector<StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, false);
  for (StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty() || Part.starts_with("-"))
      continue;
    GlobList G(Part);
    bool Any = false;
    for (const auto &C : All)
      if (G.contains(C.getKey())) {
        Any = true;
        break;
      }
    if (!Any)
      fatal("unknown check '" + Part + "' in --checks (see --list-checks)");
  }
}

retrylint::Location locate(const std::string &File, unsigned Offset) {
  retrylint::Location L;
  L.File = File;
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return L;
  StringRef Text = (*Buf)->getBuffer();
  Offset = std::min<unsigned>(Offset, Text.size());
  StringRef Before = Text.take_front(Offset);
  L.Line = Before.count('\n') + 1;
  size_t LastNl = Before.rfind('\n');
  L.Column = Offset - (LastNl == StringRef::npos ? 0 : LastNl + 1) + 1;
  return L;
}

retrylint::Finding toFinding(const ClangTidyError &E) {
  retrylint::Finding F;
  F.Check = E.DiagnosticName;
  F.Level = (E.DiagLevel == ClangTidyError::Error || E.IsWarningAsError)
                ? "error"
                : "warning";
  F.Loc = locate(E.Message.FilePath, E.Message.FileOffset);
  F.Message = E.Message.Message;
  for (const auto &N : E.Notes)
    F.Notes.push_back({locate(N.FilePath, N.FileOffset), N.Message});
  return F;
}

bool stderrIsTerminal() { return llvm::sys::Process::StandardErrIsDisplayed(); }

} // namespace

int main(int argc, const char **argv) {
  // Compiler arguments follow `--`; llvm::cl must not see them.
  std::vector<const char *> Args;
  std::optional<std::vector<std::string>> FixedArgs;
  for (int I = 0; I < argc; ++I) {
    StringRef A(argv[I]);
    if (I > 0 && A == "--") {
      FixedArgs.emplace(argv + I + 1, argv + argc);
      break;
    }
    if (A.consume_front("--color=") || A.consume_front("-color=")) {
      Color = A.str();
      continue;
    }
    Args.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "retrylint 0.1.0 (clang-tidy checks for retry code, LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string Err;
  llvm::raw_string_ostream ErrOS(Err);
  if (!cl::ParseCommandLineOptions(
          Args.size(), Args.data(),
          "retrylint: finds retry bugs in C and C++ code\n\n"
          "  retrylint [options] <paths...> [-- <compiler args>]\n\n"
          "  --color=auto|always|never  colored diagnostics (auto: on a "
          "terminal)\n",
          &ErrOS)) {
    ErrOS.flush();
    StringRef First = StringRef(Err).split('\n').first;
    First.consume_front(Args[0]);
    First.consume_front(": ");
    fatal(First.trim());
  }

  if (Format != "text" && Format != "json")
    fatal("unknown --format '" + Format + "' (text or json)");
  if (Color != "auto" && Color != "always" && Color != "never")
    fatal("unknown --color '" + Color + "' (auto, always or never)");

  Setup S;
  S.Defaults.Checks = "-*,retry-*";
  S.Defaults.HeaderFilterRegex = "";
  S.Defaults.SystemHeaders = false;
  if (!ChecksOpt.empty()) {
    validateChecksGlob(ChecksOpt);
    S.Overrides.Checks = ChecksOpt;
  }
  if (HeaderFilter.getNumOccurrences())
    S.Overrides.HeaderFilterRegex = HeaderFilter;
  if (!ConfigOpt.empty()) {
    std::string ParseErr;
    auto Parsed = parseConfigurationWithDiags(
        llvm::MemoryBufferRef(ConfigOpt, "--config"),
        [&](const llvm::SMDiagnostic &D) {
          if (ParseErr.empty())
            ParseErr = D.getMessage().str();
        });
    if (!Parsed)
      fatal("malformed --config: " +
            (ParseErr.empty() ? Parsed.getError().message() : ParseErr));
    S.Config = *Parsed;
  }

  if (ListChecks) {
    SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    std::string Probe = Paths.empty() ? std::string(Cwd) + "/dummy.cpp"
                                      : absolutePath(Paths.front());
    ClangTidyOptions Effective = S.provider()->getOptions(Probe);
    auto Names = getCheckNames(Effective, false, false);
    llvm::outs() << "Enabled checks:";
    for (const std::string &N : Names)
      llvm::outs() << "\n    " << N;
    llvm::outs() << "\n\n";
    return 0;
  }

  // The compilation database: -p, else arguments after --, else found
  // next to the first path.
  std::unique_ptr<CompilationDatabase> Json;
  if (!BuildPath.empty()) {
    if (!llvm::sys::fs::is_directory(BuildPath) &&
        !llvm::sys::fs::exists(BuildPath))
      fatal("build directory '" + BuildPath + "' does not exist");
    std::string LoadErr;
    Json = CompilationDatabase::loadFromDirectory(BuildPath, LoadErr);
    if (!Json)
      fatal("no compilation database in '" + BuildPath +
            "': " + StringRef(LoadErr).split('\n').first);
  } else if (!FixedArgs && !Paths.empty()) {
    std::string LoadErr;
    Json = CompilationDatabase::autoDetectFromDirectory(
        llvm::sys::fs::is_directory(Paths.front())
            ? Paths.front()
            : llvm::sys::path::parent_path(absolutePath(Paths.front())),
        LoadErr);
    if (!Json)
      fatal("no compilation database found for '" + Paths.front() +
            "': pass -p <build-dir> or compiler arguments after --");
  }
  if (Paths.empty() && !Json)
    fatal("no input files (usage: retrylint [options] <paths...> [-- "
          "<compiler args>])");
  CombinedDatabase DB(std::move(Json), FixedArgs);

  // Expand the paths into translation units.
  std::vector<std::string> Files;
  std::vector<std::string> DbFiles = DB.getAllFiles();
  if (Paths.empty())
    Files = DbFiles;
  for (const std::string &P : Paths) {
    if (!llvm::sys::fs::exists(P))
      fatal("no such file or directory: '" + P + "'");
    if (llvm::sys::fs::is_directory(P)) {
      std::string Dir = realPath(P);
      size_t Before = Files.size();
      for (const std::string &F : DbFiles) {
        std::string RF = realPath(F);
        if (StringRef(RF).starts_with(Dir + "/"))
          Files.push_back(F);
      }
      if (Files.size() == Before)
        fatal("no translation unit under '" + P +
              "' in the compilation database" +
              (BuildPath.empty() ? " (pass -p <build-dir>)" : ""));
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
  validateConfigFiles(Files);

  // Analyze translation units in parallel; each worker has its own context.
  unsigned NumJobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  NumJobs = std::min<unsigned>(NumJobs, Files.size());
  std::vector<std::vector<ClangTidyError>> Results(Files.size());
  std::atomic<size_t> Next{0}, Done{0};
  std::mutex ProgressMu;
  bool Progress = !Quiet && Files.size() > 1 && stderrIsTerminal();
  auto Worker = [&] {
    for (size_t I; (I = Next++) < Files.size();) {
      if (Progress) {
        std::lock_guard<std::mutex> Lock(ProgressMu);
        llvm::errs() << "\r\033[K[" << (Done + 1) << "/" << Files.size()
                     << "] " << Files[I];
      }
      ClangTidyContext Ctx(S.provider(), false, false, false);
      auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
          llvm::vfs::getRealFileSystem());
      Results[I] = runClangTidy(Ctx, DB, {Files[I]}, FS, false, false, "",
                                /*Quiet=*/true);
      ++Done;
    }
  };
  std::vector<std::thread> Threads;
  for (unsigned J = 1; J < NumJobs; ++J)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &T : Threads)
    T.join();
  if (Progress)
    llvm::errs() << "\r\033[K";

  std::vector<retrylint::Finding> Findings;
  bool ConfigError = false, CompileError = false;
  for (const auto &TU : Results)
    for (const ClangTidyError &E : TU) {
      retrylint::Finding F = toFinding(E);
      if (F.Check == "clang-tidy-config") {
        ConfigError = true;
        F.Level = "error";
      }
      else if (F.Level == "error" &&
               StringRef(F.Check).starts_with("clang-diagnostic"))
        CompileError = true;
      Findings.push_back(std::move(F));
    }
  std::sort(Findings.begin(), Findings.end());
  // Headers are seen by several TUs; report each finding once.
  Findings.erase(std::unique(Findings.begin(), Findings.end()), Findings.end());

  size_t Warnings = 0;
  for (const auto &F : Findings)
    if (StringRef(F.Check).starts_with("retry-"))
      ++Warnings;
  if (Format == "json") {
    retrylint::writeJson(std::cout, Findings);
  } else {
    retrylint::TextStyle Style;
    Style.Color = Color == "always" ||
                  (Color == "auto" && llvm::sys::Process::StandardOutIsDisplayed());
    retrylint::writeText(std::cout, Findings, Style);
  }
  std::cout.flush();
  if (!Quiet)
    llvm::errs() << "retrylint: " << Warnings << " finding"
                 << (Warnings == 1 ? "" : "s") << " in " << Files.size()
                 << " translation unit" << (Files.size() == 1 ? "" : "s")
                 << "\n";
  if (ConfigError)
    return 2;
  if (CompileError && !AllowCompileErrors) {
    llvm::errs() << "retrylint: error: compile errors (shown above); fix "
                    "them or pass --allow-compile-errors\n";
    return 2;
  }
  return Warnings ? 1 : 0;
}
