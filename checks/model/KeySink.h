// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where an idempotency key is handed over next to a header name: the values
// that travel with an "Idempotency-Key" literal.

#ifndef RETRYLINT_CHECKS_MODEL_KEYSINK_H
#define RETRYLINT_CHECKS_MODEL_KEYSINK_H

#include "ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

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

/// Where a key is handed over, node by node (UnitNodes::Reported): a
/// string literal (a header name or a header-line prefix), an argument of a
/// setter or parameter named as a key sink (set_idempotency_key(k),
/// charge(amount, /*idempotency_key=*/k)), or the value assigned to a field
/// named as a key sink. Each name is asked once per declaration and unit.
class KeySinkReader {
public:
  explicit KeySinkReader(const ApiModel &Api) : Api(Api) {}
  /// Calls \p Found once per place \p S hands a key over, with the values
  /// handed: those next to a key header literal (all operands of one
  /// header line), the argument of a key setter's first parameter or of a
  /// parameter named as a key sink, or the value assigned to a key field.
  /// Nothing is handed to a reply's setter or field.
  void at(const Stmt *S, ASTContext &Ctx,
          llvm::function_ref<void(llvm::ArrayRef<const Expr *>)> Found);

private:
  void forget(const ASTContext &C);
  bool named(const NamedDecl &D);
  /// Is the callee, or one of its parameters, named as a key sink?
  bool sinkCallee(const CallExpr *Call);
  /// The field named as a key sink that \p E names, or null.
  const FieldDecl *sinkField(const Expr *E);
  const ApiModel &Api;
  const ASTContext *Ctx = nullptr;
  llvm::DenseMap<const NamedDecl *, bool> Answers;
  llvm::DenseMap<const FunctionDecl *, bool> Callees;
};

} // namespace clang::tidy::retry::model

#endif
