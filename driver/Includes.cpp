// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint-includes: a check only the retrylint executable registers, on
// while the result cache is, that records every file a translation unit
// enters or skips (include guards, #pragma once) so a cached result can be
// checked against their contents. clang-tidy analyzes on the calling
// thread, so a thread-local record needs no lock.

#include "Cache.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

namespace retrylint {
namespace {
constexpr llvm::StringLiteral IncludesCheckName = "retrylint-includes";
struct Record {
  std::set<std::string> Files;
  std::string MainFile;
};
thread_local Record Current;
} // namespace

std::string withIncludeRecorder(const std::optional<std::string> &Checks) {
  return Checks ? *Checks + "," + IncludesCheckName.str()
                : IncludesCheckName.str();
}

void startRecordingIncludes() { Current = Record(); }

IncludedFiles takeRecordedIncludes() {
  IncludedFiles Out;
  Out.Files.assign(Current.Files.begin(), Current.Files.end());
  Out.MainFile = std::move(Current.MainFile);
  Current = Record();
  return Out;
}
} // namespace retrylint

namespace clang::tidy::retry {
namespace {

class Recorder : public PPCallbacks {
public:
  explicit Recorder(const SourceManager &SM) : SM(SM) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile)
      return;
    FileID FID = SM.getFileID(Loc);
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
      add(*FE);
      if (FID == SM.getMainFileID() && retrylint::Current.MainFile.empty()) {
        // The facts check's spelling of its main file (it names the facts
        // file after it): made absolute against the process's directory.
        SmallString<256> P(FE->getName());
        llvm::sys::fs::make_absolute(P);
        llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
        retrylint::Current.MainFile = std::string(P);
      }
    }
  }
  void FileSkipped(const FileEntryRef &Skipped, const Token &,
                   SrcMgr::CharacteristicKind) override {
    add(Skipped);
  }

private:
  void add(FileEntryRef FE) {
    // No lexical ".." removal: include paths such as
    // /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include go through
    // symlinks.
    SmallString<256> P(FE.getName());
    SM.getFileManager().makeAbsolutePath(P);
    retrylint::Current.Files.insert(std::string(P));
  }
  const SourceManager &SM;
};

class IncludesCheck : public ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *) override {
    PP->addPPCallbacks(std::make_unique<Recorder>(SM));
  }
};

class IncludesModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<IncludesCheck>(retrylint::IncludesCheckName);
  }
};
} // namespace

// Registered by the retrylint executable only, like retrylint-trace.
static ClangTidyModuleRegistry::Add<IncludesModule>
    X("retrylint-includes-module", "The files a translation unit reads.");
} // namespace clang::tidy::retry
