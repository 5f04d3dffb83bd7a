// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the driver knows about each check (generated from checks/Checks.def):
// its one-sentence summary, what it finds, its documentation page and the
// runtime-probe scenarios that back it. Plain standard types only: used by
// the SARIF writer (compiled without exceptions) and by `explain` (compiled
// with them).

#ifndef RETRYLINT_DRIVER_CHECKCATALOG_H
#define RETRYLINT_DRIVER_CHECKCATALOG_H

#include <string>
#include <vector>

namespace retrylint {

/// One side-by-side comparison: the scenario that reproduces the bug and the
/// one that shows the fix (empty when the probe has no fix variant).
struct ScenarioPair {
  const char *Failing;
  const char *Fix;
};

struct CheckInfo {
  const char *Name;    ///< the check's name, "retry-<doc>"
  const char *Summary; ///< one sentence, the first of docs/checks/<doc>.md
  const char *Finds;   ///< what the check reports
  std::vector<ScenarioPair> Scenarios;
};

const std::vector<CheckInfo> &checkCatalog();

/// nullptr when \p Name is not in the catalog.
const CheckInfo *findCheck(const std::string &Name);

/// The name of the check's page in docs/checks: "<doc>" for "retry-<doc>".
std::string docName(const std::string &Check);

/// The URI of the check's documentation page: RETRYLINT_DOCS_URL (a CMake
/// cache variable) + <doc>.md when it was set at build time, else a file://
/// URI to the installed docs (<prefix>/share/doc/retrylint/checks) or, for a
/// build-tree binary, to the source tree's docs/checks.
std::string docUri(const std::string &Check);

/// The first sentence of docs/checks/<doc>.md when the page can be found
/// (installed or in the source tree), else the catalog's summary.
std::string checkSummary(const std::string &Check);

/// The first sentence of the first paragraph after the title of a check's
/// page (\p Markdown), or "".
std::string pageSummary(const std::string &Markdown);

} // namespace retrylint

#endif
