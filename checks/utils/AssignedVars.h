// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What code writes: the variables and members it changes, and the locals
// that hold a value computed from given expressions.

#ifndef RETRYLINT_CHECKS_UTILS_ASSIGNEDVARS_H
#define RETRYLINT_CHECKS_UTILS_ASSIGNEDVARS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::utils {

/// What an lvalue is part of: the variable `b` for `b->last`, `buf[i]` or
/// `*p`; the member for `this->next_` (and `next_` in a method).
const ValueDecl *rootDecl(const Expr *E);

/// Calls \p Fn on each change the code in \p S makes (=, op=, ++, --, a
/// class's operator= or operator++) with the lvalue changed and, for a plain
/// assignment, the value stored (null otherwise).
void forEachChange(const Stmt *S,
                   llvm::function_ref<void(const Expr *, const Expr *)> Fn);
/// The change \p N itself makes, as forEachChange() reports it, for a walk
/// that reads other things on the way.
void changeAt(const Stmt *N,
              llvm::function_ref<void(const Expr *, const Expr *)> Fn);

/// What the code in \p S changes, wholly or in part (=, op=, ++, -- on a
/// variable, a member, a field or an element of one). With \p SameStores,
/// a store that writes the same value each time it runs (`x = 0`, `flags
/// &= ~MASK`, `flags |= F` with a constant, on a variable or member, not
/// an element) is left out: after it runs once, running it again changes
/// nothing.
llvm::SmallPtrSet<const ValueDecl *, 8>
changedDecls(const Stmt *S, const ASTContext *SameStores = nullptr);

/// What \p S stores different constants in (`phase = 1;` here, `phase =
/// 0;` there): each store writes the same value each time, but the value
/// still changes between rounds.
llvm::SmallPtrSet<const ValueDecl *, 8>
storedDifferentConstants(const Stmt *S, const ASTContext &Ctx);

/// Does \p S read one of \p Decls (a variable, or a member of `this`)?
bool readsAny(const Stmt *S,
              const llvm::SmallPtrSetImpl<const ValueDecl *> &Decls);

/// Everything readsAny() would find \p S reading, for asking about many
/// sets of declarations with one walk.
llvm::SmallPtrSet<const ValueDecl *, 16> declsRead(const Stmt *S);

/// What \p N steps (`++x`, `x--`, `x += n`, any `op=`), or null.
const Expr *steppedTarget(const Stmt *N);

/// Calls \p Fn on each variable \p Region initializes or assigns (`=`,
/// `op=`, a class's `operator=`) with the value it is given.
void forEachVarAssignment(
    const Stmt *Region,
    llvm::function_ref<void(const VarDecl *, const Expr *)> Fn);

/// Locals in \p Region initialized or assigned (`=`, a class's
/// `operator=`) from an expression for which \p From holds.
llvm::SmallPtrSet<const VarDecl *, 4>
varsAssignedFrom(const Stmt *Region,
                 llvm::function_ref<bool(const Expr *)> From);

} // namespace clang::tidy::retry::utils

#endif
