// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "PerAttemptIdempotencyKeyCheck.h"
#include "clang-tidy/ClangTidyModule.h"

namespace clang::tidy {
namespace retry {

/// Checks for retry code that double-charges, storms or never succeeds.
class RetryTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
    CheckFactories.registerCheck<PerAttemptIdempotencyKeyCheck>(
        "retry-per-attempt-idempotency-key");
  }
};

} // namespace retry

static ClangTidyModuleRegistry::Add<retry::RetryTidyModule>
    X("retry-module", "Adds checks for retry and idempotency bugs.");

// Referenced by executables that link the static library, so the linker keeps
// this object (and with it the registration above).
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int RetryTidyModuleAnchorSource = 0;

} // namespace clang::tidy
