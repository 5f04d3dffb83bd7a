// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "FactsPasses.h"
#include "Facts.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {
// Every check's name, from the one list of checks.
#define RETRY_CHECK(Class, CheckName, ...)                                     \
  [[maybe_unused]] constexpr llvm::StringLiteral Class##Name = CheckName;
#include "Checks.def"
#undef RETRY_CHECK
// NestedLayersCheck reads these options (Options.get, check-local).
constexpr llvm::StringLiteral Check = NestedLayersCheckName;
constexpr llvm::StringLiteral ExportOption = "ExportFactsDirectory";
constexpr llvm::StringLiteral ImportOption = "FactsDirectory";

} // namespace

static void set(ClangTidyOptions &Opts, llvm::StringRef Option,
                llvm::StringRef Dir) {
  Opts.CheckOptions[(Check + "." + Option).str()] =
      ClangTidyOptions::ClangTidyValue(Dir);
}

llvm::StringRef factsCheck() { return Check; }

void exportFactsTo(ClangTidyOptions &Opts, llvm::StringRef Dir) {
  set(Opts, ExportOption, Dir);
}

void importFactsFrom(ClangTidyOptions &Opts, llvm::StringRef Dir) {
  set(Opts, ImportOption, Dir);
}

bool checkFactsDirectory(llvm::StringRef Dir, std::string &Error) {
  return FactsDb::load(Dir, Error) != nullptr;
}

bool unitsToReanalyze(llvm::StringRef Dir, std::vector<std::string> &Out,
                      std::string &Error) {
  return unitsNeedingFacts(Dir, Out, Error);
}

} // namespace clang::tidy::retry::model
