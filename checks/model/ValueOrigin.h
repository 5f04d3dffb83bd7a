// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Traces an expression back to the values it is built from: through local
// variables (initializers, assignments, out-parameters), string building and
// formatting, struct fields set in the same function, lambda captures and
// same-TU helper functions (bounded depth). What cannot be traced yields no
// origin, so checks stay silent on unknown code.

#ifndef RETRYLINT_CHECKS_MODEL_VALUEORIGIN_H
#define RETRYLINT_CHECKS_MODEL_VALUEORIGIN_H

#include "ApiModel.h"
#include "RetrySite.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

/// One per-attempt value that flows into the traced expression.
struct Origin {
  SourceKind Kind = SourceKind::RandomUuid;
  /// The source expression itself (possibly inside a helper function).
  const Expr *Where = nullptr;
  /// Where the source is evaluated from the traced function's point of view:
  /// the source itself, or the call to the helper that evaluates it.
  const Stmt *Anchor = nullptr;
  /// The name of the source function or variable.
  std::string Name;
  /// For AttemptCounter: the counter variable.
  const VarDecl *Counter = nullptr;

  /// "a random UUID from 'uuid_generate_random'".
  std::string describe() const;
};

class ValueOrigin {
public:
  explicit ValueOrigin(const ApiModel &Model) : Model(Model) {}

  /// Per-attempt origins of \p E, evaluated in function \p Fn.
  llvm::SmallVector<Origin, 2> perAttemptOrigins(const Expr *E,
                                                 const FunctionDecl *Fn);

private:
  struct Frame {
    const FunctionDecl *Fn = nullptr;
    const Stmt *AnchorOverride = nullptr;
    const CallExpr *Call = nullptr; ///< the call that entered Fn
    const Frame *Caller = nullptr;
  };
  void trace(const Expr *E, const Frame &F, unsigned Depth);
  void traceVar(const VarDecl *V, const Expr *Use, const Frame &F,
                unsigned Depth);
  void traceField(const VarDecl *Base, const FieldDecl *Field,
                  const Frame &F, unsigned Depth);
  void traceCall(const CallExpr *Call, const Frame &F, unsigned Depth);
  void add(SourceKind K, const Expr *Where, const Frame &F, std::string Name,
           const VarDecl *Counter = nullptr);

  const ApiModel &Model;
  llvm::SmallVector<Origin, 2> Result;
  llvm::SmallPtrSet<const Decl *, 16> Visiting;
  unsigned Budget = 0;
};

} // namespace clang::tidy::retry::model

#endif
