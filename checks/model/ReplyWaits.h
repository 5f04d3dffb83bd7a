// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The I/O waits (`select`, `poll`, `epoll_wait` and kin) and the replies
// they await. Handed a timeout, an I/O wait blocks that long when nothing
// comes: a wait between attempts like a sleep. After a send on the
// descriptor it watches, it awaits the reply, and its outcome is the send's:
// a loop that goes back when it saw no reply sends again (a RADIUS, DNS or
// NTP client's retransmission).

#ifndef RETRYLINT_CHECKS_MODEL_REPLYWAITS_H
#define RETRYLINT_CHECKS_MODEL_REPLYWAITS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::retry::model {

/// The argument of an I/O wait of the C library (`select`, `pselect`,
/// `poll`, `ppoll`, `epoll_wait`, `epoll_pwait`, `WSAPoll`) that bounds how
/// long it waits; none for any other call.
std::optional<unsigned> ioWaitTimeoutArg(const CallExpr *Call);

/// Does the I/O wait \p Call wait without end: no timeval (`NULL`), or a
/// negative number of milliseconds?
bool waitsWithoutEnd(const CallExpr *Call, ASTContext &Ctx);

/// The record the I/O wait \p Call is handed by address as its timeout
/// (`tv` in `select(n, &r, 0, 0, &tv)`), or null.
const VarDecl *timeoutRecord(const CallExpr *Call);

/// Does \p Call fill the timeout record of an I/O wait of \p Waits
/// (`to_timeval(delay, &tv)` before `select(..., &tv)`)? It computes the
/// wait; it neither waits nor sends.
bool fillsTimeout(const CallExpr *Call, llvm::ArrayRef<const CallExpr *> Waits);

/// What the timeout of the I/O wait \p Call is made of in \p Within (its
/// function's body): the number itself, or for a `struct timeval` handed
/// by address what is stored in its fields (`tv.tv_sec = timeout`) and
/// what a call that fills it is handed besides (`to_timeval(t, &tv)`).
llvm::SmallVector<const Expr *, 2> timeoutSources(const CallExpr *Call,
                                                  const Stmt *Within);

/// Is \p Call a send on a descriptor of the C library (`send`, `sendto`,
/// `sendmsg`)? Its reply, not its result, tells whether it got through.
bool isDescriptorSend(const CallExpr *Call);

/// Of \p Waits, the I/O waits with a timeout in a loop's body, the first
/// after \p Send that watches a descriptor \p Send is handed (`sendto(fd,
/// ...)` then `select(fd + 1, ...)`, or a `struct pollfd` made from `fd`
/// in \p Within): the wait for its reply. Null when there is none.
const CallExpr *replyWaitAfter(const CallExpr *Send,
                               llvm::ArrayRef<const CallExpr *> Waits,
                               const Stmt *Within, ASTContext &Ctx);

/// Does \p Loop go back when its reply wait \p Wait saw no reply: a test
/// that a reply came (`FD_ISSET(fd, &set)`, `n > 0`) leaves the loop, or a
/// test that none came (`status == 0`) may go round?
bool goesBackWithoutReply(const Stmt *Loop, const CallExpr *Wait,
                          ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
