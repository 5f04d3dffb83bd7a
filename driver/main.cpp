// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint: runs the retry-* clang-tidy checks over a compilation database
// or explicit files and reports findings as text (clang-tidy's format), JSON
// or SARIF, optionally against a baseline or limited to changed lines.
// Subcommands: `retrylint init` (editor set-up, Init.cpp) and `retrylint
// explain CHECK` (probe readings, Explain.cpp). Exit status: 0 no findings,
// 1 findings, 2 usage, configuration or compile errors.
//
// The parts, in the order a run uses them: Options (command line), Config
// (which checks, which options), Diff (changed lines), Database (compile
// commands and translation units), Shard (--shard, --merge-shards), Cache
// (--cache-dir), Analysis (thread pool, cross-TU facts passes), Report
// (findings, baseline, outputs, exit status).

#include "Analysis.h"
#include "Baseline.h"
#include "Cache.h"
#include "Config.h"
#include "Database.h"
#include "Diff.h"
#include "Explain.h"
#include "Init.h"
#include "Options.h"
#include "Paths.h"
#include "Report.h"
#include "RetryForceLinker.h"
#include "Shard.h"
#include "TraceCommand.h"
#include "utils/AnalysedFiles.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace retrylint;
using llvm::StringRef;

/// --diff: the changed lines, read before anything is analyzed.
static std::optional<ChangedLines> changedLines(const Options &O) {
  if (!O.DiffRev)
    return std::nullopt;
  ChangedLines Changed;
  std::string Err;
  if (*O.DiffRev == "-") {
    auto In = llvm::MemoryBuffer::getSTDIN();
    if (!In)
      fatal("cannot read the diff from stdin: " + In.getError().message());
    if (!parseUnifiedDiff((*In)->getBuffer().str(), absolutePath("."), Changed,
                          Err))
      fatal("--diff -: " + Err);
  } else if (!gitDiff(*O.DiffRev, Changed, Err)) {
    fatal("--diff " + *O.DiffRev + ": " + Err);
  }
  return Changed;
}

int main(int argc, const char **argv) {
  if (argc > 1 && (StringRef(argv[1]) == "init" ||
                   StringRef(argv[1]) == "explain")) {
    std::vector<std::string> Sub(argv + 2, argv + argc);
    return StringRef(argv[1]) == "init" ? runInit(Sub) : runExplain(Sub);
  }
  // Only retry-* checks run here: they may skip the system headers'
  // declarations (docs/performance.md).
  clang::tidy::retry::utils::allowUserCodeTraversal();
  Options O = parseCommandLine(argc, argv);
  Setup S = makeSetup(O);
  if (O.ListChecks) {
    listChecks(S, O);
    return 0;
  }
  if (O.DumpConfig) {
    dumpConfig(S, O);
    return 0;
  }
  if (O.Trace) // its errors before the database's
    parseTraceLocation(*O.Trace);
  std::optional<ChangedLines> Changed = changedLines(O);
  std::unique_ptr<CombinedDatabase> DB = loadDatabase(O);
  std::vector<std::string> Files;
  Results R;
  if (!O.MergeShards.empty())
    readShards(absolutePath(O.MergeShards), Files, R);
  else
    Files = translationUnits(O, *DB, Changed);
  if (O.ShardCount)
    Files = filesOfShard(Files, O.ShardIndex, O.ShardCount);
  // Before anything is analyzed: a configuration error is one line and
  // exit status 2, never a diagnostic per translation unit. With no file
  // (a --diff that changes none), the working directory's configuration
  // still decides which checks SARIF lists as rules.
  validateConfig(S, Files.empty()
                        ? std::vector<std::string>{absolutePath("dummy.cpp")}
                        : Files);
  if (O.VerifyConfig) { // as clang-tidy --verify-config
    llvm::outs() << "No config errors detected.\n";
    return 0;
  }
  if (Files.empty() && Changed && !O.Quiet)
    llvm::errs() << "retrylint: --diff " << *O.DiffRev
                 << ": no changed translation unit in the compilation "
                    "database\n";
  if (O.Trace)
    return runTrace(O, S, *DB, Files);
  // The baseline's errors too, rather than after minutes of analysis.
  std::string BaselineErr;
  if (!O.Baseline.empty() && !checkBaseline(O.Baseline, BaselineErr))
    fatal(BaselineErr);
  if (!O.WriteBaseline.empty() && llvm::sys::fs::is_directory(O.WriteBaseline))
    fatal("--write-baseline: '" + O.WriteBaseline + "' is a directory");
  FactsPlan Facts = planFacts(O);
  std::unique_ptr<ResultCache> Cache = openCache(O);
  RunOptions Run;
  Run.Jobs = O.Jobs;
  Run.Progress = !O.Quiet && Files.size() > 1 &&
                 llvm::sys::Process::StandardErrIsDisplayed();
  Run.Cache = Cache.get();
  if (!O.MergeShards.empty()) {
    mergeShards(S, *DB, absolutePath(O.MergeShards), Files, R, Run);
  } else if (O.ShardCount && !Facts.ExportDir.empty()) {
    // The shard's pass 1 as it is, for --merge-shards; its own report
    // follows as for any run that exports facts.
    R = passOne(S, *DB, Files, Facts, Run);
    writeShardResults(Facts.ExportDir, O.ShardIndex, O.ShardCount, Files, R);
    finishFacts(S, Files, R);
  } else {
    R = analyze(S, *DB, Files, Facts, Run);
  }
  if (Cache)
    Cache->finish(O.Quiet);
  return report(O, S, Files, collectFindings(R), Changed);
}
