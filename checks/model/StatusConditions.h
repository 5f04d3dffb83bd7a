// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a condition on the response of an operation says about its outcome:
// which expressions hold a status (an HTTP status, a gRPC code, a curl code,
// a result object, an error_code), and for which outcomes a condition over
// them must or may be true, same-TU predicates included. Used by the
// retried-status analysis (RetriedStatuses.cpp).

#ifndef RETRYLINT_CHECKS_MODEL_STATUSCONDITIONS_H
#define RETRYLINT_CHECKS_MODEL_STATUSCONDITIONS_H

#include "ApiModel.h"
#include "StatusSet.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace clang::tidy::retry::model {

enum class ResponseKind {
  HttpStatus,
  GrpcCode,
  CurlCode,
  HttpResult,
  GrpcStatus,
  ErrorCode, ///< boost::system/std error_code filled by the operation
};

class StatusConditions {
public:
  StatusConditions(const ApiModel &Api, ASTContext &Ctx);

  /// What kind of status \p E holds, if it holds one.
  std::optional<ResponseKind> classify(const Expr *E);
  /// For which outcomes \p E must / may be true.
  StatusCond eval(const Expr *E);
  /// A comparison `status <Op> V` on a status of kind \p K.
  StatusCond compare(ResponseKind K, BinaryOperatorKind Op, int64_t V);
  /// Does \p E read a response, a status or an operation's result?
  bool mentionsResponse(const Expr *E);
  /// Records the variables in \p Region that hold a status: `int status =
  /// res->status`, `auto rc = curl_easy_perform(c)`, curl_easy_getinfo's
  /// out-parameter.
  void learnVariables(const Stmt *Region);

  /// Walks one case's statements given the outcomes that reach them;
  /// returns the outcomes that fall out of them.
  using CaseWalker = llvm::function_ref<StatusSet(const Stmt *, StatusSet)>;
  /// The one walk over a switch on a status of kind \p K: each case gets the
  /// outcomes its labels select (and those that fall through into it), a
  /// break leaves the switch. Returns what leaves it; a case label that is
  /// not a constant sets \p Inexact.
  StatusSet walkSwitch(const CompoundStmt *Body, ResponseKind K, StatusSet In,
                       CaseWalker WalkCase, bool &Inexact);

private:
  StatusCond evalPredicate(const FunctionDecl *FD, unsigned Param,
                           ResponseKind K);

  const ApiModel &Api;
  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, ResponseKind> Vars;
  unsigned PredicateDepth = 0;
};

} // namespace clang::tidy::retry::model

#endif
