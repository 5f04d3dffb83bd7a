// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A translation unit's clang-tidy errors as JSON and back, losslessly
// (messages, notes, fix-its and ranges): what the result cache stores and
// shard results carry.

#ifndef RETRYLINT_DRIVER_ERRORSJSON_H
#define RETRYLINT_DRIVER_ERRORSJSON_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace retrylint {

/// A unit's errors as JSON: what Report reads of them (check, level,
/// warning-as-error, message text, file and offset, build directory, notes).
llvm::json::Array
errorsToJson(const std::vector<clang::tidy::ClangTidyError> &R);
/// The inverse of errorsToJson(); false with \p Err on a malformed value.
bool errorsFromJson(const llvm::json::Value &V,
                    std::vector<clang::tidy::ClangTidyError> &Out,
                    std::string &Err);

} // namespace retrylint

#endif
