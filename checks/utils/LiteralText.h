// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The text of string literals an expression stands for.

#ifndef RETRYLINT_CHECKS_UTILS_LITERALTEXT_H
#define RETRYLINT_CHECKS_UTILS_LITERALTEXT_H

#include "clang/AST/Expr.h"
#include <optional>

namespace clang::tidy::retry::utils {

/// A narrow string literal's text when \p E is (a wrapper around) one.
std::optional<StringRef> stringLiteralText(const Expr *E);

/// The text of a string literal \p E names directly, through a local or
/// constant variable's initializer, or through c_str()/data().
std::optional<StringRef> literalText(const Expr *E);

/// The first narrow string literal anywhere in \p E, or in the initializer
/// of the variable \p E names: the JSON in SetServiceConfigJSON(kConfig).
const StringLiteral *firstLiteralIn(const Expr *E);

} // namespace clang::tidy::retry::utils

#endif
