// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loops that go round after a success (a batch, load-test or event loop):
// no retry site however they fail.

#ifndef RETRYLINT_CHECKS_MODEL_ROUNDAFTERSUCCESS_H
#define RETRYLINT_CHECKS_MODEL_ROUNDAFTERSUCCESS_H

#include "ApiModel.h"

namespace clang::tidy::retry::model {

class LoopBodyReads;

/// Does \p Loop go round after its operations succeeded, and never leave
/// because one did: a batch, load-test or event loop (`for (j < 100) { res =
/// cli.Get(); ASSERT_TRUE(res); ... }`, `while (!mresult) { mresult =
/// curl_multi_poll(); ... }`), which is no retry site however it fails.
/// False when the outcome tests cannot be read (unknown is no evidence).
bool goesRoundAfterSuccess(const Stmt *Loop, llvm::ArrayRef<Operation> Ops,
                           ASTContext &Ctx, LoopBodyReads &Reads);

} // namespace clang::tidy::retry::model

#endif
