// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Restarts of interrupted calls: a way back taken only when the last call
// was cut short by a signal (EINTR) restarts it and retries no failure,
// whatever the kind of site (a loop's `continue` or condition, a backward
// goto, a recursive call) and however the test is written (errno compared
// with EINTR, a `case EINTR:`, a predicate whose body or name says so).

#ifndef RETRYLINT_CHECKS_MODEL_INTERRUPTS_H
#define RETRYLINT_CHECKS_MODEL_INTERRUPTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang::tidy::retry::model {

/// Does \p Cond hold only when the last call was interrupted (`rc < 0 &&
/// errno == EINTR`, `socket_eintr()`, `is_interrupted(err)`)?
bool testsInterrupt(const Expr *Cond, ASTContext &Ctx);

/// The ways back \p IsWayBack picks in \p Region: whether there is any,
/// and whether one is taken other than under an interrupt test (the
/// then-branch of such an `if`, the statements of a `case EINTR:`).
/// \p IntoLoops: a way back inside a nested loop counts (a goto's does,
/// a loop's `continue` does not).
struct WaysBack {
  bool Any = false;
  bool Other = false;
  /// Every way back found is a restart of an interrupted call.
  bool onlyOnInterrupt() const { return Any && !Other; }
};
WaysBack waysBack(const Stmt *Region,
                  llvm::function_ref<bool(const Stmt *)> IsWayBack,
                  bool IntoLoops, ASTContext &Ctx);

/// Does the loop of \p Body and \p Cond go back only when a call was
/// interrupted: every `continue` under an interrupt test, and the end of
/// the body never reached or followed by a condition that tests one (`do
/// rc = read(fd, b, n); while (rc < 0 && errno == EINTR);`)?
bool loopRestartsOnInterrupt(const Stmt *Body, const Expr *Cond,
                             ASTContext &Ctx);

/// Why a site that goes back only on an interrupt is none (for --trace).
inline constexpr const char *InterruptRestart =
    "it goes back only when a call was interrupted (EINTR): a restart, not "
    "a retry";

} // namespace clang::tidy::retry::model

#endif
