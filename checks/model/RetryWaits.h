// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The waits between a retry site's attempts (what they wait, whether the
// duration grows or is jittered, whether it is read from Retry-After) and
// the places its per-attempt code reads Retry-After.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYWAITS_H
#define RETRYLINT_CHECKS_MODEL_RETRYWAITS_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;
class ValueOrigin;

/// Reads the waits of \p Site from its per-attempt code \p Code and, for
/// Retry-After, that code with the same-TU functions it calls (\p All).
void readWaits(RetrySiteIndex &Index, RetrySite &Site,
               llvm::ArrayRef<const Stmt *> Code,
               llvm::ArrayRef<const Stmt *> All, ValueOrigin &Origins);

} // namespace clang::tidy::retry::model

#endif
