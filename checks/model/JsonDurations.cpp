// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "JsonDurations.h"
#include "utils/Duration.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"
#include <optional>

namespace clang::tidy::retry::model {

using namespace utils;

std::vector<JsonDuration> jsonDurations(StringRef Text) {
  std::vector<JsonDuration> Out;
  // Most literals are not JSON: no regex for them.
  if (!Text.contains(':') || !Text.contains('"'))
    return Out;
  // "idempotency_key_retention_seconds": 90, "dedup_window": "15m"
  static const llvm::Regex Pair(
      "\"([A-Za-z_][A-Za-z0-9_]*)\"[[:space:]]*:[[:space:]]*"
      "(\"[^\"]*\"|[0-9]+(\\.[0-9]+)?)");
  llvm::SmallVector<StringRef, 4> M;
  while (Pair.match(Text, &M)) {
    StringRef Key = M[1], Value = M[2];
    std::optional<double> S;
    if (Value.consume_front("\"") && Value.consume_back("\"")) {
      S = parseDuration(Value);
    } else if (std::optional<double> Unit = durationUnitFromName(Key)) {
      double V = 0;
      if (!Value.getAsDouble(V))
        S = V * *Unit;
    }
    if (S)
      Out.push_back({Key.str(), *S});
    Text = Text.substr(M[0].end() - Text.begin());
  }
  return Out;
}

} // namespace clang::tidy::retry::model
