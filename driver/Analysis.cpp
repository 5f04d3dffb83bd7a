// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis.h"
#include "Cache.h"
#include "MatcherSetup.h"
#include "Nesting.h"
#include "Paths.h"
#include "clang-tidy/ClangTidy.h"
#include "model/FactsPasses.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace clang::tidy;
namespace facts = clang::tidy::retry::model;
using llvm::SmallString;
using llvm::StringRef;

namespace retrylint {

/// The check name clang-tidy gives configuration diagnostics.
static constexpr StringRef ConfigDiagName = "clang-tidy-config";

/// The first configuration diagnostic in \p R, or null.
static const ClangTidyError *configError(const std::vector<ClangTidyError> &R) {
  for (const ClangTidyError &E : R)
    if (E.DiagnosticName == ConfigDiagName)
      return &E;
  return nullptr;
}

/// A check's configuration diagnostic about an option the driver set itself
/// (the facts directories) names the command-line option the user gave,
/// not the check's internal option. The option names come from the facts
/// passes, so none is spelt here.
static std::string driverOptionMessage(const std::string &Message) {
  StringRef M(Message);
  for (auto [Set, Flag] :
       {std::pair(&facts::exportFactsTo, StringRef("--export-facts")),
        std::pair(&facts::importFactsFrom, StringRef("--facts"))}) {
    ClangTidyOptions Probe;
    Set(Probe, "");
    for (const auto &KV : Probe.CheckOptions) {
      auto [Check, Option] = StringRef(KV.getKey()).rsplit('.');
      std::string Prefix = (Check + ": option '" + Option + "': ").str();
      if (M.starts_with(Prefix))
        return (Flag + ": " + M.drop_front(Prefix.size())).str();
    }
  }
  return "";
}

namespace {
/// A pass's facts directories, as the cache sees them.
struct PassFacts {
  StringRef Export, Import;
  /// Export is --cross-tu's own temporary directory: nothing else reads it
  /// while the pass runs.
  bool Private = false;
};
} // namespace

/// The working directory of \p File's compile command in \p DB (empty when
/// it has none).
static std::string
commandDirectory(const clang::tooling::CompilationDatabase &DB,
                 StringRef File) {
  std::vector<clang::tooling::CompileCommand> Commands =
      DB.getCompileCommands(File);
  return Commands.empty() ? std::string() : Commands.front().Directory;
}

/// Runs \p S over \p Which on the thread pool, through \p Run's cache
/// when it has one. A configuration diagnostic (a check rejecting an option)
/// is fatal: no further translation unit is started, and it is reported
/// once, as one line.
static Results runPool(const Setup &S,
                       const clang::tooling::CompilationDatabase &DB,
                       const std::vector<std::string> &Which,
                       const RunOptions &Run, StringRef Label,
                       const PassFacts &Facts) {
  Results Out(Which.size());
  std::atomic<size_t> Next{0}, Done{0};
  std::atomic<bool> Stop{false};
  std::mutex ProgressMu;
  ResultCache *Cache = Run.Cache;
  ResultCache::Pass CachePass;
  Setup Recording = S;
  if (Cache) {
    CachePass = Cache->pass(Facts.Export, Facts.Import, Facts.Private);
    Recording.Overrides.Checks = withIncludeRecorder(S.Overrides.Checks);
  }
  const Setup &Used = Cache ? Recording : S;
  auto Worker = [&] {
    // One per thread: a provider caches the .clang-tidy files it read.
    auto KeyOptions = Cache ? Used.provider() : nullptr;
    for (size_t I; !Stop && (I = Next++) < Which.size();) {
      if (Run.Progress) {
        std::lock_guard<std::mutex> Lock(ProgressMu);
        llvm::errs() << "\r\033[K" << Label << "[" << (Done + 1) << "/"
                     << Which.size() << "] " << Which[I];
      }
      std::string Key;
      if (Cache) {
        Key = Cache->key(KeyOptions->getOptions(Which[I]), DB, Which[I],
                         CachePass);
        if (!Key.empty() && Cache->lookup(Key, CachePass, Out[I])) {
          ++Done;
          continue;
        }
        startRecordingIncludes();
      }
      auto Options = std::make_unique<MatcherSetupProvider>(
          Used.provider(), commandDirectory(DB, Which[I]));
      MatcherSetupProvider::Use InUse(*Options);
      ClangTidyContext Ctx(std::move(Options), false, false, false);
      // A physical file system keeps its own working directory: ClangTool
      // moves it to each compile command's directory without chdir.
      auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
              llvm::vfs::createPhysicalFileSystem()));
      Out[I] = runClangTidy(Ctx, DB, {Which[I]}, FS, false, false, "",
                            /*Quiet=*/true);
      if (configError(Out[I]))
        Stop = true;
      else if (Cache)
        Cache->store(Key, CachePass, takeRecordedIncludes(), Out[I]);
      ++Done;
    }
  };
  unsigned Jobs =
      Run.Jobs ? Run.Jobs : std::max(1u, std::thread::hardware_concurrency());
  unsigned Workers = std::max<size_t>(1, std::min<size_t>(Jobs, Which.size()));
  std::vector<std::thread> Threads;
  for (unsigned J = 1; J < Workers; ++J)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &T : Threads)
    T.join();
  if (Run.Progress)
    llvm::errs() << "\r\033[K";
  for (size_t I = 0; I < Which.size(); ++I)
    if (const ClangTidyError *E = configError(Out[I])) {
      std::string Msg = driverOptionMessage(E->Message.Message);
      fatal(Msg.empty() ? S.describeConfigError(Which[I], E->Message.Message)
                        : Msg);
    }
  return Out;
}

/// Drops the facts check's findings from \p R.
static void dropFactsFindings(std::vector<ClangTidyError> &R) {
  llvm::erase_if(R, [](const ClangTidyError &E) {
    return E.DiagnosticName == facts::factsCheck();
  });
}

/// The facts check on top of whatever the configuration enables, writing
/// into \p Dir: every TU exports its facts.
static Setup exporting(const Setup &S, StringRef Dir) {
  Setup Out = S;
  std::string Check = facts::factsCheck().str();
  Out.Overrides.Checks =
      S.Overrides.Checks ? *S.Overrides.Checks + "," + Check : Check;
  facts::exportFactsTo(Out.Overrides, Dir);
  return Out;
}

/// Every facts file in \p Dir must nest shallowly enough for the JSON
/// parser that reads it (which recurses once per level).
static void checkFactsNesting(StringRef Flag, StringRef Dir) {
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (llvm::sys::path::extension(It->path()) != ".json")
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    if (!Buf)
      continue; // the facts reader reports it
    std::string Err;
    if (!checkJsonNesting((*Buf)->getBuffer(), Err))
      fatal(Flag + ": malformed facts file '" + It->path() + "': " + Err);
  }
}

/// A facts directory given on the command line that exists but is not a
/// directory.
static void checkIsDirectory(StringRef Flag, StringRef Given) {
  if (llvm::sys::fs::exists(Given) && !llvm::sys::fs::is_directory(Given))
    fatal(Flag + ": '" + Given + "' is not a directory");
}

FactsPlan planFacts(const Options &O) {
  FactsPlan P;
  if (O.CrossTu) {
    SmallString<256> Temp;
    if (std::error_code EC =
            llvm::sys::fs::createUniqueDirectory("retrylint-facts", Temp))
      fatal("cannot create a temporary facts directory: " + EC.message());
    P.TempDir = std::string(Temp);
    P.ExportDir = P.ImportDir = absolutePath(Temp);
    return P;
  }
  if (!O.ExportFacts.empty()) {
    checkIsDirectory("--export-facts", O.ExportFacts);
    P.ExportDir = absolutePath(O.ExportFacts);
  }
  if (!O.Facts.empty()) {
    checkIsDirectory("--facts", O.Facts);
    P.ImportDir = absolutePath(O.Facts);
  }
  if (!P.ExportDir.empty())
    if (std::error_code EC = llvm::sys::fs::create_directories(P.ExportDir))
      fatal("cannot create facts directory '" + O.ExportFacts +
            "': " + EC.message());
  if (!P.ImportDir.empty() && llvm::sys::fs::is_directory(P.ImportDir))
    checkFactsNesting("--facts", P.ImportDir);
  if (!P.ImportDir.empty() && !P.twoPass()) {
    std::string Err;
    if (!facts::checkFactsDirectory(P.ImportDir, Err))
      fatal("--facts: " + Err);
  }
  return P;
}

Results passOne(const Setup &S, const clang::tooling::CompilationDatabase &DB,
                const std::vector<std::string> &Files, const FactsPlan &Facts,
                const RunOptions &Run) {
  if (Facts.twoPass())
    return runPool(exporting(S, Facts.ExportDir), DB, Files, Run, "",
                   {Facts.ExportDir, "", !Facts.TempDir.empty()});
  Setup One = Facts.ExportDir.empty() ? S : exporting(S, Facts.ExportDir);
  if (!Facts.ImportDir.empty())
    facts::importFactsFrom(One.Overrides, Facts.ImportDir);
  return runPool(One, DB, Files, Run, "", {Facts.ExportDir, Facts.ImportDir});
}

void passTwo(const Setup &S, const clang::tooling::CompilationDatabase &DB,
             const std::vector<std::string> &Files, StringRef FactsDir,
             Results &Out, const RunOptions &Run) {
  std::vector<std::string> Need;
  std::string Err;
  // Reading every unit's facts to plan pass 2 was a third of a warm run: the
  // plan is cached under the facts' contents.
  ResultCache::Pass Plan;
  if (Run.Cache)
    Plan = Run.Cache->pass("", FactsDir, false);
  if (!Run.Cache || !Run.Cache->lookupPlan(Plan, Need)) {
    if (!facts::unitsToReanalyze(FactsDir, Need, Err))
      fatal("--facts: " + Err);
    if (Run.Cache)
      Run.Cache->storePlan(Plan, Need);
  }
  std::set<std::string> NeedReal;
  for (const std::string &N : Need)
    NeedReal.insert(canonicalPath(N));
  std::vector<size_t> Index;
  std::vector<std::string> Again;
  for (size_t I = 0; I < Files.size(); ++I)
    if (NeedReal.count(canonicalPath(Files[I]))) {
      Index.push_back(I);
      Again.push_back(Files[I]);
    }
  if (Again.empty())
    return;
  Setup Two = S;
  Two.Overrides.Checks = "-*," + facts::factsCheck().str();
  facts::importFactsFrom(Two.Overrides, FactsDir);
  Results Again2 = runPool(Two, DB, Again, Run, "facts ", {"", FactsDir});
  for (size_t K = 0; K < Again.size(); ++K) {
    auto &R = Out[Index[K]];
    dropFactsFindings(R);
    for (ClangTidyError &E : Again2[K])
      if (E.DiagnosticName == facts::factsCheck())
        R.push_back(std::move(E));
  }
}

void finishFacts(const Setup &S, const std::vector<std::string> &Files,
                 Results &Out) {
  // Matching every registered check against the Checks globs is costly
  // (regular expressions): once per distinct Checks value, not per file
  // (it dominated a cached run).
  auto Provider = S.provider();
  std::map<std::string, bool> Enabled;
  for (size_t I = 0; I < Files.size(); ++I) {
    clang::tidy::ClangTidyOptions Opts = Provider->getOptions(Files[I]);
    auto [It, New] = Enabled.try_emplace(Opts.Checks.value_or(""));
    if (New)
      It->second =
          llvm::is_contained(enabledRetryChecks(Opts), facts::factsCheck());
    if (!It->second)
      dropFactsFindings(Out[I]);
  }
}

Results analyze(const Setup &S, const clang::tooling::CompilationDatabase &DB,
                const std::vector<std::string> &Files, const FactsPlan &Facts,
                const RunOptions &Run) {
  const RunOptions &R = Run;
  // Pass 1: every enabled check, and every TU writes its facts. Pass 2:
  // only the TUs whose findings can change with the others' facts, and
  // only the facts check, now reading them.
  Results Out = passOne(S, DB, Files, Facts, R);
  if (Facts.twoPass())
    passTwo(S, DB, Files, Facts.ImportDir, Out, R);
  // The facts check ran everywhere; where the configuration does not enable
  // it, its findings go.
  if (!Facts.ExportDir.empty())
    finishFacts(S, Files, Out);
  if (!Facts.TempDir.empty())
    llvm::sys::fs::remove_directories(Facts.TempDir);
  return Out;
}

} // namespace retrylint
