// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CheckThenActDedupCheck.h"
#include "ContentDerivedIdempotencyKeyCheck.h"
#include "DedupWindowTooShortCheck.h"
#include "MissingBackoffCheck.h"
#include "MissingBudgetCheck.h"
#include "NestedLayersCheck.h"
#include "NonRetryableStatusCheck.h"
#include "PerAttemptIdempotencyKeyCheck.h"
#include "UnkeyedSideEffectCheck.h"
#include "VolatileIdempotencyStoreCheck.h"
#include "clang-tidy/ClangTidyModule.h"

namespace clang::tidy {
namespace retry {

/// Checks for retry code that double-charges, storms or never succeeds.
class RetryTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
    CheckFactories.registerCheck<CheckThenActDedupCheck>(
        "retry-check-then-act-dedup");
    CheckFactories.registerCheck<ContentDerivedIdempotencyKeyCheck>(
        "retry-content-derived-idempotency-key");
    CheckFactories.registerCheck<DedupWindowTooShortCheck>(
        "retry-dedup-window-too-short");
    CheckFactories.registerCheck<MissingBackoffCheck>("retry-missing-backoff");
    CheckFactories.registerCheck<MissingBudgetCheck>("retry-missing-budget");
    CheckFactories.registerCheck<NestedLayersCheck>("retry-nested-layers");
    CheckFactories.registerCheck<NonRetryableStatusCheck>(
        "retry-non-retryable-status");
    CheckFactories.registerCheck<PerAttemptIdempotencyKeyCheck>(
        "retry-per-attempt-idempotency-key");
    CheckFactories.registerCheck<UnkeyedSideEffectCheck>(
        "retry-unkeyed-side-effect");
    CheckFactories.registerCheck<VolatileIdempotencyStoreCheck>(
        "retry-volatile-idempotency-store");
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
