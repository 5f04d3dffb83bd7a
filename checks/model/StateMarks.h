// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Outcomes that travel through a state a round marks: after sending, the
// round stores a constant in a state (`c->state = SENT_PADI;`, `state =
// 1;`) and hands the state's owner to a call that moves it on when a reply
// comes (`wait_for_pado(c, timeout)`, `await_answer(fd, &state, 2)`); the
// loop goes back while the mark is still there, that is when no reply came.

#ifndef RETRYLINT_CHECKS_MODEL_STATEMARKS_H
#define RETRYLINT_CHECKS_MODEL_STATEMARKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <cstdint>
#include <optional>

namespace clang::tidy::retry::model {

/// A state marked in a round: the variable or the field of a variable's
/// record it is stored in, and the constant stored.
struct StateMark {
  const ValueDecl *Owner = nullptr; ///< the variable, or the record's holder
  const ValueDecl *Field = nullptr; ///< the field, or null for a variable
  int64_t Value = 0;
};

/// The state marked after \p Call in its block: a later statement stores a
/// constant in it, and a call after that store is handed its owner (the
/// record's pointer or the variable's address). None when there is none.
std::optional<StateMark> markAfter(const CallExpr *Call, ASTContext &Ctx);

/// Does \p Loop go back while \p M is still there: its condition requires
/// the state to equal the mark (`while (c->state == SENT_PADI)`, also as
/// one side of an `&&`), or a test in its body leaves when it differs (`if
/// (c->state != SENT_PADR) return 0;`)?
bool goesBackWhileMarked(const Stmt *Loop, const StateMark &M, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
