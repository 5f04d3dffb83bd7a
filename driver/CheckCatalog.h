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

/// The base URL of the check pages built in (the RETRYLINT_DOCS_URL CMake
/// cache variable); empty when none was set.
std::string defaultDocsUrl();

/// Whether \p Url may be a docs base: empty, or an http:// or https:// URL.
bool isDocsUrl(const std::string &Url);

/// The error for a --docs-url that is not one.
std::string docsUrlError(const std::string &Url);

/// The check's page under the docs base \p Base (<base>/<doc>.md), or ""
/// when \p Base is empty: a help link is a URL or nothing, never a file://
/// URI that a CI viewer cannot open.
std::string docUri(const std::string &Check, const std::string &Base);

/// The check's page, docs/checks/<doc>.md, as compiled into the binary; ""
/// for an unknown check.
std::string checkPage(const std::string &Check);

/// The text of the "## \p Heading" section of \p Markdown, without the
/// heading, trimmed; "" when there is none.
std::string pageSection(const std::string &Markdown,
                        const std::string &Heading);

/// The first sentence of the check's page, else the catalog's summary.
std::string checkSummary(const std::string &Check);

/// The first sentence of the first paragraph after the title of a check's
/// page (\p Markdown), or "".
std::string pageSummary(const std::string &Markdown);

} // namespace retrylint

#endif
