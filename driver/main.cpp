// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint: runs the retry-* clang-tidy checks over a compilation database
// or explicit files and reports findings as text (clang-tidy's format), JSON
// or SARIF, optionally against a baseline or limited to changed lines.
// Subcommands: `retrylint init` (editor set-up, Init.cpp) and `retrylint
// explain CHECK` (probe readings, Explain.cpp). Exit status: 0 no findings,
// 1 findings, 2 usage, configuration or compile errors.

#include "Baseline.h"
#include "Diff.h"
#include "Explain.h"
#include "Findings.h"
#include "Init.h"
#include "RetryForceLinker.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "model/Facts.h"
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
cl::opt<std::string> Format("format",
                            cl::desc("Output format: text, json or sarif "
                                     "(SARIF 2.1.0)"),
                            cl::init("text"), cl::cat(Category));
cl::opt<bool> Evidence("evidence",
                       cl::desc("With --format=sarif: run each enabled "
                                "check's probe scenarios and embed the "
                                "readings in its rule's properties"),
                       cl::cat(Category));
cl::opt<std::string>
    BaselineFile("baseline",
                 cl::desc("Report and fail only on findings that are not in "
                          "this baseline file; list entries that no longer "
                          "occur"),
                 cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    WriteBaselineFile("write-baseline",
                      cl::desc("Record the current findings in this baseline "
                               "file and exit 0"),
                      cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    DiffRev("diff",
            cl::desc("Report only findings on lines changed since the git "
                     "revision (git diff -U0 <rev>), or in the unified diff "
                     "read from stdin with --diff=-; a finding whose notes "
                     "touch a changed line is kept. Without paths, analyzes "
                     "the changed files of the compilation database"),
            cl::value_desc("rev|-"), cl::cat(Category));
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
cl::opt<std::string> ExportFacts(
    "export-facts",
    cl::desc("Write each translation unit's retry facts (functions that "
             "retry, and what they call) as JSON files into this directory, "
             "for a later --facts run"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> FactsDir(
    "facts",
    cl::desc("Read retry facts written by --export-facts, so retry layers in "
             "other translation units are seen. Given with --export-facts "
             "and the same directory, runs both passes: facts first, then "
             "the analysis"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> CrossTu("cross-tu",
                      cl::desc("Both passes in one run, with the facts in a "
                               "temporary directory"),
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
  if (argc > 1 && (StringRef(argv[1]) == "init" ||
                   StringRef(argv[1]) == "explain")) {
    std::vector<std::string> Sub(argv + 2, argv + argc);
    return StringRef(argv[1]) == "init" ? retrylint::runInit(Sub)
                                        : retrylint::runExplain(Sub);
  }
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
    OS << "retrylint " RETRYLINT_VERSION " (clang-tidy checks for retry code, LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string Err;
  llvm::raw_string_ostream ErrOS(Err);
  if (!cl::ParseCommandLineOptions(
          Args.size(), Args.data(),
          "retrylint: finds retry bugs in C and C++ code\n\n"
          "  retrylint [options] <paths...> [-- <compiler args>]\n"
          "  retrylint init [--force] [dir]      set up .clang-tidy and "
          ".clangd\n"
          "  retrylint explain <check>           run the check's probe "
          "scenarios\n\n"
          "  --color=auto|always|never  colored diagnostics (auto: on a "
          "terminal)\n",
          &ErrOS)) {
    ErrOS.flush();
    StringRef First = StringRef(Err).split('\n').first;
    First.consume_front(Args[0]);
    First.consume_front(": ");
    fatal(First.trim());
  }

  if (Format != "text" && Format != "json" && Format != "sarif")
    fatal("unknown --format '" + Format + "' (text, json or sarif)");
  if (Evidence && Format != "sarif")
    fatal("--evidence needs --format=sarif");
  if (!WriteBaselineFile.empty() && !DiffRev.empty())
    fatal("--write-baseline records every finding; it cannot be combined "
          "with --diff");
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

  // --diff: the changed lines, read before anything is analyzed.
  std::optional<retrylint::ChangedLines> Changed;
  if (DiffRev.getNumOccurrences()) {
    if (DiffRev.empty())
      fatal("--diff needs a git revision, or - to read a diff from stdin");
    Changed.emplace();
    std::string DiffErr;
    if (DiffRev == "-") {
      auto In = llvm::MemoryBuffer::getSTDIN();
      if (!In)
        fatal("cannot read the diff from stdin: " + In.getError().message());
      SmallString<256> Cwd;
      llvm::sys::fs::current_path(Cwd);
      if (!retrylint::parseUnifiedDiff((*In)->getBuffer().str(),
                                       std::string(Cwd), *Changed, DiffErr))
        fatal("--diff -: " + DiffErr);
    } else if (!retrylint::gitDiff(DiffRev, *Changed, DiffErr)) {
      fatal("--diff " + DiffRev + ": " + DiffErr);
    }
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
  if (Paths.empty() && Changed) {
    // Only the changed translation units.
    std::set<std::string> ChangedFiles;
    for (const std::string &F : Changed->files())
      ChangedFiles.insert(F);
    for (const std::string &F : DbFiles)
      if (ChangedFiles.count(realPath(F)))
        Files.push_back(F);
  } else if (Paths.empty()) {
    Files = DbFiles;
  }
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
  if (Files.empty() && Changed && !Quiet)
    llvm::errs() << "retrylint: --diff " << DiffRev
                 << ": no changed translation unit in the compilation "
                    "database\n";

  // Cross-TU facts: one pass writes them, the next reads them. Both passes
  // in one run when the two directories are the same (or --cross-tu).
  SmallString<256> TempFacts;
  if (CrossTu) {
    if (!ExportFacts.empty() || !FactsDir.empty())
      fatal("--cross-tu picks its own facts directory; it cannot be combined "
            "with --export-facts or --facts");
    if (std::error_code EC =
            llvm::sys::fs::createUniqueDirectory("retrylint-facts", TempFacts))
      fatal("cannot create a temporary facts directory: " + EC.message());
    ExportFacts = std::string(TempFacts);
    FactsDir = std::string(TempFacts);
  }
  std::string ExportDir =
      ExportFacts.empty() ? std::string() : absolutePath(ExportFacts);
  std::string ImportDir =
      FactsDir.empty() ? std::string() : absolutePath(FactsDir);
  bool TwoPass = !ExportDir.empty() && ExportDir == ImportDir;
  if (!ExportDir.empty())
    if (std::error_code EC = llvm::sys::fs::create_directories(ExportDir))
      fatal("cannot create facts directory '" + ExportFacts +
            "': " + EC.message());
  if (!ImportDir.empty() && !TwoPass) {
    std::string FactsErr;
    if (!clang::tidy::retry::model::FactsDb::load(ImportDir, FactsErr))
      fatal("--facts: " + FactsErr);
  }
  const std::string FactsOpt = "retry-nested-layers.FactsDirectory";
  const std::string ExportOpt = "retry-nested-layers.ExportFactsDirectory";

  // ClangTool changes the process's working directory to each compile
  // command's directory and back; with several workers one may "restore" a
  // directory another one set. Put the user's back afterwards: relative
  // paths given on the command line (--baseline, ...) are relative to it.
  SmallString<256> InitialCwd;
  llvm::sys::fs::current_path(InitialCwd);

  // Analyze translation units in parallel; each worker has its own context.
  unsigned NumJobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  NumJobs = std::max(1u, std::min<unsigned>(NumJobs, Files.size()));
  bool Progress = !Quiet && Files.size() > 1 && stderrIsTerminal();
  auto Analyze = [&](const Setup &Cfg, const std::vector<std::string> &Which,
                     StringRef Label) {
    std::vector<std::vector<ClangTidyError>> Out(Which.size());
    std::atomic<size_t> Next{0}, Done{0};
    std::mutex ProgressMu;
    auto Worker = [&] {
      for (size_t I; (I = Next++) < Which.size();) {
        if (Progress) {
          std::lock_guard<std::mutex> Lock(ProgressMu);
          llvm::errs() << "\r\033[K" << Label << "[" << (Done + 1) << "/"
                       << Which.size() << "] " << Which[I];
        }
        ClangTidyContext Ctx(Cfg.provider(), false, false, false);
        auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
            llvm::vfs::getRealFileSystem());
        Out[I] = runClangTidy(Ctx, DB, {Which[I]}, FS, false, false, "",
                              /*Quiet=*/true);
        ++Done;
      }
    };
    unsigned Workers =
        std::max<size_t>(1, std::min<size_t>(NumJobs, Which.size()));
    std::vector<std::thread> Threads;
    for (unsigned J = 1; J < Workers; ++J)
      Threads.emplace_back(Worker);
    Worker();
    for (std::thread &T : Threads)
      T.join();
    llvm::sys::fs::set_current_path(InitialCwd);
    if (Progress)
      llvm::errs() << "\r\033[K";
    return Out;
  };
  const std::string Nested = "retry-nested-layers";
  std::vector<std::vector<ClangTidyError>> Results;
  if (TwoPass) {
    // Pass 1: every enabled check, and every TU writes its facts (the
    // facts check is on even where the configuration turns it off; its
    // findings are dropped there below).
    Setup Pass1 = S;
    Pass1.Overrides.Checks =
        S.Overrides.Checks ? *S.Overrides.Checks + "," + Nested : Nested;
    Pass1.Overrides.CheckOptions[ExportOpt] =
        ClangTidyOptions::ClangTidyValue(ExportDir);
    Results = Analyze(Pass1, Files, "");
    // Pass 2: only the TUs whose nested layers reach into another TU, and
    // only that check, now reading the facts.
    std::vector<std::string> Need;
    std::string NeedErr;
    if (!clang::tidy::retry::model::unitsNeedingFacts(ImportDir, Need, NeedErr))
      fatal("--facts: " + NeedErr);
    std::set<std::string> NeedReal;
    for (const std::string &N : Need)
      NeedReal.insert(realPath(N));
    std::vector<size_t> Index;
    std::vector<std::string> Again;
    for (size_t I = 0; I < Files.size(); ++I)
      if (NeedReal.count(realPath(Files[I]))) {
        Index.push_back(I);
        Again.push_back(Files[I]);
      }
    if (!Again.empty()) {
      Setup Pass2 = S;
      Pass2.Overrides.Checks = "-*," + Nested;
      Pass2.Overrides.CheckOptions[FactsOpt] =
          ClangTidyOptions::ClangTidyValue(ImportDir);
      std::vector<std::vector<ClangTidyError>> Again2 =
          Analyze(Pass2, Again, "facts ");
      for (size_t K = 0; K < Again.size(); ++K) {
        auto &R = Results[Index[K]];
        R.erase(std::remove_if(R.begin(), R.end(),
                               [&](const ClangTidyError &E) {
                                 return E.DiagnosticName == Nested;
                               }),
                R.end());
        for (ClangTidyError &E : Again2[K])
          if (E.DiagnosticName == Nested)
            R.push_back(std::move(E));
      }
    }
  } else {
    Setup Run = S;
    if (!ExportDir.empty()) {
      // Every TU writes its facts, whatever the configuration enables.
      Run.Overrides.Checks =
          S.Overrides.Checks ? *S.Overrides.Checks + "," + Nested : Nested;
      Run.Overrides.CheckOptions[ExportOpt] =
          ClangTidyOptions::ClangTidyValue(ExportDir);
    }
    if (!ImportDir.empty())
      Run.Overrides.CheckOptions[FactsOpt] =
          ClangTidyOptions::ClangTidyValue(ImportDir);
    Results = Analyze(Run, Files, "");
  }
  if (!ExportDir.empty()) {
    // The facts check ran everywhere; where the configuration does not
    // enable it, its findings go.
    std::unique_ptr<ClangTidyOptionsProvider> P = S.provider();
    for (size_t I = 0; I < Files.size(); ++I) {
      auto Names = getCheckNames(P->getOptions(Files[I]), false, false);
      if (llvm::is_contained(Names, Nested))
        continue;
      auto &R = Results[I];
      R.erase(std::remove_if(R.begin(), R.end(),
                             [&](const ClangTidyError &E) {
                               return E.DiagnosticName == Nested;
                             }),
              R.end());
    }
  }
  if (!TempFacts.empty())
    llvm::sys::fs::remove_directories(TempFacts);

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

  auto IsRetry = [](const retrylint::Finding &F) {
    return StringRef(F.Check).starts_with("retry-");
  };

  // Baseline: record the findings, or drop the ones it records.
  std::string BaselineNote;
  std::vector<retrylint::BaselineEntry> Gone;
  if (!WriteBaselineFile.empty()) {
    std::string BErr;
    size_t Recorded = std::count_if(Findings.begin(), Findings.end(), IsRetry);
    int Entries = retrylint::writeBaseline(WriteBaselineFile, Findings, BErr);
    if (Entries < 0)
      fatal(BErr);
    Findings.erase(std::remove_if(Findings.begin(), Findings.end(), IsRetry),
                   Findings.end());
    BaselineNote = "retrylint: wrote " + std::to_string(Recorded) + " finding" +
                   (Recorded == 1 ? "" : "s") + " (" + std::to_string(Entries) +
                   " entr" + (Entries == 1 ? "y" : "ies") + ") to " +
                   WriteBaselineFile;
  } else if (!BaselineFile.empty()) {
    // Entries of files that were not analyzed are not "gone".
    std::set<std::string> Analyzed;
    if (!Paths.empty() || Changed)
      Analyzed.insert(Files.begin(), Files.end());
    retrylint::BaselineMatch M;
    std::string BErr;
    if (!retrylint::applyBaseline(BaselineFile, Findings, Analyzed, M, BErr))
      fatal(BErr);
    Findings = std::move(M.Remaining);
    Gone = std::move(M.Gone);
    if (M.Matched)
      BaselineNote = "retrylint: " + std::to_string(M.Matched) + " finding" +
                     (M.Matched == 1 ? "" : "s") + " in the baseline " +
                     BaselineFile + " not reported";
  }

  // --diff: findings on changed lines, or whose notes touch one.
  size_t OffDiff = 0;
  if (Changed) {
    std::vector<retrylint::Finding> Kept;
    for (retrylint::Finding &F : Findings) {
      if (IsRetry(F) && !Changed->touches(F)) {
        ++OffDiff;
        continue;
      }
      Kept.push_back(std::move(F));
    }
    Findings = std::move(Kept);
  }

  size_t Warnings = 0;
  for (const auto &F : Findings)
    if (IsRetry(F))
      ++Warnings;
  if (Format == "json") {
    retrylint::writeJson(std::cout, Findings);
  } else if (Format == "sarif") {
    retrylint::SarifOptions SO;
    SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    SO.SrcRoot = realPath(Cwd);
    SO.ToolVersion = RETRYLINT_VERSION;
    std::set<std::string> Enabled;
    std::unique_ptr<ClangTidyOptionsProvider> P = S.provider();
    for (const std::string &F :
         Files.empty() ? std::vector<std::string>{SO.SrcRoot + "/dummy.cpp"}
                       : Files)
      for (const std::string &N : getCheckNames(P->getOptions(F), false, false))
        if (StringRef(N).starts_with("retry-"))
          Enabled.insert(N);
    // A check named in a finding is a rule even if a NOLINT-free config
    // change hid it from some files.
    for (const auto &F : Findings)
      if (IsRetry(F))
        Enabled.insert(F.Check);
    SO.Checks.assign(Enabled.begin(), Enabled.end());
    if (!BaselineFile.empty())
      SO.BaselineState = "new";
    if (Evidence) {
      if (!retrylint::haveProbe())
        fatal("--evidence: this retrylint was built without the runtime "
              "probe");
      bool AllMatch = true;
      SO.Evidence = retrylint::probeEvidence(SO.Checks, AllMatch);
      if (!AllMatch)
        llvm::errs() << "retrylint: warning: a probe reading contradicts its "
                        "claim (see the rule's evidence)\n";
    }
    // Make the paths the writer relativizes real, like the root.
    for (auto &F : Findings) {
      if (!F.Loc.File.empty())
        F.Loc.File = realPath(F.Loc.File);
      for (auto &N : F.Notes)
        if (!N.Loc.File.empty())
          N.Loc.File = realPath(N.Loc.File);
    }
    retrylint::writeSarif(std::cout, Findings, SO);
  } else {
    retrylint::TextStyle Style;
    Style.Color = Color == "always" ||
                  (Color == "auto" && llvm::sys::Process::StandardOutHasColors());
    retrylint::writeText(std::cout, Findings, Style);
  }
  std::cout.flush();
  if (!Quiet) {
    llvm::errs() << "retrylint: " << Warnings << " finding"
                 << (Warnings == 1 ? "" : "s") << " in " << Files.size()
                 << " translation unit" << (Files.size() == 1 ? "" : "s")
                 << "\n";
    if (!BaselineNote.empty())
      llvm::errs() << BaselineNote << "\n";
    if (OffDiff)
      llvm::errs() << "retrylint: " << OffDiff << " finding"
                   << (OffDiff == 1 ? "" : "s")
                   << " outside the changed lines not reported\n";
    for (const auto &G : Gone)
      llvm::errs() << "retrylint: baseline entry no longer occurs: "
                   << G.Path << ": [" << G.Check << "] " << G.Text
                   << (G.Count > 1 ? " (x" + std::to_string(G.Count) + ")"
                                   : std::string())
                   << "\n";
    if (!Gone.empty())
      llvm::errs() << "retrylint: " << Gone.size() << " baseline entr"
                   << (Gone.size() == 1 ? "y no longer occurs" : "ies no longer occur")
                   << "; shrink the baseline with --write-baseline "
                   << BaselineFile << "\n";
  }
  if (ConfigError)
    return 2;
  if (CompileError && !AllowCompileErrors) {
    llvm::errs() << "retrylint: error: compile errors (shown above); fix "
                    "them or pass --allow-compile-errors\n";
    return 2;
  }
  return Warnings ? 1 : 0;
}
