// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Library clients that retry by themselves: gRPC stubs on a channel whose
// service config has a retry policy, AWS SDK clients and their retry
// strategy, and calls a team lists as retrying (the RetryingCalls option).
// Each is a retry layer of the function that calls it.

#ifndef RETRYLINT_CHECKS_MODEL_LIBRARYLAYERS_H
#define RETRYLINT_CHECKS_MODEL_LIBRARYLAYERS_H

#include "ApiModel.h"
#include "Facts.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <utility>
#include <vector>

namespace clang::tidy::retry::model {

/// An AWS SDK retry strategy the expression \p E makes (a construction, or
/// a MakeShared/make_shared of one).
struct AwsStrategy {
  /// Attempts per call: a DefaultRetryStrategy(N) retries N times (N + 1
  /// attempts; 10 retries by default), a Standard or AdaptiveRetryStrategy(N)
  /// makes N attempts (3 by default), NoRetryStrategy 1; none for a custom
  /// strategy.
  std::optional<unsigned> Attempts;
  /// The count was written at \p E (not the library's default).
  bool Explicit = false;
  /// A strategy the SDK defines (not a project's own).
  bool Known = false;
};
std::optional<AwsStrategy> awsStrategy(const Expr *E, ASTContext &Ctx);
/// Whether awsStrategy() can find anything in \p Ctx's unit: a strategy's
/// type is spelled with an identifier holding "RetryStrategy", and every
/// identifier of the unit is in its table (unless an AST file supplies some).
/// The walk that asks awsStrategy() of every expression prints each type.
bool mayMakeAwsStrategy(ASTContext &Ctx);

class LibraryLayers {
public:
  /// Library calls that retry internally: (names, attempts; 0 means
  /// unbounded).
  using RetryingCallList = std::vector<std::pair<NameList, unsigned>>;

  LibraryLayers(ASTContext &Ctx, const utils::AnalysedFiles &Files,
                const ApiModel &Api, RetryingCallList RetryingCalls);

  /// The retry layer a library call brings along, if any.
  std::optional<LayerFact> layerOf(const CallExpr *Call);
  /// An operation for a call listed in RetryingCalls.
  std::optional<Operation> retryingCallOperation(const CallExpr *Call) const;

private:
  /// The attempts of a RetryingCalls entry \p Call matches (0: unbounded).
  std::optional<unsigned> retryingCallAttempts(const CallExpr *Call) const;
  std::optional<LayerFact> grpcLayer(const CallExpr *Call, const Operation &Op);
  std::optional<LayerFact> awsLayer(const CallExpr *Call);
  /// Values assigned to a variable or field in the main file (its
  /// initializer included), and member calls made on it.
  llvm::ArrayRef<const Expr *> sourcesOf(const ValueDecl *D);
  llvm::ArrayRef<const CXXMemberCallExpr *> callsOn(const ValueDecl *D);
  void indexAssignments();

  ASTContext &Ctx;
  const utils::AnalysedFiles &Files;
  const ApiModel &Api;
  RetryingCallList RetryingCalls;
  bool AssignmentsIndexed = false;
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Expr *, 2>> Sources;
  llvm::DenseMap<const ValueDecl *,
                 llvm::SmallVector<const CXXMemberCallExpr *, 4>>
      MemberCalls;
  llvm::DenseMap<const ValueDecl *,
                 std::vector<std::pair<const ValueDecl *, const Expr *>>>
      FieldSources;
};

} // namespace clang::tidy::retry::model

#endif
