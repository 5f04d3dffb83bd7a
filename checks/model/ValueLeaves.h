// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The leaves a value is built from (parameters, fields and accessors,
// literals, calls the tracer does not enter, hashed inputs): what
// ValueOrigin's trace (ValueOrigin.h) records while its leaves() runs.

#ifndef RETRYLINT_CHECKS_MODEL_VALUELEAVES_H
#define RETRYLINT_CHECKS_MODEL_VALUELEAVES_H

#include "ValueOrigin.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::model {

/// Does \p Callee hash, digest or serialize what it is given (by its name,
/// or its class's: std::hash<T>{}(x), a hasher object's operator())?
bool isHashLike(const FunctionDecl *Callee);

/// The leaves of one traced value, recorded as ValueOrigin's trace reaches
/// them.
class LeafCollector {
public:
  explicit LeafCollector(const ApiModel &Model) : Model(Model) {}

  /// Records a leaf of kind \p K at \p Where (\p D: the parameter, field,
  /// accessor, variable or callee). \p Hashed: reached through a hash,
  /// digest or serialization call; then a whole object of a class the
  /// project writes is made of its fields.
  void add(LeafKind K, const Expr *Where, const NamedDecl *D, bool Hashed);
  /// Is \p E a leaf where the trace stops (a literal, an enumerator, a
  /// field, an accessor)? Then records it; a field of a local struct is
  /// handed on to \p TraceField too (what filled the struct may be a
  /// per-attempt source).
  bool atLeaf(
      const Expr *E, bool Hashed,
      llvm::function_ref<void(const VarDecl *, const FieldDecl *)> TraceField);
  /// How many leaves were recorded so far.
  size_t size() const { return Leaves.size(); }
  /// The leaves recorded, then one per-attempt leaf for each of
  /// \p PerAttempt.
  llvm::SmallVector<Leaf, 4> take(llvm::ArrayRef<Origin> PerAttempt);

private:
  const ApiModel &Model;
  llvm::SmallVector<Leaf, 4> Leaves;
};

} // namespace clang::tidy::retry::model

#endif
