// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The part of clangd's feature-module interface (clangd/FeatureModule.h in
// LLVM 22) that retrylint-clangd uses. Debian ships clangd's libraries but
// not its headers, so the interface is declared here; clangd calls these
// functions through the vtable, so the virtual functions and the data
// members must stay in this order and these types. The preamble test
// (test/clangd/frontends-agree.test) fails if they ever stop matching.

#ifndef RETRYLINT_DRIVER_CLANGD_CLANGDFEATUREMODULE_H
#define RETRYLINT_DRIVER_CLANGD_CLANGDFEATUREMODULE_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/Registry.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class CompilerInstance;
class Diagnostic;
namespace clangd {
struct Diag;
class LSPBinder;
class SymbolIndex;
class ThreadsafeFS;
class TUScheduler;
class Tweak;

/// clangd's Deadline is a 16-byte trivially copyable value (a kind and a
/// steady_clock time point); only its size and passing convention matter
/// here, since no retrylint module reads it.
struct Deadline {
  int Kind;
  long long Time;
};

class FeatureModule {
public:
  virtual ~FeatureModule() {
    stop();
    blockUntilIdle(Deadline{1, 0});
  }
  virtual void initializeLSP(LSPBinder &, const llvm::json::Object &,
                             llvm::json::Object &) {}
  struct Facilities {
    TUScheduler &Scheduler;
    const SymbolIndex *Index;
    const ThreadsafeFS &FS;
  };
  void initialize(const Facilities &F);
  virtual void stop() {}
  virtual bool blockUntilIdle(Deadline) { return true; }
  virtual void contributeTweaks(std::vector<std::unique_ptr<Tweak>> &) {}

  struct ASTListener {
    virtual ~ASTListener() = default;
    /// Called right before FrontendAction::Execute, for the preamble and
    /// for the main file.
    virtual void beforeExecute(CompilerInstance &) {}
    virtual void sawDiagnostic(const clang::Diagnostic &, clangd::Diag &) {}
  };
  virtual std::unique_ptr<ASTListener> astListeners() { return nullptr; }

private:
  std::optional<Facilities> Fac;
};

using FeatureModuleRegistry = llvm::Registry<FeatureModule>;

} // namespace clangd
} // namespace clang

#endif
