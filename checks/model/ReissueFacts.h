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

/// Does \p Args, the arguments a handler \p H hands when it schedules
/// itself again, pass the same request on: its own parameters, a counter
/// stepped by one, a placeholder? A timer re-armed for another request
/// (`bind(&C::OnTimeout, self, next->id())`) is no retry.
bool handsOnSameRequest(const FunctionDecl *H,
                        llvm::ArrayRef<const Expr *> Args);

/// Does a test of a count of sends decide that \p Again, a call in \p H
/// that starts \p Attempt (possibly \p H itself) again, runs: a counter \p H
/// or \p Attempt steps, compared with a bound that is no counter, in a test
/// around the call (`if (state->rsprobes++ < MAX_RTR_SOLICITATIONS)
/// timeout_add(4, self, ifp)`) or in an earlier one that leaves \p H (`if
/// (u->transmits >= u->maxtransmits) { give up; return; }`)? Then each
/// attempt is sent until something cancels the timer (a reply): a
/// retransmission, not a periodic task.
bool sentUnderCount(const FunctionDecl *H, const FunctionDecl *Attempt,
                    const CallExpr *Again, ASTContext &Ctx);

/// The waits of the re-issue \p Site by handler \p H, after the general
/// reading of the handler: only what runs on every way to the re-issue,
/// and, when a scheduler call \p Timer in function \p Arming hands the
/// attempt on (the site itself) or arms the handler again (in the attempt,
/// which is then started at once), the delay it or the timer it registers
/// is armed with.
void readReissueWaits(RetrySite &Site, const FunctionDecl *H,
                      const CallExpr *Timer, const FunctionDecl *Arming,
                      const ApiModel &Model, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
