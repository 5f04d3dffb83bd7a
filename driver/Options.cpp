// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace cl = llvm::cl;
using llvm::StringRef;

namespace retrylint {

void fatal(const llvm::Twine &Msg) {
  llvm::errs() << "retrylint: error: " << Msg << "\n";
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
cl::opt<bool> CrossTu("cross-tu",
                      cl::desc("Both passes in one run, with the facts in a "
                               "temporary directory"),
                      cl::cat(Category));

} // namespace

Options parseCommandLine(int argc, const char **argv) {
  Options O;
  // Compiler arguments follow `--`; llvm::cl must not see them. --color is
  // parsed by hand: LLVM already registers a boolean -color option.
  std::vector<const char *> Args;
  for (int I = 0; I < argc; ++I) {
    StringRef A(argv[I]);
    if (I > 0 && A == "--") {
      O.FixedArgs.emplace(argv + I + 1, argv + argc);
      break;
    }
    if (A.consume_front("--color=") || A.consume_front("-color=")) {
      O.Color = A.str();
      continue;
    }
    Args.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "retrylint " RETRYLINT_VERSION
          " (clang-tidy checks for retry code, LLVM "
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

  O.Paths = Paths;
  O.BuildPath = BuildPath;
  if (!ChecksOpt.empty())
    O.Checks = ChecksOpt;
  if (!ConfigOpt.empty())
    O.Config = ConfigOpt;
  if (HeaderFilter.getNumOccurrences())
    O.HeaderFilter = HeaderFilter;
  O.ListChecks = ListChecks;
  O.Format = Format;
  O.Evidence = Evidence;
  O.Baseline = BaselineFile;
  O.WriteBaseline = WriteBaselineFile;
  if (DiffRev.getNumOccurrences())
    O.DiffRev = DiffRev;
  O.Jobs = Jobs;
  O.Quiet = Quiet;
  O.AllowCompileErrors = AllowCompileErrors;
  O.ExportFacts = ExportFacts;
  O.Facts = FactsDir;
  O.CrossTu = CrossTu;

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
  if (O.CrossTu && (!O.ExportFacts.empty() || !O.Facts.empty()))
    fatal("--cross-tu picks its own facts directory; it cannot be combined "
          "with --export-facts or --facts");
  return O;
}

} // namespace retrylint
