// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Durations a JSON configuration text gives by key (`"dedup_window": "15m"`,
// `"key_ttl_ms": 90000`), read from the text of a string literal. Unlike
// GrpcServiceConfig, which parses a whole document, this reads key/value
// pairs out of any text: a literal often holds only part of a document.

#ifndef RETRYLINT_CHECKS_MODEL_JSONDURATIONS_H
#define RETRYLINT_CHECKS_MODEL_JSONDURATIONS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// One `"key": value` pair whose value is a duration.
struct JsonDuration {
  std::string Key;
  double Seconds;
};

/// The durations of the `"key": value` pairs in \p Text, in order and at any
/// depth: a string value that parses as a duration ("15m", "24h"), or a
/// number in the unit the key names (`_ms`, `_seconds`). Pairs whose value
/// is neither are left out.
std::vector<JsonDuration> jsonDurations(llvm::StringRef Text);

} // namespace clang::tidy::retry::model

#endif
