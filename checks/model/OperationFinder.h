// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The operations calls perform in a translation unit: the ones the API model
// knows (or another source of facts does), through same-TU callees and the
// callables handed to retry helpers, and calls the model does not know that
// may still be operations: a callable value, a function declared but not
// defined in the TU, a virtual call, or a same-TU function that reaches one
// of these.

#ifndef RETRYLINT_CHECKS_MODEL_OPERATIONFINDER_H
#define RETRYLINT_CHECKS_MODEL_OPERATIONFINDER_H

#include "ApiModel.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <memory>

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// Is \p Name that of a local step (taking a lock, parsing or formatting,
/// a question, reading, waiting or reporting), never a remote operation?
bool isLocalName(StringRef Name);

/// Is \p FD a getter of the last error a library kept, handed at most its
/// handle (`cupsGetError()`, `GetLastError()`, `mysql_errno(db)`,
/// `sqlite3_errcode(db)`; not `SSL_get_error(ssl, ret)`, which classifies
/// a result it is handed)? It reports the outcome of the call before it.
bool isLastErrorGetter(const FunctionDecl *FD);

/// Is \p FD a function the project wrote or a client library's, called by
/// name: not a constructor, destructor, conversion or operator, and not
/// the standard library's, a builtin or the operating system's
/// (isPlatformDecl)?
bool isProjectFunction(const FunctionDecl *FD);

/// The variable or field a call goes through when it calls a callable
/// value: `op()`, `(*fp)(ctx)`, `fn_()` on a `std::function` member, a
/// parameter of a template type.
const ValueDecl *callableTarget(const CallExpr *Call);

class OperationFinder {
public:
  explicit OperationFinder(RetrySiteIndex &Index);

  /// The first operation \p FD performs, looking through same-TU callees up
  /// to a small depth; recursion-safe.
  std::optional<Operation> operationIn(const FunctionDecl *FD) {
    return operationIn(FD, 0);
  }
  /// Operations performed inside \p S (directly or through same-TU callees).
  llvm::SmallVector<Operation, 2> operationsIn(const Stmt *S);
  /// \p Call as an operation the model does not know: a callable parameter,
  /// a function declared but not defined in the TU, a virtual call, or a
  /// same-TU function that reaches one of these; not a standard-library or
  /// system-header call, nor a wait, policy, source or helper the model
  /// knows.
  std::optional<Operation> unknownOperation(const CallExpr *Call);
  /// Unknown operations called directly in \p S (not in nested lambdas).
  llvm::SmallVector<Operation, 2> unknownOperationsIn(const Stmt *S);
  /// Operations the API model does not know but another source does.
  void
  setExternal(std::function<std::optional<Operation>(const CallExpr *)> Fn) {
    External = std::move(Fn);
  }

private:
  /// Model.operation(\p Call), asked once per call: a call in nested loops
  /// is asked about for each of them. Null when the model does not know it.
  const Operation *knownOperation(const CallExpr *Call);
  /// unknownOperation()'s answers, per call.
  std::optional<Operation> unknownOperationImpl(const CallExpr *Call);
  /// What unknownOperation() reads of the callee alone: its name and
  /// whether the name says it has a side effect, or none when a call to it
  /// is no operation.
  std::optional<std::pair<std::string, bool>>
  unknownCallee(const FunctionDecl *FD);
  bool reachesUnknown(const FunctionDecl *FD, unsigned Depth);
  /// \p Name without a C library's prefix: a lowercase word before the
  /// first capital that many functions of the unit begin with (`ipp` in
  /// `ippFindAttribute`, `http` in `httpGetField`), or \p Name itself.
  StringRef withoutLibraryPrefix(StringRef Name);
  /// Does \p Call only decide whether to report: the condition (maybe
  /// negated) of an `if` with no else whose branch makes no operation (`if
  /// (msg_test(level)) x_msg(...)`)? It asks; what it is handed is a level,
  /// not a peer.
  bool guardsReport(const CallExpr *Call);
  std::optional<Operation> operationIn(const FunctionDecl *FD, unsigned Depth);
  void collectOperations(const Stmt *S, unsigned Depth,
                         llvm::SmallVectorImpl<Operation> &Out);

  RetrySiteIndex &Index;
  const ApiModel &Model;
  ASTContext &Ctx;
  std::function<std::optional<Operation>(const CallExpr *)> External;
  llvm::DenseMap<const CallExpr *, std::unique_ptr<Operation>> KnownOps,
      UnknownOps;
  llvm::DenseMap<const FunctionDecl *, std::optional<Operation>> FnOps;
  llvm::DenseMap<const FunctionDecl *, bool> FnOpsInProgress;
  llvm::DenseMap<const FunctionDecl *, bool> FnReachesUnknown;
  llvm::DenseMap<const FunctionDecl *,
                 std::optional<std::pair<std::string, bool>>>
      UnknownCallees;
  /// How many functions of the unit begin with each camel-case prefix,
  /// counted on first need.
  std::optional<llvm::StringMap<unsigned>> PrefixCounts;
};

} // namespace clang::tidy::retry::model

#endif
