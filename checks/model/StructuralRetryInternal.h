// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a test of a call's result says about its outcome (CallOutcomes.cpp),
// and whether code goes back to the call because it failed
// (LoopBackOnFailure.cpp): shared by the three kinds of retry site by
// structure (StructuralRetry.cpp). Internal to the model: checks do not
// include it.

#ifndef RETRYLINT_CHECKS_MODEL_STRUCTURALRETRYINTERNAL_H
#define RETRYLINT_CHECKS_MODEL_STRUCTURALRETRYINTERNAL_H

#include "utils/AstQueries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <utility>

namespace clang::tidy::retry::model {

enum class Outcome { Unknown, Success, Failure };

/// What a predicate's name says holds when it returns true: a retryable or
/// transient failure (`shouldRetry`, `is_transient`, `go_again`) or a
/// success (`succeeded`, `is_ok`); Unknown when it says neither.
Outcome predicateOutcome(StringRef Name);

/// Is \p Name that of a local step (taking a lock, parsing or formatting,
/// a question, reading, waiting or reporting), never a remote operation?
bool isLocalName(StringRef Name);

/// Is \p FD a function the project wrote, called by name: not a
/// constructor, destructor, conversion or operator, and not the standard
/// library's, a builtin or a system header's?
bool isProjectFunction(const FunctionDecl *FD);

/// The reads of loop bodies by outcome (loopsBackOnFailure() and the rest
/// in LoopBackOnFailure.cpp): each body's tests and assignments, kept for
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

private:
  struct BodyReads;
  BodyReads &of(const Stmt *S);
  /// Held by pointer: a read of one body may start the read of another.
  llvm::DenseMap<const Stmt *, std::unique_ptr<BodyReads>> Bodies;
};

/// Reads what \p E, a condition, says about the outcome of one call: true
/// means the call succeeded, failed, or cannot be told. \p IsResult says
/// whether an expression is the call's result (the call itself or a
/// variable that holds it).
class OutcomeReader {
public:
  OutcomeReader(ASTContext &Ctx,
                llvm::function_ref<bool(const Expr *)> IsResult)
      : Ctx(Ctx), IsResult(IsResult) {}

  /// Outcome of \p E; lastWasSpecific() then says whether it tested one
  /// named failure (`rc == ERR_INVALID`) rather than any failure.
  Outcome read(const Expr *E) {
    Specific = false;
    return readImpl(E);
  }
  bool lastWasSpecific() const { return Specific; }
  /// Outcome of the `case V:` of `switch (E)`, read as `E == V`.
  Outcome readCase(const Expr *E, const Expr *V) {
    Specific = false;
    return compare(BO_EQ, E, V);
  }

private:
  Outcome readImpl(const Expr *E);

public:
  /// Does \p E read the result at all?
  bool mentions(const Expr *E);

private:
  bool isResult(const Expr *E) { return E && IsResult(ignoreWrappers(E)); }

  /// An enumeration whose enumerator 0 is named as a success (`CURLE_OK`,
  /// `SQLITE_OK`): tested for truth, a value of it says failure.
  static bool zeroIsSuccess(QualType T);

  /// The result \p S was built from, when \p S is a one-argument
  /// construction of a record (or a local initialized by one) whose
  /// argument reads the result; else null.
  const Expr *builtFrom(const Expr *S);

  /// `rc == 0`, `err.code != ERR_NONE`, `status == SQLITE_BUSY`, `-1 == rc`.
  Outcome compare(BinaryOperatorKind Op, const Expr *L, const Expr *R);

  /// The local bool \p E names when its initializer reads the result.
  const VarDecl *resultFlag(const Expr *E);

  ASTContext &Ctx;
  llvm::function_ref<bool(const Expr *)> IsResult;
  bool Specific = false;
  unsigned FlagDepth = 0;
};

/// Does the loop around \p Call go back because \p Call failed: it leaves
/// when the call succeeds (a success test that exits, a `try` that exits
/// after the call and a handler that does not), or its condition holds
/// while the call fails?
/// \p GivesUp: \p Call is a retry helper's call, whose failure means the
/// helper gave up; going straight back (`if (!err.IsNone()) continue;`)
/// retries it again even in a loop that never leaves (`while (running_)`
/// around a reconnect).
bool loopsBackOnFailure(const Stmt *Loop, const CallExpr *Call, ASTContext &Ctx,
                        LoopBodyReads &Reads, bool GivesUp = false);

/// The calls in \p Body whose result no test can read: each written as a
/// statement of its own (`send(buf);`), reached from \p Body through
/// statements alone (no expression, lambda or `try` around it). No test of
/// the loop mentions such a call's result, so loopsBackOnFailure() is false
/// for it.
llvm::SmallPtrSet<const CallExpr *, 16> unreadResults(const Stmt *Body);

/// What the calls in a loop body are handed to change: a pointer
/// (`parse(ctx)`) or an address (`next(&it)`), with the call it goes to.
using HandedState =
    llvm::SmallVector<std::pair<const ValueDecl *, const CallExpr *>, 4>;
HandedState handedState(const Stmt *Body);
/// The same, of the calls \p Calls of a loop body (lambdas left out).
HandedState handedState(llvm::ArrayRef<const CallExpr *> Calls);

/// Does the loop body use \p Call on what an earlier step produced: \p Call
/// reads state \p Handed to another call (`parse(ctx)`, `next(&it)`) and
/// runs only when that call succeeded (`if (parse(ctx) == OK) {
/// cmp(ctx->name) ... }`), while that call itself is not retried? The loop
/// works through the steps (headers, records); \p Call acts on each one.
/// \p Guards: the if-statements of the loop body whose then-branch holds
/// \p Call (lambdas left out).
bool actsOnStep(const Stmt *Loop, const CallExpr *Call,
                const HandedState &Handed,
                llvm::ArrayRef<const IfStmt *> Guards, ASTContext &Ctx,
                LoopBodyReads &Reads);

/// Does \p Back (a recursive call, a backward goto) in \p Region run
/// because \p Call failed: it sits under a failure test of the result, in
/// a handler of a `try` around the call, or after a success test that
/// leaves?
bool goesBackOnFailure(const Stmt *Region, const CallExpr *Call,
                       const Stmt *Back, ASTContext &Ctx, LoopBodyReads &Reads);

class ApiModel;

/// Removes from \p Changed (what a loop of parts \p Parts changes, as
/// rootDecl()s) the state a retry keeps for its own waiting: a whole of
/// which the loop changes only the parts its waits read for their duration
/// (`c->interval *= 2; sleep(c->interval);`, also through a local) and parts
/// it always sets to one constant (`c->retrying = 1`). A call handed that
/// state is still the same call each round (BackoffState.cpp).
void dropBackoffState(llvm::ArrayRef<const Stmt *> Parts, const ApiModel &Model,
                      const ASTContext &Ctx,
                      llvm::SmallPtrSetImpl<const ValueDecl *> &Changed);

} // namespace clang::tidy::retry::model

#endif
