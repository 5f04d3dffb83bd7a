// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Configuration members whose value the translation unit proves
// (FixedFields.cpp).

#ifndef RETRYLINT_CHECKS_MODEL_FIXEDFIELDS_H
#define RETRYLINT_CHECKS_MODEL_FIXEDFIELDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <optional>

namespace clang::tidy::retry::model {

/// The fixed fields of one translation unit, each field's answer kept.
class FixedFields {
public:
  explicit FixedFields(const ASTContext &Ctx) : Ctx(Ctx) {}

  /// The value \p FD holds on every call, when nothing can change it: an
  /// integer or enumeration field, private, of a class defined in the main
  /// file with no friends and no nested classes, every member function of
  /// which is defined here and none writes it (assigns, steps, takes its
  /// address or hands it to a non-const reference), and no constructor
  /// initializes it: the value of its default member initializer.
  /// Otherwise none (unknown).
  std::optional<int64_t> value(const FieldDecl *FD);

  /// The value of \p E when it is built from constants and fixed fields of
  /// `this` (`retry_on_ & RETRY_ON_5XX`) with integer, bitwise, comparison
  /// and logical operators; \p ReadsField is set when a fixed field was
  /// read.
  std::optional<int64_t> valueOf(const Expr *E, bool &ReadsField);

private:
  const ASTContext &Ctx;
  llvm::DenseMap<const FieldDecl *, std::optional<int64_t>> Values;
};

} // namespace clang::tidy::retry::model

#endif
