// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "TidyFlags.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"

using llvm::StringRef;

namespace retrylint {

std::string regexError(StringRef Re) {
  std::string Err;
  llvm::Regex(Re).isValid(Err);
  return Err;
}

/// Why \p Text is not clang-tidy's line filter, a JSON array of
/// {"name": FILE, "lines": [[FIRST, LAST], ...]} objects; "" if it is.
static std::string lineFilterError(StringRef Text) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  if (!V)
    return llvm::toString(V.takeError());
  const llvm::json::Array *A = V->getAsArray();
  if (!A)
    return "not a JSON array";
  for (const llvm::json::Value &E : *A) {
    const llvm::json::Object *O = E.getAsObject();
    if (!O || !O->getString("name"))
      return "every entry needs a \"name\" string";
    const llvm::json::Value *Lines = O->get("lines");
    if (!Lines)
      continue;
    const llvm::json::Array *L = Lines->getAsArray();
    if (!L)
      return "\"lines\" is not an array of [first, last] pairs";
    for (const llvm::json::Value &R : *L) {
      const llvm::json::Array *P = R.getAsArray();
      if (!P || P->size() != 2 || !(*P)[0].getAsInteger() ||
          !(*P)[1].getAsInteger())
        return "\"lines\" is not an array of [first, last] pairs";
    }
  }
  return "";
}

void applyTidyFlags(const Options &O, Setup &S) {
  if (O.ExcludeHeaderFilter) {
    std::string Err = O.ExcludeHeaderFilter->empty()
                          ? ""
                          : regexError(*O.ExcludeHeaderFilter);
    if (!Err.empty())
      fatal("--exclude-header-filter: invalid regular expression '" +
            *O.ExcludeHeaderFilter + "': " + Err);
    S.Overrides.ExcludeHeaderFilterRegex = *O.ExcludeHeaderFilter;
  }
  if (O.SystemHeaders)
    S.Overrides.SystemHeaders = *O.SystemHeaders;
  if (!O.LineFilter.empty()) {
    // Checked here first: clang-tidy's YAML reader prints its own
    // multi-line error before failing.
    std::string Err = lineFilterError(O.LineFilter);
    std::error_code EC;
    if (Err.empty() &&
        (EC = clang::tidy::parseLineFilter(O.LineFilter, S.Global)))
      Err = EC.message();
    if (!Err.empty())
      fatal("--line-filter: invalid value '" + O.LineFilter + "': " + Err);
  }
  if (!O.ExtraArgs.empty())
    S.Overrides.ExtraArgs = O.ExtraArgs;
  if (!O.RemovedArgs.empty())
    S.Overrides.RemovedArgs = O.RemovedArgs;
  if (!O.ExtraArgsBefore.empty())
    S.Overrides.ExtraArgsBefore = O.ExtraArgsBefore;
  if (O.WarningsAsErrors)
    S.Overrides.WarningsAsErrors = *O.WarningsAsErrors;
}

} // namespace retrylint
