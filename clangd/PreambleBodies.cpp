// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clangd parses the headers at the top of a file once, into a preamble, and
// skips every function body in them to save time. The retry checks read
// those bodies (a backoff helper in a header, a retry helper template), so
// with skipped bodies the editor would report what the command line does not.
// This feature module makes the preamble keep the bodies, so that
// retrylint-clangd, retrylint and clang-tidy --load give the same findings.
// `--retrylint-preamble-bodies=skip` restores clangd's behaviour; the checks
// then treat a skipped body as unknown.

#include "PreambleBodies.h"
#include "ClangdFeatureModule.h"
#include "clang/Frontend/CompilerInstance.h"

namespace clang::clangd {
namespace {

class KeepBodies final : public FeatureModule::ASTListener {
public:
  void beforeExecute(CompilerInstance &CI) override {
    if (retrylint::parsePreambleBodies())
      CI.getFrontendOpts().SkipFunctionBodies = false;
  }
};

class PreambleBodiesModule final : public FeatureModule {
public:
  std::unique_ptr<ASTListener> astListeners() override {
    return std::make_unique<KeepBodies>();
  }
};

} // namespace
} // namespace clang::clangd

static bool ParseBodies = true;

bool retrylint::parsePreambleBodies() { return ParseBodies; }
void retrylint::setParsePreambleBodies(bool Parse) { ParseBodies = Parse; }

static clang::clangd::FeatureModuleRegistry::Add<
    clang::clangd::PreambleBodiesModule>
    RegisterPreambleBodies("retrylint-preamble-bodies",
                           "Parse function bodies in the preamble");
