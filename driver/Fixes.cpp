// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Fixes.h"
#include "Options.h"
#include "Paths.h"
#include "clang-tidy/ClangTidy.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>
#include <tuple>

namespace retrylint {

using clang::tidy::ClangTidyError;
using clang::tooling::Replacement;
using clang::tooling::Replacements;

void exportFixes(const std::string &Path, const std::string &MainFile,
                 const std::vector<ClangTidyError> &Errors) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_None);
  if (EC)
    fatal("--export-fixes: cannot write '" + Path + "': " + EC.message());
  clang::tidy::exportReplacements(MainFile, Errors, OS);
}

/// The fix an error offers: its own, else with \p FixNotes the single fix
/// among its notes (clang-tidy's rule); null if none.
static const llvm::StringMap<Replacements> *fixOf(const ClangTidyError &E,
                                                  bool FixNotes) {
  if (!E.Message.Fix.empty())
    return &E.Message.Fix;
  if (!FixNotes)
    return nullptr;
  const llvm::StringMap<Replacements> *Found = nullptr;
  for (const auto &N : E.Notes)
    if (!N.Fix.empty()) {
      if (Found)
        return nullptr;
      Found = &N.Fix;
    }
  return Found;
}

/// Adds every replacement of \p Fix to \p Files, or none of them.
static bool addAll(const ClangTidyError &E,
                   const llvm::StringMap<Replacements> &Fix,
                   std::map<std::string, Replacements> &Files) {
  std::map<std::string, Replacements> Tried = Files;
  for (const auto &[Name, Rs] : Fix)
    for (const Replacement &R : Rs) {
      std::string File = absolutePath(R.getFilePath().str(), E.BuildDirectory);
      Replacement Abs(File, R.getOffset(), R.getLength(),
                      R.getReplacementText());
      if (llvm::Error Err = Tried[File].add(Abs)) {
        llvm::consumeError(std::move(Err));
        return false;
      }
    }
  Files = std::move(Tried);
  return true;
}

unsigned applyFixes(const std::vector<ClangTidyError> &Errors, bool FixNotes,
                    unsigned &Suggested) {
  std::map<std::string, Replacements> Files;
  std::set<std::string> Seen; // one fix, found from several TUs
  unsigned Applied = 0;
  Suggested = 0;
  for (const ClangTidyError &E : Errors) {
    const llvm::StringMap<Replacements> *Fix = fixOf(E, FixNotes);
    if (!Fix)
      continue;
    std::string Key;
    for (const auto &[Name, Rs] : *Fix)
      for (const Replacement &R : Rs)
        Key += R.toString() + "\n";
    if (!Seen.insert(E.BuildDirectory + "\n" + Key).second)
      continue;
    ++Suggested;
    Applied += addAll(E, *Fix, Files);
  }
  for (const auto &[File, Rs] : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      fatal("--fix: cannot read '" + File + "': " + Buf.getError().message());
    auto Fixed = clang::tooling::applyAllReplacements((*Buf)->getBuffer(), Rs);
    if (!Fixed)
      fatal("--fix: cannot apply the fixes to '" + File +
            "': " + llvm::toString(Fixed.takeError()));
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC, llvm::sys::fs::OF_None);
    if (EC)
      fatal("--fix: cannot write '" + File + "': " + EC.message());
    OS << *Fixed;
  }
  return Applied;
}

} // namespace retrylint
