// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a loop, recursion or goto retry bounds its attempts: a counter
// compared with a constant or a variable, a policy call that decides, or an
// elapsed-time guard (a deadline). Helper calls take their helper's cap
// (HelperCap.h).

#ifndef RETRYLINT_CHECKS_MODEL_ATTEMPTCAP_H
#define RETRYLINT_CHECKS_MODEL_ATTEMPTCAP_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

/// How long the elapsed-time guard of \p S lets it run, in seconds, when its
/// test compares the clock with a constant (`now() - start > 60s`, a count
/// in the clock's unit); none when it has no such guard.
std::optional<double> deadlineSeconds(const RetrySite &S,
                                      const ASTContext &Ctx);

class ValueOrigin;

/// Reads the attempt cap and deadline of \p Site, a loop, recursion or goto
/// site, from its per-attempt code \p Code in the function \p Fn.
void readCap(RetrySite &Site, llvm::ArrayRef<const Stmt *> Code,
             const FunctionDecl *Fn, ValueOrigin &Origins,
             const ApiModel &Model, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
