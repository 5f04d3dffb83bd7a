// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a test of a call's result says about its outcome: success, failure,
// or cannot be told (a comparison, a method of the result, a flag set from
// it, a predicate named for one outcome).

#ifndef RETRYLINT_CHECKS_MODEL_CALLOUTCOMES_H
#define RETRYLINT_CHECKS_MODEL_CALLOUTCOMES_H

#include "utils/AstQueries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang::tidy::retry::model {

enum class Outcome { Unknown, Success, Failure };

/// What a predicate's name says holds when it returns true: a retryable or
/// transient failure (`shouldRetry`, `is_transient`, `go_again`) or a
/// success (`succeeded`, `is_ok`); Unknown when it says neither.
Outcome predicateOutcome(StringRef Name);

/// Does the branch \p S of a test handle a failure: read `errno` (or report
/// it: `perror`, `strerror`), reconnect, or return a failure (a negative
/// number, `false`, a constant named for an error)?
bool handlesFailure(const Stmt *S, ASTContext &Ctx);

/// Reads what \p E, a condition, says about the outcome of one call: true
/// means the call succeeded, failed, or cannot be told. \p IsResult says
/// whether an expression is the call's result (the call itself or a
/// variable that holds it); \p Call, when known, is the call, whose
/// arguments a count of work done may be compared with.
class OutcomeReader {
public:
  OutcomeReader(ASTContext &Ctx,
                llvm::function_ref<bool(const Expr *)> IsResult,
                const CallExpr *Call = nullptr)
      : Ctx(Ctx), IsResult(IsResult), Call(Call) {}

  /// Outcome of \p E; lastWasSpecific() then says whether it tested one
  /// named failure (`rc == ERR_INVALID`) rather than any failure.
  Outcome read(const Expr *E) {
    Specific = Short = false;
    return readImpl(E);
  }
  /// Outcome of the test of \p If: read(), or for an integer result
  /// tested for its truth, what the branches say (handlesFailure()).
  Outcome readTest(const IfStmt *If);
  bool lastWasSpecific() const { return Specific; }
  /// The code the call's result is read in (a loop body, the statements
  /// after a label): what it returns says which value is a failure.
  void setRegion(const Stmt *S) { Region = S; }
  /// Did the last read compare a count of work done with the size the call
  /// was handed (`sent == len`), where the failure is a short call?
  bool lastWasShort() const { return Short; }
  /// Outcome of the `case V:` of `switch (E)`, read as `E == V`.
  Outcome readCase(const Expr *E, const Expr *V) {
    Specific = false;
    return compare(BO_EQ, E, V);
  }

private:
  Outcome readImpl(const Expr *E);
  /// A binary operator: `&&`, `||`, a comparison, an assignment.
  Outcome readBinary(const BinaryOperator *BO);

public:
  /// Does \p E read the result at all?
  bool mentions(const Expr *E);

private:
  bool isResult(const Expr *E) { return E && IsResult(utils::ignoreWrappers(E)); }

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

  /// Does \p E read what the call was handed as an argument (`len` in
  /// `send_buf(fd, buf, len)`), a variable or a field, not a constant?
  bool handedToCall(const Expr *E) const;

  ASTContext &Ctx;
  llvm::function_ref<bool(const Expr *)> IsResult;
  /// Does Region hand the result itself back (`return ret;`)?
  bool returnsResult();

  const CallExpr *Call;
  const Stmt *Region = nullptr;
  bool Specific = false;
  bool Short = false;
  unsigned FlagDepth = 0;
};

} // namespace clang::tidy::retry::model

#endif
