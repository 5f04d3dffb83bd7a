// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy's own command-line flags that override a .clang-tidy key
// (--exclude-header-filter, --system-headers, --line-filter, --extra-arg,
// --extra-arg-before, --removed-arg, --warnings-as-errors), applied to the
// set-up with clang-tidy's meanings.

#ifndef RETRYLINT_DRIVER_TIDYFLAGS_H
#define RETRYLINT_DRIVER_TIDYFLAGS_H

#include "Config.h"
#include "Options.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace retrylint {

/// An invalid regular expression's error, or "".
std::string regexError(llvm::StringRef Re);

/// clang-tidy's own flags: each overrides its .clang-tidy key; an invalid
/// --exclude-header-filter or --line-filter is fatal().
void applyTidyFlags(const Options &O, Setup &S);

} // namespace retrylint

#endif
