// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "TraceCommand.h"
#include "Analysis.h"
#include "Paths.h"
#include "Report.h"
#include "RetryCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "model/Trace.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/FileSystem.h"
#include <mutex>

namespace retrylint {
namespace {
/// What the trace check read, across the analysis threads.
struct TraceSink {
  std::mutex Mu;
  bool Included = false; ///< some translation unit included the file
  std::string Text;      ///< the first one's reading
  unsigned Read = 0;
};
constexpr llvm::StringLiteral TraceCheckName = "retrylint-trace";
} // namespace
static TraceSink &sink() {
  static TraceSink S;
  return S;
}
} // namespace retrylint

namespace clang::tidy::retry {
namespace {
using namespace ast_matchers;

/// Reads the `Location` option (FILE:LINE) in each translation unit that
/// includes FILE.
class TraceCheck : public RetryCheck {
public:
  TraceCheck(StringRef Name, ClangTidyContext *Context)
      : RetryCheck(Name, Context), Location(Options.get("Location", "")) {}
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    RetryCheck::storeOptions(Opts);
    Options.store(Opts, "Location", Location);
  }
  void registerMatchers(MatchFinder *Finder) override {
    addUnitMatcher(Finder);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    auto [File, LineText] = StringRef(Location).rsplit(':');
    unsigned Line = 0;
    if (File.empty() || LineText.getAsInteger(10, Line))
      return;
    SourceManager &SM = Result.Context->getSourceManager();
    OptionalFileEntryRef FE = SM.getFileManager().getOptionalFileRef(File);
    if (!FE)
      return;
    FileID FID = SM.translateFile(*FE);
    if (FID.isInvalid())
      return;
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    unsigned Read = model::traceLine(sites(*Result.Context), FID, Line, OS);
    retrylint::TraceSink &S = retrylint::sink();
    std::lock_guard<std::mutex> Lock(S.Mu);
    S.Included = true;
    if (!S.Read && Read) {
      S.Read = Read;
      S.Text = std::move(Text);
    }
  }

private:
  std::string Location;
};

class TraceModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<TraceCheck>(retrylint::TraceCheckName);
  }
};
} // namespace

// Registered by the retrylint executable only: neither the plugin nor
// retrylint-clangd offers it, and its name is outside retry-*.
static ClangTidyModuleRegistry::Add<TraceModule>
    X("retrylint-trace-module", "The model's reading at one line.");
} // namespace clang::tidy::retry

namespace retrylint {

TraceLocation parseTraceLocation(llvm::StringRef Arg) {
  auto [File, LineText] = Arg.rsplit(':');
  TraceLocation L;
  if (File.empty() || LineText.getAsInteger(10, L.Line) || L.Line == 0)
    fatal("--trace=" + Arg + ": expected FILE:LINE with a line number from 1");
  L.File = canonicalPath(absolutePath(File));
  if (!llvm::sys::fs::is_regular_file(L.File))
    fatal("--trace=" + Arg + ": no such file '" + File + "'");
  return L;
}

int runTrace(const Options &O, const Setup &S,
             const clang::tooling::CompilationDatabase &DB,
             const std::vector<std::string> &Files) {
  TraceLocation L = parseTraceLocation(*O.Trace);
  Setup T = S;
  T.Overrides.Checks = "-*," + TraceCheckName.str();
  T.Overrides.CheckOptions[(TraceCheckName + ".Location").str()] =
      clang::tidy::ClangTidyOptions::ClangTidyValue(L.File + ":" +
                                                    std::to_string(L.Line));
  // The file itself when it is a translation unit; otherwise every unit in
  // turn, until one includes it (a header).
  std::vector<std::string> Which;
  for (const std::string &F : Files)
    if (canonicalPath(F) == L.File)
      Which = {F};
  if (Which.empty())
    Which = Files;
  FactsPlan NoFacts;
  for (const std::string &F : Which) {
    RunOptions Run;
    Run.Jobs = 1;
    Results R = analyze(T, DB, {F}, NoFacts, Run);
    Collected C = collectFindings(R);
    if (C.CompileError && !O.AllowCompileErrors)
      return report(O, T, {F}, std::move(C), std::nullopt);
    TraceSink &Sink = sink();
    if (Sink.Read) {
      llvm::outs() << Sink.Text;
      return 0;
    }
    if (Sink.Included)
      break;
  }
  if (!sink().Included)
    fatal("--trace: no translation unit includes '" + L.File + "'");
  fatal("--trace: " + L.File + ":" + llvm::Twine(L.Line) +
        ": no loop, recursive call, goto or retry-helper call begins on this "
        "line");
}

} // namespace retrylint
