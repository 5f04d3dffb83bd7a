// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Questions about one expression or call that every part of the model asks:
// what it names once wrappers are stripped, what it calls, its constant
// value, where it starts.

#ifndef RETRYLINT_CHECKS_UTILS_ASTQUERIES_H
#define RETRYLINT_CHECKS_UTILS_ASTQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>

namespace clang::tidy::retry::utils {

/// Whether \p Ctx's identifier table holds every identifier of the unit, so
/// that a name absent from it is written nowhere: not when an AST file (a
/// PCH, a module) supplies identifiers on demand.
inline bool identifierTableComplete(const ASTContext &Ctx) {
  return !Ctx.getExternalSource();
}

/// Strips parens, implicit casts, temporaries, cleanups, functional and
/// static casts, conversion operator calls and one-argument constructions.
const Expr *ignoreWrappers(const Expr *E);

/// The declaration an expression names (a variable, a field, through
/// wrappers and '&'), or null.
const ValueDecl *refDecl(const Expr *E);
/// The variable an expression names (through wrappers and '&'), or null.
const VarDecl *refVar(const Expr *E);
/// The variable an operand names through any one unary operator: `x`,
/// `*p`, `&x`, `tries++`.
const VarDecl *refVarThroughUnary(const Expr *E);
/// The declaration an object expression names: `stub`, `*stub`, `&stub`,
/// `stub->`, `stub.get()`.
const ValueDecl *objectDecl(const Expr *E);

/// The class of \p T, through references and one pointer, or null.
const CXXRecordDecl *recordOf(QualType T);

/// Does \p S refer to \p D anywhere?
bool references(const Stmt *S, const Decl *D);
/// Does \p S read \p D other than through a remainder or a mask of it
/// (`j % 64`, `j & 0x3f`)? Those mark a period of a count, not its size.
bool referencesUnmasked(const Stmt *S, const Decl *D);
/// Adds to \p Out what \p S tests for holding no connection: a descriptor
/// below zero or -1 (`fd < 0`, `fd == -1`), a null handle (`!conn`, `conn
/// == NULL`).
void collectInvalidTests(const Stmt *S, ASTContext &Ctx,
                         llvm::SmallPtrSetImpl<const ValueDecl *> &Out);
/// Adds to \p Out what \p S names other than in what a call in it is
/// handed: `if (send(fd, req, len) < 0)` names no `len`, `if (!ok)` names
/// `ok`.
void namesOutsideCalls(const Stmt *S,
                       llvm::SmallPtrSetImpl<const ValueDecl *> &Out);
/// Is \p Target \p S or a statement below it?
bool containsStmt(const Stmt *S, const Stmt *Target);

/// Is \p D declared in namespace std, directly or as a member of a std
/// class (std::map::at, std::vector<T>::iterator)?
bool isStdLibrary(const Decl *D);

/// Is \p D declared in a system header of the C or C++ standard library or
/// of the operating system (memory, strings, files, threads, clocks,
/// descriptors), or by the compiler? Other headers in a system include
/// directory belong to client libraries (a database, a broker, the
/// resolver, which asks a name server): their calls are unknown library
/// calls, not local ones.
bool isPlatformDecl(const Decl *D);

/// The innermost callee declaration of \p Call, or null.
const FunctionDecl *calleeDecl(const CallExpr *Call);
/// The callee's identifier, or "" (operators, no callee).
StringRef calleeName(const CallExpr *Call);
/// Where a call starts as written: m[k] starts at m, not at the bracket.
SourceLocation callBeginLoc(const CallExpr *Call);
/// The argument \p Call passes for parameter \p P of its callee (a member
/// operator call, such as a lambda's, passes the object first), or null.
const Expr *argForParam(const CallExpr *Call, const ParmVarDecl *P);

/// The value of \p E when it is an integer constant expression, else
/// \p Default.
int64_t constInt(const Expr *E, ASTContext &Ctx, int64_t Default);

/// The parts of a for, while or do loop; null where the loop has none (and
/// all null for any other statement).
struct LoopParts {
  const Stmt *Init = nullptr;
  const Expr *Cond = nullptr;
  const Expr *Inc = nullptr;
  const Stmt *Body = nullptr;
};
LoopParts loopParts(const Stmt *Loop);

/// Does \p S contain a `break` that leaves the loop it is in (not one in an
/// inner loop or switch; \p InInnerBreakable: \p S is already inside one),
/// a `return` or a `co_return`? Lambda bodies do not count.
bool leavesLoop(const Stmt *S, bool InInnerBreakable = false);

/// The branch of an `if`, below \p Body, that holds \p S and ends by
/// leaving (`if (dup) { mu.unlock(); return; }`), or null: the code after
/// that `if` never runs after \p S. The outermost such branch.
const Stmt *exitBranch(const Stmt *Body, const Stmt *S);

/// The test that decides whether \p S (an `if`, `?:`, `switch` or loop)
/// runs a branch or its body again; null for any other statement.
const Stmt *conditionOf(const Stmt *S);

/// Calls \p Fn on each node around \p S, innermost first, up to the
/// function that holds it, until \p Fn returns true; returns whether it
/// did.
bool anyEnclosing(const Stmt *S, ASTContext &Ctx,
                  llvm::function_ref<bool(const DynTypedNode &)> Fn);

/// Is \p Loc inside [Begin, End] in translation-unit order?
bool within(const SourceManager &SM, SourceLocation Loc, SourceLocation Begin,
            SourceLocation End);

} // namespace clang::tidy::retry::utils

#endif
