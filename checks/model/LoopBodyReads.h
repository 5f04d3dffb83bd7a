// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the readers of loops by outcome take from a loop body, read once per
// body: its tests, its assignments, whether it asks a library for its last
// error, and which block's statement stores each value.

#ifndef RETRYLINT_CHECKS_MODEL_LOOPBODYREADS_H
#define RETRYLINT_CHECKS_MODEL_LOOPBODYREADS_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>

namespace clang::tidy::retry::model {

/// The reads of loop bodies by outcome (loopsBackOnFailure() and the rest
/// in LoopBackOnFailure.cpp, goesRoundAfterSuccess() in
/// RoundAfterSuccess.cpp): each body's tests and assignments, kept for
/// the next call asked about the same body instead of walking it again for
/// each call. The index keeps one for its translation unit, whose AST does
/// not change meanwhile.
class LoopBodyReads {
public:
  LoopBodyReads();
  ~LoopBodyReads();
  LoopBodyReads(const LoopBodyReads &) = delete;
  LoopBodyReads &operator=(const LoopBodyReads &) = delete;

  /// Calls \p Fn on every if, switch and try statement of \p Body, lambdas
  /// left out, with whether it sits in a nested loop or switch (where
  /// `break` and `continue` are that statement's, not the loop's).
  void forEachTest(const Stmt *Body,
                   llvm::function_ref<void(const Stmt *, bool)> Fn);
  /// forEachVarAssignment() of \p Body.
  void
  forEachAssignment(const Stmt *Body,
                    llvm::function_ref<void(const VarDecl *, const Expr *)> Fn);
  /// Does \p Body call a getter of a library's last error
  /// (isLastErrorGetter())? Read once per body.
  bool readsLastError(const Stmt *Body);
  /// The block of \p Body whose statement (or whose `if`'s or loop's
  /// condition) stores \p Value, or null when a branch or a nested
  /// expression holds the store. Read once per body.
  const CompoundStmt *statementBlock(const Stmt *Body, const Expr *Value);

private:
  struct BodyReads;
  BodyReads &of(const Stmt *S);
  /// Held by pointer: a read of one body may start the read of another.
  llvm::DenseMap<const Stmt *, std::unique_ptr<BodyReads>> Bodies;
};

} // namespace clang::tidy::retry::model

#endif
