// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where an idempotency key is handed over next to a header name: the values
// that travel with an "Idempotency-Key" literal.

#ifndef RETRYLINT_CHECKS_MODEL_KEYSINK_H
#define RETRYLINT_CHECKS_MODEL_KEYSINK_H

#include "ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::retry::model {

/// Is \p RD (or a base of it) what came back rather than what is sent: a
/// response, reply, result, outcome or error? Its key-named fields and
/// setters hold what the server sent, which is no key (rule 6).
bool isReplyRecord(const CXXRecordDecl *RD, unsigned Depth = 0);

/// The key value handed over together with a key header literal: the next
/// argument of the call or constructor ({"Idempotency-Key", key},
/// emplace("Idempotency-Key", key), set_header(...)), req["..."] = key, or
/// the other operands of a header line built as "Idempotency-Key: " + key or
/// formatted with snprintf. Empty when \p Lit is not a key header.
llvm::SmallVector<const Expr *, 2>
keyValuesNextToHeader(const StringLiteral *Lit, const ApiModel &Api,
                      ASTContext &Ctx);

/// Matches every place a key can be handed over, outside template
/// instantiations, and reports them to \p Check with these bindings:
/// "lit" a string literal (a header name or header-line prefix); "call",
/// "arg", "param" an argument of a setter or parameter named as a key sink
/// (set_idempotency_key(k), charge(amount, /*idempotency_key=*/k)); "rhs"
/// the value assigned to a field named as a key sink.
void addKeySinkMatchers(ast_matchers::MatchFinder *Finder, const ApiModel &Api,
                        ast_matchers::MatchFinder::MatchCallback *Check);

/// The key values one match of addKeySinkMatchers hands over: the values
/// next to a key header literal (all operands of one header line), the
/// argument of a key setter's first parameter or of a parameter named as a
/// key sink, or the value assigned to a key field. None when the match is
/// not one of those; empty when it hands over no key.
std::optional<llvm::SmallVector<const Expr *, 2>>
keySinkValues(const ast_matchers::MatchFinder::MatchResult &Result,
              const ApiModel &Api);

} // namespace clang::tidy::retry::model

#endif
