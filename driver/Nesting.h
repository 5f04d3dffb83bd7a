// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A bound on how deeply an input nests, checked before any parser sees it.
// LLVM's JSON and YAML parsers recurse once per level, so a file of a few
// hundred thousand '[' overflows the stack; no compilation database,
// configuration, baseline or facts file nests more than a few levels.

#ifndef RETRYLINT_DRIVER_NESTING_H
#define RETRYLINT_DRIVER_NESTING_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace retrylint {

/// The deepest nesting accepted in any input.
constexpr unsigned MaxNesting = 64;

/// Whether the JSON text \p Text nests arrays and objects no more than
/// MaxNesting levels deep (brackets inside strings do not count). False
/// with \p Err ("nested more than 64 levels deep at line L, column C").
bool checkJsonNesting(llvm::StringRef Text, std::string &Err);

/// The same for YAML: flow collections ([ ], { }) plus the compact block
/// sequences and keys ("- - x", "? ? x") on a line, outside quotes,
/// comments and block scalars; a line indented more than 1000 columns (as
/// many levels of block nesting) is refused too, and so is a quoted string
/// that is never closed (which LLVM's YAML parser accepts).
bool checkYamlNesting(llvm::StringRef Text, std::string &Err);

} // namespace retrylint

#endif
