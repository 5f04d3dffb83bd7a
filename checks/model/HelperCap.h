// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attempt cap a call to a retry helper gets: its helper's own cap,
// mapped onto the call's arguments (a cap parameter, a starting count,
// through forwarding overloads), a leading integer argument, or a policy.

#ifndef RETRYLINT_CHECKS_MODEL_HELPERCAP_H
#define RETRYLINT_CHECKS_MODEL_HELPERCAP_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// Reads the cap and deadline of \p Site, made by \p Call to a helper.
void readHelperCap(RetrySiteIndex &Index, RetrySite &Site,
                   const CallExpr *Call);

} // namespace clang::tidy::retry::model

#endif
