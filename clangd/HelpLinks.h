// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clangd links every clang-tidy diagnostic to
// clang.llvm.org/extra/clang-tidy/checks/<module>/<check>.html, which does
// not exist for the retry module. retrylint-clangd rewrites those links in
// the messages it sends: to <docs base><check>.md, or away when there is no
// docs base (the same base as SARIF's helpUri).

#ifndef RETRYLINT_DRIVER_CLANGD_HELPLINKS_H
#define RETRYLINT_DRIVER_CLANGD_HELPLINKS_H

#include <string>

namespace retrylint {

/// One LSP message body with the retry checks' links rewritten under
/// \p DocsUrl (removed when it is empty); other bodies come back unchanged.
std::string rewriteHelpLinks(const std::string &Body,
                             const std::string &DocsUrl);

/// Routes this process's standard output through a thread that rewrites
/// each LSP message's links until finishHelpLinks(); false if it could not.
bool startHelpLinks(const std::string &DocsUrl);

/// Flushes standard output and waits until everything written is passed on.
void finishHelpLinks();

} // namespace retrylint

#endif
