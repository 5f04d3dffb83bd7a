// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry evidence: what shows that code which re-issues a call after its
// failure means to retry (docs/rules.md, "Evidence, both ways"). A known
// or configured operation needs nothing more; a site recognized by
// structure alone needs a sign of intent: an attempt counter, or a name, a
// message or a comment in or next to it that says retry. Without one a loop
// is work (a walk, a parser, a poll) and no retry site.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYEVIDENCE_H
#define RETRYLINT_CHECKS_MODEL_RETRYEVIDENCE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace clang::tidy::retry::model {

struct RetrySite;

/// Why a site is read as a retry; Kind None when nothing says so.
struct RetryEvidence {
  enum class Kind {
    None,
    Operation, ///< it re-issues a known or configured operation
    Counter,   ///< a counter of rounds compared with a bound
    Word,      ///< a name, message or comment that says retry
  };
  Kind K = Kind::None;
  SourceLocation Where;
  /// What was read, for --trace: "attempt counter 'n'", "name 'max_tries'",
  /// "comment 'reconnect until ...'".
  std::string What;
  explicit operator bool() const { return K != Kind::None; }
};

/// Does \p Word (lower case, one word of a name or of prose) say retry:
/// retry, attempt, tries, again, backoff, reconnect in their usual
/// spellings (`retries`, `nRetry`, `attempt_no`, `reconnecting`)? \p Next is
/// the word after it, for two-word forms (`back off`, `try_count`).
bool isRetryWord(StringRef Word, StringRef Next = "");

/// The evidence that \p Site, whose operations the model found by
/// structure alone, means to retry: a counter of its rounds, or a word of
/// retry in the names, string literals and comments of its code (and the
/// two lines before it) or in the name of the function that holds it
/// (\p Fn). Kind None when there is none.
RetryEvidence structuralRetryEvidence(const RetrySite &Site,
                                      const FunctionDecl *Fn, ASTContext &Ctx);

/// The evidence of \p Site, held in \p Fn: for a site whose operations the
/// model found by structure alone (\p Structural), what
/// structuralRetryEvidence() finds; otherwise the known or configured
/// operation it re-issues.
RetryEvidence siteEvidence(const RetrySite &Site, bool Structural,
                           const FunctionDecl *Fn, ASTContext &Ctx);

/// The evidence of \p Call, which hands the operation to retry helper
/// \p Helper.
RetryEvidence helperEvidence(const CallExpr *Call, const FunctionDecl *Helper);

/// Why a site found by structure alone is no retry site without evidence.
inline constexpr const char *NoRetryEvidence =
    "no retry evidence: it re-issues only calls the model does not know, and "
    "no attempt counter, no name, message or comment in or next to it says "
    "retry, attempt, tries, again, backoff or reconnect (work, not a retry)";

/// Does \p Name count attempts or failures (`retry_count`, `n_errors`)?
/// What such a variable or field changes is the retry's bookkeeping, not
/// the next item.
bool countsAttempts(StringRef Name);

/// Does \p V pick what a round of \p Region works on: an argument of a
/// call that neither reports nor waits, or an index? Then it is a walk's
/// position, no attempt counter.
bool picksWork(const Stmt *Region, const VarDecl *V, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
