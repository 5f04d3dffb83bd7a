// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The "no wait" fact per way back: a retry loop that waits on some ways
// back to the next attempt may still go back on another without waiting
// (`if (tries > 1) sleep(...)`: the first retry goes at once; `if (status ==
// 429) { wait for the reset } continue;`: a timeout goes at once).

#ifndef RETRYLINT_CHECKS_MODEL_WAITPATHS_H
#define RETRYLINT_CHECKS_MODEL_WAITPATHS_H

#include "RetriedStatuses.h"
#include "RetrySite.h"

namespace clang::tidy::retry::model {

/// For a retry loop whose waits are \p Site.Waits, the statement where a
/// way back to the next attempt leaves every wait behind: the `if` whose
/// untaken branch holds the wait (when that way reads as one that still
/// goes back after a failure: `status == 429`, `tries > 1`), or the
/// `continue` reached before it. Null
/// when every way back read passes a wait, or one cannot be read (a wait in
/// a `switch`, a `try` or an inner loop, a wait the model cannot place).
const Stmt *wayBackWithoutWait(const RetrySite &Site, ASTContext &Ctx);

/// For a retry loop, where a way back goes to the next attempt with no
/// wait: the condition of an `if` whose branch goes back with `continue`
/// for a failure \p R retries (`if (!res) continue;`) with no wait in the
/// loop before that `continue`, in the branch, or in the loop's condition
/// or increment; else wayBackWithoutWait(). Null for other sites, or when
/// every way back read waits.
const Stmt *bareWayBack(const RetrySite &Site, const RetriedStatuses &R,
                        ASTContext &Ctx);

/// For a retry loop, a wait whose duration was read as neither jittered nor
/// from Retry-After and whose way back holds no wait that is jittered or
/// unread (each such wait sits in the other arm of an `if`, or in another
/// `case` group of a `switch`): jitter is judged per way back. Null when
/// there is none, or the loop reads Retry-After (a way back chosen by it
/// waits as the server said).
const Wait *unjitteredWayBack(const RetrySite &Site, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
