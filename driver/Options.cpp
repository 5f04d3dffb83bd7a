// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Options.h"
#include "Cache.h"
#include "CheckCatalog.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <unistd.h>

namespace cl = llvm::cl;
using llvm::StringRef;

namespace retrylint {

std::string oneLine(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\r')
      Out += "\\r";
    else if (C == '\t')
      Out += ' ';
    else if (static_cast<unsigned char>(C) < 0x20 || C == 0x7f)
      Out += "\\x" + llvm::utohexstr(static_cast<unsigned char>(C), false, 2);
    else
      Out += C;
  }
  return Out;
}

void fatal(const llvm::Twine &Msg) {
  // One line whatever the message quotes: a path, a revision or a value
  // from the command line may hold a line break.
  llvm::errs() << "retrylint: error: " << oneLine(Msg.str()) << "\n";
  std::exit(2);
}

namespace {

cl::OptionCategory Category("retrylint options");

cl::list<std::string> Paths(cl::Positional, cl::desc("<file or directory>..."),
                            cl::cat(Category));
cl::opt<std::string> BuildPath("p",
                               cl::desc("Build directory containing "
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
                          "(default '.*', every non-system header, as in "
                          "clang-tidy 22); overrides HeaderFilterRegex"),
                 cl::cat(Category));
// clang-tidy 22's own flags, with its meanings and defaults.
cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Regex of headers whose findings are not reported; overrides "
             "ExcludeHeaderFilterRegex"),
    cl::cat(Category));
cl::opt<bool> SystemHeaders("system-headers",
                            cl::desc("Report findings in system headers too; "
                                     "overrides SystemHeaders"),
                            cl::cat(Category));
cl::opt<std::string>
    LineFilter("line-filter",
               cl::desc("Files and line ranges to report findings from, as in "
                        "clang-tidy: [{\"name\":\"a.cpp\",\"lines\":[[1,3]]},"
                        "{\"name\":\"b.h\"}] (turns the result cache off)"),
               cl::cat(Category));
cl::list<std::string> ExtraArgs(
    "extra-arg",
    cl::desc("Additional argument to append to the compiler command line"),
    cl::cat(Category));
cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compiler command line"),
    cl::cat(Category));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Checks whose findings are errors (globs, as --checks); "
             "overrides WarningsAsErrors"),
    cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the suggested fixes (not while there "
                           "are compile errors, unless --fix-errors)"),
                  cl::cat(Category));
cl::opt<bool> FixErrors("fix-errors",
                        cl::desc("Apply the suggested fixes even if there are "
                                 "compile errors (implies --fix)"),
                        cl::cat(Category));
cl::opt<bool> FixNotes("fix-notes",
                       cl::desc("When a finding has no fix but one of its "
                                "notes has the only one, apply that (implies "
                                "--fix)"),
                       cl::cat(Category));
cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("Write the findings and their fixes as YAML for "
                         "clang-apply-replacements"),
                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("Read the configuration from this file, as --config would "
             "take it (not with --config)"),
    cl::value_desc("file"), cl::cat(Category));
cl::list<std::string> RemovedArgs(
    "removed-arg",
    cl::desc("Argument to remove from every compile command (before "
             "--extra-arg and --extra-arg-before are added)"),
    cl::cat(Category));
cl::opt<bool> AllowNoChecks("allow-no-checks",
                            cl::desc("Exit 0 instead of an error when the "
                                     "configuration enables no check"),
                            cl::cat(Category));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("Print the configuration in effect for the "
                                  "first path (as .clang-tidy YAML) and exit"),
                         cl::cat(Category));
cl::opt<bool> VerifyConfig("verify-config",
                           cl::desc("Check the configuration for the paths "
                                    "and exit: 0 and \"No config errors "
                                    "detected.\", else the error and 2"),
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
cl::opt<bool> Quiet("quiet",
                    cl::desc("Print findings only: no progress or "
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
cl::opt<std::string>
    TraceOpt("trace",
             cl::desc("Print the model's reading of the loop, recursive call, "
                      "goto or retry-helper call at this line (is it a retry "
                      "site and why; operations, key, outcomes, cap, "
                      "deadline, waits, jitter) instead of findings"),
             cl::value_desc("file:line"), cl::cat(Category));
cl::opt<bool> CrossTu("cross-tu",
                      cl::desc("Both passes in one run, with the facts in a "
                               "temporary directory"),
                      cl::cat(Category));

cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Replay each translation unit's findings from this cache "
             "directory while nothing it depends on changed (sources, included "
             "files, options, compile command, facts, retrylint itself); "
             "default: $RETRYLINT_CACHE_DIR; an empty value turns it off"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> CacheMaxSize(
    "cache-max-size",
    cl::desc("Bound of the cache directory; the least recently used entries "
             "go first (default 512M; K, M or G suffix)"),
    cl::value_desc("size"), cl::init("512M"), cl::cat(Category));
cl::opt<std::string> Shard(
    "shard",
    cl::desc("Analyze only shard K of N of the translation units (each unit "
             "is in exactly one, by a hash of its path relative to the working "
             "directory: run every shard from the repository root). With "
             "--export-facts, also write the shard's results there for "
             "--merge-shards"),
    cl::value_desc("K/N"), cl::cat(Category));
cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Base URL of the check pages (docs/checks/) for help links: "
             "SARIF's helpUri is <url><check>.md (default: the one set at "
             "build time; none: no link)"),
    cl::value_desc("url"), cl::cat(Category));
cl::opt<std::string> MergeShards(
    "merge-shards",
    cl::desc("Merge the facts and results of every --shard run copied into "
             "this directory, run the cross-TU pass and report the whole "
             "run's findings (needs -p)"),
    cl::value_desc("dir"), cl::cat(Category));

} // namespace

/// --shard=K/N with 1 <= K <= N.
static void parseShard(StringRef Value, unsigned &K, unsigned &N) {
  auto [KText, NText] = Value.split('/');
  if (KText.getAsInteger(10, K) || NText.getAsInteger(10, N) || K < 1 ||
      N < 1 || K > N || !llvm::all_of(KText, llvm::isDigit) ||
      !llvm::all_of(NText, llvm::isDigit))
    fatal("--shard: '" + Value +
          "' is not K/N with 1 <= K <= N (shard K of N shards)");
}

/// -j N, -jN, -j=N, --jobs=N, --jobs N (make's, ninja's and
/// run-clang-tidy's spellings). Parsed by hand: llvm::cl reads "-j2" as a
/// group of one-letter options and refuses it, and reports a bad number on
/// stderr itself, outside the one-line error contract. Returns whether
/// argv[I] was a jobs option; \p I moves past a separate value.
static bool parseJobs(int Argc, const char **Argv, int &I, unsigned &Jobs) {
  StringRef A(Argv[I]);
  StringRef Spelling, Value;
  if (A == "-j" || A == "--jobs" || A == "-jobs") {
    if (I + 1 >= Argc || StringRef(Argv[I + 1]) == "--")
      fatal(A + ": needs a number of jobs");
    Spelling = A;
    Value = Argv[++I];
  } else if (A.starts_with("--jobs=") || A.starts_with("-jobs=")) {
    std::tie(Spelling, Value) = A.split('=');
  } else if (A.starts_with("-j") && A.size() > 2) {
    Spelling = "-j";
    Value = A.drop_front(2);
    Value.consume_front("=");
  } else {
    return false;
  }
  if (Value.getAsInteger(10, Jobs))
    fatal(Spelling + ": '" + Value +
          "' is not a number of jobs (a non-negative integer)");
  return true;
}

/// Runs llvm::cl's parser with stderr captured: it prints some errors (a
/// bad option value) straight to stderr rather than to the stream it is
/// given. Returns false with the first line of whatever it reported, its
/// "<program>: " prefix removed, in \p Err.
static bool parseWithLlvm(const std::vector<const char *> &Args,
                          const char *Overview, std::string &Err) {
  std::string Own;
  llvm::raw_string_ostream OwnOS(Own);
  int Fd = -1;
  llvm::SmallString<128> Path;
  int Saved = -1;
  llvm::errs().flush();
  // An unlinked temporary file: nothing is left behind if the parser exits
  // (--help, --version) while stderr points at it.
  if (!llvm::sys::fs::createTemporaryFile("retrylint-args", "txt", Fd, Path)) {
    llvm::sys::fs::remove(Path);
    Saved = dup(STDERR_FILENO);
    if (Saved >= 0)
      dup2(Fd, STDERR_FILENO);
  }
  bool Ok = cl::ParseCommandLineOptions(static_cast<int>(Args.size()),
                                        Args.data(), Overview, &OwnOS);
  llvm::errs().flush();
  std::string Captured;
  if (Saved >= 0) {
    dup2(Saved, STDERR_FILENO);
    close(Saved);
    lseek(Fd, 0, SEEK_SET);
    char Buf[4096];
    for (ssize_t N; (N = read(Fd, Buf, sizeof(Buf))) > 0;)
      Captured.append(Buf, static_cast<size_t>(N));
  }
  if (Fd >= 0)
    close(Fd);
  OwnOS.flush();
  if (Ok) {
    llvm::errs() << Captured; // warnings, if any, go where they belong
    return true;
  }
  std::string Prog = llvm::sys::path::filename(Args[0]).str();
  for (StringRef All : {StringRef(Own), StringRef(Captured)}) {
    while (!All.empty()) {
      auto [Line, Rest] = All.split('\n');
      All = Rest;
      Line = Line.trim();
      if (!Line.consume_front(Prog + ": "))
        Line.consume_front(StringRef(Args[0]).str() + ": ");
      if (!Line.empty()) {
        Err = Line.str();
        return false;
      }
    }
  }
  Err = "invalid command line (see --help)";
  return false;
}

/// Moves what llvm::cl must not see out of \p Argv into \p O and returns
/// the rest. Compiler arguments follow `--`; --color is parsed by hand:
/// LLVM already registers a boolean -color option.
static std::vector<const char *> takeOwnArgs(int Argc, const char **Argv,
                                             Options &O) {
  std::vector<const char *> Args;
  for (int I = 0; I < Argc; ++I) {
    StringRef A(Argv[I]);
    if (I > 0 && A == "--") {
      O.FixedArgs.emplace(Argv + I + 1, Argv + Argc);
      break;
    }
    if (A.consume_front("--color=") || A.consume_front("-color=")) {
      O.Color = A.str();
      continue;
    }
    // clang-tidy's spelling: --use-color[=true|false].
    if (A == "--use-color" || A == "-use-color" || A == "--use-color=true") {
      O.Color = "always";
      continue;
    }
    if (A == "--use-color=false" || A == "-use-color=false") {
      O.Color = "never";
      continue;
    }
    if (I > 0 && parseJobs(Argc, Argv, I, O.Jobs))
      continue;
    Args.push_back(Argv[I]);
  }
  return Args;
}

/// Parses \p Args into the cl::opt values above; an error is fatal().
static void parseOptions(const std::vector<const char *> &Args) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "retrylint " RETRYLINT_VERSION
          " (clang-tidy checks for retry code, LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string Err;
  if (!parseWithLlvm(
          Args,
          "retrylint: finds retry bugs in C and C++ code\n\n"
          "  retrylint [options] <paths...> [-- <compiler args>]\n"
          "  retrylint init [--force] [dir]      set up .clang-tidy and "
          ".clangd\n"
          "  retrylint explain <check>           run the check's probe "
          "scenarios\n\n"
          "  --color=auto|always|never  colored diagnostics (auto: on a "
          "terminal)\n"
          "  -j N, --jobs=N             translation units analyzed in "
          "parallel (default 0: one per hardware thread)\n",
          Err))
    fatal(Err);
}

/// The options clang-tidy has too (and --config-file's text): paths,
/// checks, configuration, filters, compiler arguments and fixes.
static void takeTidyOptions(Options &O) {
  O.Paths = Paths;
  O.BuildPath = BuildPath;
  if (!ChecksOpt.empty())
    O.Checks = ChecksOpt;
  if (!ConfigOpt.empty())
    O.Config = ConfigOpt;
  if (HeaderFilter.getNumOccurrences())
    O.HeaderFilter = HeaderFilter;
  if (ExcludeHeaderFilter.getNumOccurrences())
    O.ExcludeHeaderFilter = ExcludeHeaderFilter;
  if (SystemHeaders.getNumOccurrences())
    O.SystemHeaders = SystemHeaders;
  O.LineFilter = LineFilter;
  O.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  O.ExtraArgsBefore.assign(ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  if (WarningsAsErrors.getNumOccurrences())
    O.WarningsAsErrors = WarningsAsErrors;
  if (ConfigFile.getNumOccurrences()) {
    if (ConfigOpt.getNumOccurrences())
      fatal("--config-file and --config cannot both be given");
    auto Buf = llvm::MemoryBuffer::getFile(ConfigFile.getValue());
    if (!Buf)
      fatal("--config-file: cannot read '" + ConfigFile +
            "': " + Buf.getError().message());
    O.Config = (*Buf)->getBuffer().str();
    O.ConfigLabel = "--config-file '" + ConfigFile + "'";
  }
  O.RemovedArgs.assign(RemovedArgs.begin(), RemovedArgs.end());
  O.AllowNoChecks = AllowNoChecks;
  O.FixErrors = FixErrors;
  O.FixNotes = FixNotes;
  O.Fix = Fix || FixErrors || FixNotes;
  O.ExportFixes = ExportFixes;
}

/// retrylint's own options: output, baseline, --diff, facts, --trace, the
/// cache, shards and the docs URL; a malformed value is fatal().
static void takeRetrylintOptions(Options &O) {
  O.DumpConfig = DumpConfig;
  O.VerifyConfig = VerifyConfig;
  O.ListChecks = ListChecks;
  O.Format = Format;
  O.Evidence = Evidence;
  O.Baseline = BaselineFile;
  O.WriteBaseline = WriteBaselineFile;
  if (DiffRev.getNumOccurrences())
    O.DiffRev = DiffRev;
  O.Quiet = Quiet;
  O.AllowCompileErrors = AllowCompileErrors;
  O.ExportFacts = ExportFacts;
  O.Facts = FactsDir;
  O.CrossTu = CrossTu;
  if (TraceOpt.getNumOccurrences())
    O.Trace = TraceOpt;
  if (CacheDir.getNumOccurrences())
    O.CacheDir = CacheDir;
  if (!parseSize(CacheMaxSize, O.CacheMaxSize))
    fatal("--cache-max-size: '" + CacheMaxSize +
          "' is not a size (a positive number of bytes, or with a K, M or G "
          "suffix)");
  if (Shard.getNumOccurrences())
    parseShard(Shard, O.ShardIndex, O.ShardCount);
  O.MergeShards = MergeShards;
  O.DocsUrl =
      DocsUrl.getNumOccurrences() ? DocsUrl.getValue() : defaultDocsUrl();
  if (!isDocsUrl(O.DocsUrl))
    fatal(docsUrlError(O.DocsUrl));
  // `retrylint --trace=a.cpp:12 -- -std=c++17` reads a.cpp itself.
  if (O.Trace && O.Paths.empty() && O.BuildPath.empty())
    O.Paths.push_back(StringRef(*O.Trace).rsplit(':').first.str());
}

/// Values and combinations of options that make no run; fatal().
static void checkCombinations(const Options &O) {
  if (O.Format != "text" && O.Format != "json" && O.Format != "sarif")
    fatal("unknown --format '" + O.Format + "' (text, json or sarif)");
  if (O.Evidence && O.Format != "sarif")
    fatal("--evidence needs --format=sarif");
  if (!O.WriteBaseline.empty() && O.DiffRev && !O.DiffRev->empty())
    fatal("--write-baseline records every finding; it cannot be combined "
          "with --diff");
  if (O.Color != "auto" && O.Color != "always" && O.Color != "never")
    fatal("unknown --color '" + O.Color + "' (auto, always or never)");
  if (O.DiffRev && O.DiffRev->empty())
    fatal("--diff needs a git revision, or - to read a diff from stdin");
  // git would read it as one of its own options (--output=FILE writes a
  // file); no revision starts with '-'.
  if (O.DiffRev && *O.DiffRev != "-" && StringRef(*O.DiffRev).starts_with("-"))
    fatal("--diff: '" + *O.DiffRev +
          "' is not a git revision (it starts with '-')");
  if (O.CrossTu && (!O.ExportFacts.empty() || !O.Facts.empty()))
    fatal("--cross-tu picks its own facts directory; it cannot be combined "
          "with --export-facts or --facts");
  if (O.Trace &&
      (O.DiffRev || !O.Baseline.empty() || !O.WriteBaseline.empty() ||
       O.CrossTu || !O.ExportFacts.empty() || !O.Facts.empty() ||
       O.Format != "text"))
    fatal("--trace prints one reading as text; it cannot be combined with "
          "--diff, --baseline, --write-baseline, --format, --cross-tu, "
          "--export-facts or --facts");
  if (O.ShardCount && (O.CrossTu || !O.Facts.empty()))
    fatal("--shard analyzes part of the translation units; it cannot be "
          "combined with --cross-tu or --facts (run --merge-shards for the "
          "cross-TU pass)");
  if (!O.MergeShards.empty() &&
      (O.ShardCount || O.CrossTu || !O.ExportFacts.empty() ||
       !O.Facts.empty() || O.Trace || !O.Paths.empty() || O.FixedArgs))
    fatal("--merge-shards reads the translation units and facts of the "
          "shards; it cannot be combined with paths, --shard, --cross-tu, "
          "--export-facts, --facts, --trace or compiler arguments");
  if (!O.MergeShards.empty() && O.BuildPath.empty())
    fatal("--merge-shards needs the build directory (-p) the shards used");
}

Options parseCommandLine(int Argc, const char **Argv) {
  Options O;
  parseOptions(takeOwnArgs(Argc, Argv, O));
  takeTidyOptions(O);
  takeRetrylintOptions(O);
  checkCombinations(O);
  return O;
}

} // namespace retrylint
