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
#include "FixedFields.h"
#include "StatusSet.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>
#include <optional>
#include <vector>

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

class StatusConditions {
public:
  /// Reads conditions of \p Ctx's unit with \p Api; configuration members
  /// are looked up in \p Fixed, the unit's.
  StatusConditions(const ApiModel &Api, ASTContext &Ctx, FixedFields &Fixed);

  /// What kind of status \p E holds, if it holds one.
  std::optional<ResponseKind> classify(const Expr *E);
  /// For which outcomes \p E must / may be true.
  StatusCond eval(const Expr *E);
  /// A comparison `status <Op> V` on a status of kind \p K.
  StatusCond compare(ResponseKind K, BinaryOperatorKind Op, int64_t V);
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

  /// Walks one case's statements given the outcomes that reach them;
  /// returns the outcomes that fall out of them.
  using CaseWalker = llvm::function_ref<StatusSet(const Stmt *, StatusSet)>;
  /// The one walk over a switch on a status of kind \p K: each case gets the
  /// outcomes its labels select (and those that fall through into it), a
  /// break leaves the switch. Returns what leaves it; a case label that is
  /// not a constant sets \p Inexact.
  StatusSet walkSwitch(const CompoundStmt *Body, ResponseKind K, StatusSet In,
                       CaseWalker WalkCase, bool &Inexact);

  /// One way a same-TU wrapper around an operation returns: for the
  /// outcomes in \p When, a constant (`return -1;`, `return false;`) or the
  /// status itself (`return res->status;`).
  struct ReturnValue {
    StatusSet When;
    std::optional<int64_t> Const;
    std::optional<ResponseKind> Passes;
  };
  /// What \p FD returns for each outcome of the operation it performs
  /// (`return res ? res->status : -1;`), when every return says; null when
  /// a return is not understood or none depends on the outcome.
  const std::vector<ReturnValue> *returnMap(const FunctionDecl *FD);
  /// The same for one field of the struct \p FD returns (`return {false,
  /// res && res->status == 500};` read as `r.retryable`).
  const std::vector<ReturnValue> *fieldReturnMap(const FunctionDecl *FD,
                                                 const FieldDecl *Field);

private:
  /// For which outcomes \p FD returns true, its parameter \p Param (none:
  /// ~0u) holding a status of kind \p K; the response object it is asked
  /// of is read through its fields.
  StatusCond evalPredicate(const FunctionDecl *FD, unsigned Param,
                           ResponseKind K);
  /// A call of a same-TU predicate that is handed a response object, or
  /// one of the object's own methods (`reply.worth_retrying()`); nullopt
  /// when \p Call is neither.
  std::optional<StatusCond> evalResponsePredicate(const CallExpr *Call);
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
  /// Walks a function body with the outcomes that reach each statement and
  /// hands each `return` the outcomes that reach it; \p OnReturn returns
  /// false to stop. With \p Jumps, loops (a wrapper may retry inside),
  /// labels, `goto`, `break`, `continue` and `try` are followed too. Sets
  /// \p Inexact when a condition or a `switch` is not understood exactly.
  void walkToReturns(
      const Stmt *Body, bool Jumps,
      llvm::function_ref<bool(const ReturnStmt *, StatusSet)> OnReturn,
      bool &Inexact);
  /// Records \p V as a flag holding \p Value when that is a condition on
  /// the response.
  void learnCondition(const VarDecl *V, const Expr *Value);
  /// The wrapper whose result \p E is: a call to it, or a variable it set.
  const std::vector<ReturnValue> *wrapperResult(const Expr *E);
  /// `result <Op> V` over a wrapper's return map.
  static StatusCond compareReturn(const std::vector<ReturnValue> &Map,
                                  BinaryOperatorKind Op, int64_t V,
                                  StatusConditions &Conds);

  const ApiModel &Api;
  ASTContext &Ctx;
  FixedFields &Fixed;
  llvm::DenseMap<const VarDecl *, ResponseKind> Vars;
  llvm::SmallPtrSet<const ValueDecl *, 4> OutcomeVars;
  /// Local flags set from a condition on the response (`const bool transient
  /// = !r || r->status == 502;`, `ok = curl_easy_perform(c) == CURLE_OK;`):
  /// the condition, or null when the flag is set from several.
  llvm::DenseMap<const VarDecl *, const Expr *> CondVars;
  unsigned CondVarDepth = 0;
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
  llvm::DenseMap<const VarDecl *, RaisedFlag> RaisedFlags;
  void learnRaisedFlag(const IfStmt *If);
  /// The raised flag \p E reads when it is one condition, with the value it
  /// is raised to and its initial value.
  const RaisedFlag *raisedFlag(const Expr *E, int64_t &Raised,
                               int64_t &Initial);
  /// For which outcomes a raised flag holds its raised value.
  StatusCond raisedTests(const RaisedFlag &F);
  /// Variables holding a mapped wrapper's result, and those holding the
  /// struct a same-TU function returns (its fields are mapped on use).
  llvm::DenseMap<const VarDecl *, const FunctionDecl *> WrapperVars;
  llvm::DenseMap<const VarDecl *, const FunctionDecl *> StructWrapperVars;
  /// Keyed by function and field (null: the whole value). Null for one that
  /// is not mapped; heap-held so that pointers into it survive the map
  /// growing.
  llvm::DenseMap<std::pair<const FunctionDecl *, const FieldDecl *>,
                 std::unique_ptr<std::vector<ReturnValue>>>
      ReturnMaps;
  const std::vector<ReturnValue> *buildReturnMap(const FunctionDecl *FD,
                                                 const FieldDecl *Field);
  /// Adds to \p Map what returning \p X (a value of \p Def, or of its
  /// \p Field) means for the outcomes \p When that reach it; clears
  /// \p Understood when \p X is not read.
  void mapReturnedValue(const Expr *X, StatusSet When, const FunctionDecl *Def,
                        const FieldDecl *Field, std::vector<ReturnValue> &Map,
                        bool &Understood);
  /// Records \p V as holding \p Init when that is a call to a mapped
  /// wrapper or to a same-TU function returning a struct.
  void learnWrapperVar(const VarDecl *V, const Expr *Init);
  unsigned PredicateDepth = 0;
  /// responseRecord() by canonical type: the record and whether it is held
  /// through a pointer.
  llvm::DenseMap<const Type *, std::pair<const CXXRecordDecl *, bool>>
      ResponseRecords;
  /// Does the translation unit set CURLOPT_FAILONERROR on a handle? Then
  /// curl_easy_perform fails with CURLE_HTTP_RETURNED_ERROR on HTTP >= 400.
  bool curlFailsOnHttpError();
  std::optional<bool> CurlFailOnError;
};

} // namespace clang::tidy::retry::model

#endif
