// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where an idempotency key is handed over next to a header name: the values
// that travel with an "Idempotency-Key" literal.

#ifndef RETRYLINT_CHECKS_MODEL_KEYSINK_H
#define RETRYLINT_CHECKS_MODEL_KEYSINK_H

#include "ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::retry::model {

/// The key value handed over together with a key header literal: the next
/// argument of the call or constructor ({"Idempotency-Key", key},
/// emplace("Idempotency-Key", key), set_header(...)), req["..."] = key, or
/// the other operands of a header line built as "Idempotency-Key: " + key or
/// formatted with snprintf. Empty when \p Lit is not a key header.
llvm::SmallVector<const Expr *, 2>
keyValuesNextToHeader(const StringLiteral *Lit, const ApiModel &Api,
                      ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
