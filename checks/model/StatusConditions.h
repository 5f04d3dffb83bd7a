// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a condition on the response of an operation says about its outcome:
// which expressions hold a status (an HTTP status, a gRPC code, a curl code,
// a result object, an error_code), and for which outcomes a condition over
// them must or may be true, same-TU predicates included. Used by the
// retried-status analysis (RetriedStatuses.cpp). Its parts: which
// expressions and locals hold a status (StatusVariables.h), what same-TU
// wrappers and predicates return (StatusWrappers.h).

#ifndef RETRYLINT_CHECKS_MODEL_STATUSCONDITIONS_H
#define RETRYLINT_CHECKS_MODEL_STATUSCONDITIONS_H

#include "ApiModel.h"
#include "FixedFields.h"
#include "StatusSet.h"
#include "StatusVariables.h"
#include "StatusWrappers.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace clang::tidy::retry::model {

class StatusConditions {
public:
  /// Reads conditions of \p Ctx's unit with \p Api; configuration members
  /// are looked up in \p Fixed, the unit's.
  StatusConditions(const ApiModel &Api, ASTContext &Ctx, FixedFields &Fixed);
  /// Its parts refer to it and to each other.
  StatusConditions(const StatusConditions &) = delete;
  StatusConditions &operator=(const StatusConditions &) = delete;

  /// For which outcomes \p E must / may be true.
  StatusCond eval(const Expr *E);
  /// A comparison `status <Op> V` on a status of kind \p K.
  StatusCond compare(ResponseKind K, BinaryOperatorKind Op, int64_t V);

  /// Which expressions and locals hold a status, as its StatusVariables
  /// knows them (StatusVariables.h): classify(), responseRecord(),
  /// mentionsResponse(); what addOutcomeVar() and learnVariables() record.
  std::optional<ResponseKind> classify(const Expr *E) {
    return Variables.classify(E);
  }
  const CXXRecordDecl *responseRecord(QualType T, bool *Indirect = nullptr) {
    return Variables.responseRecord(T, Indirect);
  }
  bool mentionsResponse(const Expr *E) { return Variables.mentionsResponse(E); }
  void addOutcomeVar(const ValueDecl *V) { Variables.addOutcomeVar(V); }
  void learnVariables(const Stmt *Region) { Variables.learnVariables(Region); }

  /// Walks one case's statements given the outcomes that reach them;
  /// returns the outcomes that fall out of them.
  using CaseWalker = llvm::function_ref<StatusSet(const Stmt *, StatusSet)>;
  /// The one walk over a switch on a status of kind \p K: each case gets the
  /// outcomes its labels select (and those that fall through into it), a
  /// break leaves the switch. Returns what leaves it; a case label that is
  /// not a constant sets \p Inexact. With no kind (the file's own codes),
  /// every case may be taken on any outcome, as an `if` on an unread test.
  StatusSet walkSwitch(const CompoundStmt *Body, std::optional<ResponseKind> K,
                       StatusSet In, CaseWalker WalkCase, bool &Inexact);

private:
  using RaisedFlag = StatusVariables::RaisedFlag;
  using ReturnValue = StatusWrappers::ReturnValue;
  StatusCond compareCprError(BinaryOperatorKind Op, const Expr *Value);
  /// eval()'s steps, in its order; each gives nullopt when \p E is not of
  /// its kind. A constant, or a gate on a configuration member nothing
  /// changes (\p AsCondition: \p E before its wrappers was a bool).
  std::optional<StatusCond> evalFixedTruth(const Expr *E, bool AsCondition);
  /// A comparison: of a raised flag, of a wrapper's result, of a status.
  StatusCond evalComparison(const BinaryOperator *BO);
  /// A wrapper's result, a raised flag or a condition flag tested for truth.
  std::optional<StatusCond> evalTestedFlag(const Expr *E);
  /// The truth of a response object, or of a pointer to one.
  std::optional<StatusCond> evalResponseObject(const Expr *E);
  /// A call of a response's method (`ok()`, AWS `IsSuccess()`) or of a
  /// predicate handed a response.
  std::optional<StatusCond> evalResponseCall(const Expr *E);
  /// For which outcomes a raised flag holds its raised value.
  StatusCond raisedTests(const RaisedFlag &F);
  /// Does the translation unit set CURLOPT_FAILONERROR on a handle? Then
  /// curl_easy_perform fails with CURLE_HTTP_RETURNED_ERROR on HTTP >= 400.
  bool curlFailsOnHttpError();

  ASTContext &Ctx;
  FixedFields &Fixed;
  /// Which expressions and locals hold a status.
  StatusVariables Variables;
  /// What same-TU wrappers and predicates return for each outcome.
  StatusWrappers Wrappers;
  /// How deep eval() is in the conditions flags were set from or raised
  /// under.
  unsigned CondVarDepth = 0;
  std::optional<bool> CurlFailOnError;
};

} // namespace clang::tidy::retry::model

#endif
