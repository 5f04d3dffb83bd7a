// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The facts of a retry by re-issue (RetryReissue.h): the cap and the wait
// read in the handler that starts a failed attempt again, and which calls
// schedule what they are handed.

#ifndef RETRYLINT_CHECKS_MODEL_REISSUEFACTS_H
#define RETRYLINT_CHECKS_MODEL_REISSUEFACTS_H

#include "ApiModel.h"
#include "RetrySite.h"
#include "utils/AnalysedFiles.h"

namespace clang::tidy::retry::model {

/// Does \p Call, in handler \p H, run what it is handed later, as a
/// scheduler: it is handed a delay, or its name as written says so
/// (`RunAfter`, `RunInLoop`, `post`, `addTask`, `async_wait`,
/// `evtimer_assign`), or \p H arms the timer it registers with a delay? A
/// callable handed to anything else is that call's completion handler.
bool isScheduler(const CallExpr *Call, const FunctionDecl *H, ASTContext &Ctx);

/// The delay \p Call hands over: an argument (not a null pointer) of a
/// duration type, or whose parameter or type is named for a delay
/// (`delay`, `interval`, `delayInMs`, `Duration`, `struct timeval *`).
const Expr *delayArgument(const CallExpr *Call, ASTContext &Ctx);

/// The timer or event object \p E names, through `&` and casts: a member
/// or a variable (not a parameter) whose type is an event, a timer, a
/// watcher or an alarm (`&c->retry_ev`, `ns->timeout_event`).
const ValueDecl *eventObject(const Expr *E);

/// The cap of the re-issue \p Site by handler \p H of \p Attempt: a counter
/// the handler steps compared in a test of the handler or around a call
/// to it (a constant bound makes a cap of that size), a policy asked in such
/// a test; a counter compared only in the attempt, a cap of unknown size. A
/// stop switch (`auto_reconnect_`) is no cap.
void readReissueCap(RetrySite &Site, const FunctionDecl *H,
                    const FunctionDecl *Attempt, ASTContext &Ctx,
                    const utils::AnalysedFiles &Files);

/// Does \p Again, a call in \p H that arms \p H again, run under a test of
/// a counter \p H steps against a constant bound and nothing else (`if
/// (state->rsprobes++ < MAX_RTR_SOLICITATIONS) timeout_add(4, self, ifp)`)?
/// Then \p H sends until something cancels its timer (a reply): a
/// retransmission, not a periodic task.
bool reArmedOnCount(const FunctionDecl *H, const CallExpr *Again,
                    ASTContext &Ctx);

/// The waits of the re-issue \p Site by handler \p H, after the general
/// reading of the handler: only what runs on every way to the re-issue,
/// and, when the attempt is handed to a scheduler (\p Scheduled), the delay
/// it or the timer it registers is armed with.
void readReissueWaits(RetrySite &Site, const FunctionDecl *H, bool Scheduled,
                      const ApiModel &Model, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
