// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a retry site's attempt counter moves: where a round steps it, in
// which direction, from which start, and how far the value an exit test
// reads is ahead of the attempts made by then. AttemptCap.cpp turns these
// into a number of attempts.

#ifndef RETRYLINT_CHECKS_MODEL_COUNTERMOTION_H
#define RETRYLINT_CHECKS_MODEL_COUNTERMOTION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::retry::model {

struct CounterMotion {
  /// The steps of the counter in a round (`++n`, `left--`, `n += 1`), in
  /// source order.
  llvm::SmallVector<const Expr *, 2> Steps;
  /// Every step takes one away: the counter holds the attempts left.
  bool Down = false;
  /// The constant the counter holds before the first round, when written
  /// (its initializer, the `for` init, or the last store before the site).
  std::optional<int64_t> Start;
};

/// How \p Counter moves in \p Code, the site's per-attempt code (for a loop,
/// the loop itself), which begins the site in \p Fn.
CounterMotion counterMotion(const VarDecl *Counter,
                            llvm::ArrayRef<const Stmt *> Code,
                            const FunctionDecl *Fn, ASTContext &Ctx);

/// How far the counter read by the exit test \p Test is ahead of the
/// attempts made when it is read, in one round of \p Site (a loop runs its
/// condition, body and increment in that order; other code in source
/// order): 1 when the round steps it (\p M) before the test and attempts
/// after, -1 when it attempts before and steps after, else 0.
int roundOffset(const Stmt *Site, const Stmt *Test, const CounterMotion &M,
                llvm::ArrayRef<const Stmt *> Attempts, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
