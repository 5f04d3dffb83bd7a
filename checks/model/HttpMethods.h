// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The HTTP method a libcurl or Beast request sends, read from how the
// request is set up (CURLOPT_POST, CURLOPT_CUSTOMREQUEST, the request's
// method()): whether a retried transfer has a side effect.

#ifndef RETRYLINT_CHECKS_MODEL_HTTPMETHODS_H
#define RETRYLINT_CHECKS_MODEL_HTTPMETHODS_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// Sets the method and side effect of \p Site's libcurl and Beast
/// operations.
void resolveHttpMethods(RetrySiteIndex &Index, RetrySite &Site);

} // namespace clang::tidy::retry::model

#endif
