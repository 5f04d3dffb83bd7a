// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Waits the API model's list does not name: a project's own sleep, a timer
// constructed with its duration, and durations computed where the model
// cannot see.

#ifndef RETRYLINT_CHECKS_MODEL_WAITNAMES_H
#define RETRYLINT_CHECKS_MODEL_WAITNAMES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace clang::tidy::retry::model {

/// Is \p Name a blocking wait for an event (`wait`, `await`,
/// `WaitForChange`)? Its length is unknown.
bool isBlockingWaitName(StringRef Name);

/// Is \p Name one of the coroutine protocol's members (`await_suspend`,
/// `return_void`), which `co_await` and `co_return` call?
bool isCoroutineProtocolName(StringRef Name);

/// Is \p Name a sleep: a word `sleep`, `nap` or `delay` (MySleep, msleep,
/// task_delay), or `wait` with a time unit (curlx_wait_ms)?
bool isSleepName(StringRef Name);

/// Does \p Name say the value is a delay (`delay`, `interval`, `timeout_ms`,
/// `Duration`, `timeval`)?
bool namesDelay(StringRef Name);

/// Is \p D a number named for a timeout (`last_clock_timeout`, `timeout_ms`):
/// a time, which says when, not that something timed out?
bool isTimeoutValue(const ValueDecl *D);

/// Is \p Name that of a pause whose length the name does not give
/// (`backoff`, `pause`, `hold`): it waits, for an unknown time.
bool isPauseName(StringRef Name);

/// The parameter of \p FD that says how long it waits: a `std::chrono`
/// duration, or a number named for a time unit (`timeout_ms`, `seconds`).
const ParmVarDecl *durationParam(const FunctionDecl *FD);

/// The parameter that bounds a wait for an event (`wait_for_reply(conn,
/// timeout)`): a durationParam(), or a number named for a timeout.
const ParmVarDecl *waitBoundParam(const FunctionDecl *FD);

/// For `t.wait()` / `t.async_wait(h)` on a local timer constructed with a
/// duration (`steady_timer t(io, d)`), that duration.
const Expr *timerConstructionDuration(const CallExpr *Call);

/// Does \p E (or the local it reads) come from a call whose result the
/// model cannot read: no body in the TU, a virtual call, or a field of a
/// struct a call returned (`permit.delay` after `permit = node.retry()`)?
/// Is \p Call handed only times (a `struct timespec`, `timeval` or `tm`,
/// by value or address: `elapsed(&now, &start)`)? It computes a time from
/// clock readings, no random source.
bool handedOnlyTimes(const CallExpr *Call);
bool comesFromOpaqueCall(const Expr *E, unsigned Depth = 0);

/// Was \p FD's body in the source but skipped by the frontend (clangd's
/// preamble, -fskip-function-bodies)? What such a function does is unknown,
/// which is not the same as doing nothing.
bool bodySkipped(const FunctionDecl *FD);

} // namespace clang::tidy::retry::model

#endif
