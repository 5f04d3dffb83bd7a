// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Same-TU wrappers and predicates around an operation: what a wrapper
// returns for each outcome (its return map, for the whole value or one
// field of a returned struct), and for which outcomes a predicate handed a
// status returns true. A part of StatusConditions (StatusConditions.h),
// which owns one. And where such a function names a status a retry
// decision consults (statusNamedIn).

#ifndef RETRYLINT_CHECKS_MODEL_STATUSWRAPPERS_H
#define RETRYLINT_CHECKS_MODEL_STATUSWRAPPERS_H

#include "ApiModel.h"
#include "StatusSet.h"
#include "StatusVariables.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::retry::model {

class StatusConditions;

class StatusWrappers {
public:
  /// Reads \p Ctx's unit with \p Api: which expressions hold a status is
  /// asked of \p Variables, for which outcomes a condition holds of
  /// \p Conds (the StatusConditions that owns both).
  StatusWrappers(const ApiModel &Api, ASTContext &Ctx,
                 StatusVariables &Variables, StatusConditions &Conds);

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
  /// The wrapper whose result \p E is: a call to it, or a variable it set.
  const std::vector<ReturnValue> *wrapperResult(const Expr *E);
  /// Records \p V as holding \p Init when that is a call to a mapped
  /// wrapper or to a same-TU function returning a struct.
  void learnWrapperVar(const VarDecl *V, const Expr *Init);
  /// Was \p V recorded so (by learnWrapperVar)?
  bool holdsWrapperResult(const VarDecl *V) const {
    return WrapperVars.count(V) || StructWrapperVars.count(V);
  }
  /// `result <Op> V` over a wrapper's return map.
  StatusCond compareReturn(const std::vector<ReturnValue> &Map,
                           BinaryOperatorKind Op, int64_t V);

  /// For which outcomes \p FD returns true, its parameter \p Param (none:
  /// ~0u) holding a status of kind \p K; the response object it is asked
  /// of is read through its fields.
  StatusCond evalPredicate(const FunctionDecl *FD, unsigned Param,
                           ResponseKind K);
  /// A call of a same-TU predicate that is handed a response object, or
  /// one of the object's own methods (`reply.worth_retrying()`); nullopt
  /// when \p Call is neither.
  std::optional<StatusCond> evalResponsePredicate(const CallExpr *Call);

private:
  /// Walks a function body with the outcomes that reach each statement and
  /// hands each `return` the outcomes that reach it; \p OnReturn returns
  /// false to stop. With \p Jumps, loops (a wrapper may retry inside),
  /// labels, `goto`, `break`, `continue` and `try` are followed too. Sets
  /// \p Inexact when a condition or a `switch` is not understood exactly.
  void walkToReturns(
      const Stmt *Body, bool Jumps,
      llvm::function_ref<bool(const ReturnStmt *, StatusSet)> OnReturn,
      bool &Inexact);
  const std::vector<ReturnValue> *buildReturnMap(const FunctionDecl *FD,
                                                 const FieldDecl *Field);
  /// Adds to \p Map what returning \p X (a value of \p Def, or of its
  /// \p Field) means for the outcomes \p When that reach it; clears
  /// \p Understood when \p X is not read.
  void mapReturnedValue(const Expr *X, StatusSet When, const FunctionDecl *Def,
                        const FieldDecl *Field, std::vector<ReturnValue> &Map,
                        bool &Understood);

  const ApiModel &Api;
  ASTContext &Ctx;
  StatusVariables &Variables;
  StatusConditions &Conds;
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
  unsigned PredicateDepth = 0;
};

/// Where a predicate that \p Decision consults names one of the HTTP
/// statuses in \p S (a `case 418:` or `status == 418` in the body of a
/// same-TU function it calls, through the local flags it reads); null when
/// none is found outside \p Decision's own function.
const Stmt *statusNamedIn(const Stmt *Decision, const StatusSet &S,
                          ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
