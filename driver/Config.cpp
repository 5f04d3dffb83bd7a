// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Config.h"
#include "Paths.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace clang::tidy;
using llvm::SmallString;
using llvm::StringRef;

namespace retrylint {
namespace {

/// Rejects --checks globs that name no known check: a typo would otherwise
/// silently run nothing.
void validateChecksGlob(StringRef Globs) {
  auto All = getAllChecksAndOptions(false, false).Checks;
  llvm::SmallVector<StringRef, 8> Parts;
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

/// Parses a configuration, or returns the first diagnostic's message.
llvm::ErrorOr<ClangTidyOptions> parseConfig(llvm::MemoryBufferRef Buf,
                                            std::string &Err) {
  auto Parsed =
      parseConfigurationWithDiags(Buf, [&](const llvm::SMDiagnostic &D) {
        if (Err.empty())
          Err = D.getMessage().str();
      });
  if (!Parsed && Err.empty())
    Err = Parsed.getError().message();
  return Parsed;
}

} // namespace

std::unique_ptr<ClangTidyOptionsProvider> Setup::provider() const {
  auto FS = llvm::vfs::getRealFileSystem();
  if (Config)
    return std::make_unique<ConfigOptionsProvider>(Global, Defaults, *Config,
                                                   Overrides, FS);
  return std::make_unique<FileOptionsProvider>(Global, Defaults, Overrides, FS);
}

std::vector<std::string> Setup::checksFor(const std::string &File) const {
  return getCheckNames(provider()->getOptions(File), false, false);
}

Setup makeSetup(const Options &O) {
  Setup S;
  S.Defaults.Checks = "-*,retry-*";
  S.Defaults.HeaderFilterRegex = "";
  S.Defaults.SystemHeaders = false;
  if (O.Checks) {
    validateChecksGlob(*O.Checks);
    S.Overrides.Checks = *O.Checks;
  }
  if (O.HeaderFilter)
    S.Overrides.HeaderFilterRegex = *O.HeaderFilter;
  if (O.Config) {
    std::string Err;
    auto Parsed =
        parseConfig(llvm::MemoryBufferRef(*O.Config, "--config"), Err);
    if (!Parsed)
      fatal("malformed --config: " + Err);
    S.Config = *Parsed;
  }
  return S;
}

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
        if (!parseConfig((*Buf)->getMemBufferRef(), Err))
          fatal("malformed '" + Cfg + "': " + Err);
      }
      StringRef Parent = llvm::sys::path::parent_path(Dir);
      if (Parent == Dir)
        break;
      Dir = Parent;
    }
  }
}

void listChecks(const Setup &S, const Options &O) {
  std::string Probe = O.Paths.empty() ? absolutePath("dummy.cpp")
                                      : absolutePath(O.Paths.front());
  llvm::outs() << "Enabled checks:";
  for (const std::string &N : S.checksFor(Probe))
    llvm::outs() << "\n    " << N;
  llvm::outs() << "\n\n";
}

} // namespace retrylint
