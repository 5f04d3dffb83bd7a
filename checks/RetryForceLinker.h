// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef RETRYLINT_CHECKS_RETRYFORCELINKER_H
#define RETRYLINT_CHECKS_RETRYFORCELINKER_H

namespace clang::tidy {
// Defined in RetryTidyModule.cpp; referencing it keeps the module linked.
extern volatile int RetryTidyModuleAnchorSource;
[[maybe_unused]] static int RetryTidyModuleAnchorDestination =
    RetryTidyModuleAnchorSource;
} // namespace clang::tidy

#endif
