// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which expressions hold a status (an HTTP status, a gRPC code, a curl code,
// a result object, an error_code) and which locals carry one: variables set
// from a status, flags set from a condition on the response, flags raised
// under tests of it. A part of StatusConditions (StatusConditions.h), which
// owns one.

#ifndef RETRYLINT_CHECKS_MODEL_STATUSVARIABLES_H
#define RETRYLINT_CHECKS_MODEL_STATUSVARIABLES_H

#include "ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::retry::model {

enum class ResponseKind {
  HttpStatus,
  GrpcCode,
  CurlCode,
  HttpResult,
  GrpcStatus,
  ErrorCode, ///< boost::system/std error_code filled by the operation
  CprError,  ///< cpr::ErrorCode in a cpr::Response's `error.code`
};

/// Is \p X a truth value: a bool, a comparison, `&&`, `||` or `!`?
bool isCondition(const Expr *X);

class StatusWrappers;

class StatusVariables {
public:
  /// Reads \p Ctx's unit with \p Api; a variable set from a same-TU
  /// wrapper's result is learnt by, and a wrapper's result asked of,
  /// \p Wrappers.
  StatusVariables(const ApiModel &Api, ASTContext &Ctx,
                  StatusWrappers &Wrappers);

  /// What kind of status \p E holds, if it holds one.
  std::optional<ResponseKind> classify(const Expr *E);
  /// The response object \p T holds, itself or through a pointer, smart
  /// pointer or optional (\p Indirect): a record that carries a status (a
  /// status-named integer or enum field). Null when it holds none.
  const CXXRecordDecl *responseRecord(QualType T, bool *Indirect = nullptr);
  /// Does \p E read a response, a status or an operation's result?
  bool mentionsResponse(const Expr *E);
  /// Records \p V as holding an operation's outcome it was handed to fill
  /// (the controller of an RPC that returns nothing): a test of it is a test
  /// of the outcome, in terms the analysis cannot name.
  void addOutcomeVar(const ValueDecl *V) { OutcomeVars.insert(V); }
  /// Records the variables in \p Region that hold a status: `int status =
  /// res->status`, `auto rc = curl_easy_perform(c)`, curl_easy_getinfo's
  /// out-parameter.
  void learnVariables(const Stmt *Region);
  /// Takes \p V (a predicate's parameter) as holding a status of kind \p K
  /// until unbindStatus(V).
  void bindStatus(const VarDecl *V, ResponseKind K) { Vars[V] = K; }
  void unbindStatus(const VarDecl *V) { Vars.erase(V); }

  /// The condition on the response local flag \p V was set from (`const
  /// bool transient = !r || r->status == 502;`): null when it is set from
  /// several, nullopt when \p V is no such flag.
  std::optional<const Expr *> conditionOf(const VarDecl *V) const;

  /// Local flags initialised false and raised (`again = true;`) as the
  /// whole branch of tests on the response (`if (!res) again = true; else
  /// if (res->status == 409) again = true;`): the flag holds when one of
  /// the tests did. Raises is every `= true` of the flag, Covered those
  /// that are such a branch; the flag is one condition only when they are
  /// the same.
  struct RaisedFlag {
    llvm::SmallVector<const Expr *, 2> Tests;
    llvm::SmallPtrSet<const Stmt *, 4> Raises, Covered;
  };
  /// The raised flag \p E reads when it is one condition, with the value it
  /// is raised to and its initial value.
  const RaisedFlag *raisedFlag(const Expr *E, int64_t &Raised,
                               int64_t &Initial);

private:
  /// Records \p V as a flag holding \p Value when that is a condition on
  /// the response.
  void learnCondition(const VarDecl *V, const Expr *Value);
  void learnRaisedFlag(const IfStmt *If);

  const ApiModel &Api;
  ASTContext &Ctx;
  StatusWrappers &Wrappers;
  llvm::DenseMap<const VarDecl *, ResponseKind> Vars;
  llvm::SmallPtrSet<const ValueDecl *, 4> OutcomeVars;
  /// Local flags set from a condition on the response (`const bool transient
  /// = !r || r->status == 502;`, `ok = curl_easy_perform(c) == CURLE_OK;`):
  /// the condition, or null when the flag is set from several.
  llvm::DenseMap<const VarDecl *, const Expr *> CondVars;
  llvm::DenseMap<const VarDecl *, RaisedFlag> RaisedFlags;
  /// responseRecord() by canonical type: the record and whether it is held
  /// through a pointer.
  llvm::DenseMap<const Type *, std::pair<const CXXRecordDecl *, bool>>
      ResponseRecords;
};

} // namespace clang::tidy::retry::model

#endif
