// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy's MatchFinder asks of every statement it visits whether it is
// in a system header, unless SystemHeaders is on: on macro-heavy C that is a
// tenth of the parse, as each question climbs out of macro expansions. In
// retrylint the question finds nothing: the retry checks limit the
// traversal to the top-level declarations outside system headers
// (limitTraversalToUserCode) and test every node they report on
// (AnalysedFiles). So the options a translation unit's clang-tidy consumer is
// made with turn SystemHeaders on, and retrylint-setup, a check only this
// executable registers, puts the configured options back as soon as the
// MatchFinder exists: before the parse, before any check reads them and
// before any diagnostic is filtered with them. While the set-up lasts, the
// compile command is also adjusted: -w, unless a clang-diagnostic-* check
// may show the compiler's warnings.

#include "MatcherSetup.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace retrylint {
namespace {
constexpr llvm::StringLiteral SetupCheckName = "retrylint-setup";
constexpr llvm::StringLiteral SetupSource = "retrylint (matcher set-up)";
/// The provider of the translation unit this thread is analysing.
thread_local MatcherSetupProvider *Active = nullptr;
} // namespace

MatcherSetupProvider::MatcherSetupProvider(
    std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner,
    std::string Directory)
    : Inner(std::move(Inner)), Directory(std::move(Directory)) {}

const clang::tidy::ClangTidyGlobalOptions &
MatcherSetupProvider::getGlobalOptions() {
  return Inner->getGlobalOptions();
}

/// Can the checks of \p Sources enable a clang-diagnostic-* check? Some
/// positive glob names one or could match one (`*`, `clang-*`); a later
/// negative one is not weighed, so the answer errs towards yes.
static bool mayShowWarnings(
    const std::vector<clang::tidy::ClangTidyOptionsProvider::OptionsSource>
        &Sources) {
  constexpr llvm::StringLiteral Prefix = "clang-diagnostic-";
  for (const auto &Source : Sources) {
    if (!Source.first.Checks)
      continue;
    llvm::SmallVector<llvm::StringRef, 8> Globs;
    llvm::StringRef(*Source.first.Checks).split(Globs, ',', -1, false);
    for (llvm::StringRef Part : Globs)
      for (llvm::StringRef Glob : llvm::split(Part, '\n')) {
        Glob = Glob.trim();
        if (Glob.empty() || Glob.starts_with("-"))
          continue;
        llvm::StringRef Literal =
            Glob.take_until([](char C) { return C == '*'; });
        if (Prefix.starts_with(Literal) || Literal.starts_with(Prefix))
          return true;
      }
  }
  return false;
}

std::vector<clang::tidy::ClangTidyOptionsProvider::OptionsSource>
MatcherSetupProvider::getRawOptions(llvm::StringRef FileName) {
  // clang-tidy's consumer names the source as the compile command does;
  // relative, it is in the command's directory, not in ours.
  llvm::SmallString<256> Path(FileName);
  if (!Directory.empty() && llvm::sys::path::is_relative(Path))
    llvm::sys::path::make_absolute(Directory, Path);
  std::vector<OptionsSource> Out = Inner->getRawOptions(Path);
  if (InSetup) {
    clang::tidy::ClangTidyOptions O;
    O.Checks = SetupCheckName.str();
    O.SystemHeaders = true;
    // The compiler's warnings are computed only to be shown. Unless a
    // clang-diagnostic-* check may show them, -w spares their cost (the
    // analysis-based ones build a CFG of every function: 3% of the parse of
    // a C file); errors are reported as before. The compile command is
    // adjusted while the set-up lasts, before the MatchFinder is made.
    if (!mayShowWarnings(Out))
      O.ExtraArgs = std::vector<std::string>{"-w"};
    Out.emplace_back(std::move(O), SetupSource.str());
  }
  return Out;
}

MatcherSetupProvider::Use::Use(MatcherSetupProvider &P) : Prev(Active) {
  Active = &P;
}
MatcherSetupProvider::Use::~Use() { Active = Prev; }

} // namespace retrylint

namespace clang::tidy::retry {
namespace {

class SetupCheck : public ClangTidyCheck {
public:
  SetupCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Context(Context) {}
  void registerMatchers(ast_matchers::MatchFinder *) override {
    // The MatchFinder has been made: from here on, the options as
    // configured (the checks read them when the traversal starts).
    retrylint::MatcherSetupProvider *P = retrylint::Active;
    if (!P || !P->InSetup)
      return;
    P->InSetup = false;
    std::string File = Context->getCurrentFile().str();
    Context->setCurrentFile(File);
  }

private:
  ClangTidyContext *Context;
};

class SetupModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<SetupCheck>(retrylint::SetupCheckName);
  }
};
} // namespace

// Registered by the retrylint executable only, like retrylint-includes.
static ClangTidyModuleRegistry::Add<SetupModule>
    X("retrylint-setup-module", "The options the MatchFinder is made with.");
} // namespace clang::tidy::retry
