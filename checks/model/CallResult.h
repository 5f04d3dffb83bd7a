// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What stands for a call's result in the code that tests it
// (LoopBackOnFailure.cpp): the call, an assignment used as a value, a local
// or a member set from it, a library's last error read right after it.

#ifndef RETRYLINT_CHECKS_MODEL_CALLRESULT_H
#define RETRYLINT_CHECKS_MODEL_CALLRESULT_H

#include "LoopBodyReads.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

/// What stands for \p Call's result in a loop body: the call itself, an
/// assignment used as a value (`(rc = op()) != 0`), or a local set from it.
/// A local also set from another call (`n = recv(...)` at the top, `n =
/// report_error(...)` before a break) holds this one's result where the
/// last store before the read, in the order of the code, is this call's.
class CallResult {
public:
  CallResult(const Stmt *Body, const CallExpr *Call, LoopBodyReads &Reads,
             const SourceManager &SM);

  bool operator()(const Expr *E) const;

  /// The call's result is also held in the member \p M was assigned to
  /// (`m->wsi = connect(&i); if (!m->wsi)`).
  void heldIn(const MemberExpr *M) { Member = M; }

private:
  /// A library's last error read in the statement right after the call
  /// (`resp = do_request(h, r); st = get_error();`, `if (get_error())`)
  /// is the call's outcome.
  void readLastError(const Stmt *Body);

  /// Is the last store to \p V before \p Use, in the order of the code,
  /// this call's result, made by a statement of a block that holds the use
  /// (not under an `if` the use is outside of: `if (hook) t = hook();`)?
  bool lastStoreIsCall(const VarDecl *V, const Expr *Use) const;

  /// Do \p E and \p M name the same member of the same variable (or of
  /// `this`)?
  static bool sameMember(const Expr *E, const MemberExpr *M);

  const CallExpr *Call;
  const Stmt *Body;
  LoopBodyReads &Reads;
  const SourceManager &SM;
  const MemberExpr *Member = nullptr;
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  /// Locals other calls store in too, and where each store is.
  llvm::SmallPtrSet<const VarDecl *, 4> SharedVars;
  llvm::DenseMap<const VarDecl *,
                 llvm::SmallVector<std::pair<const Expr *, bool>, 2>>
      Stores;
  llvm::SmallPtrSet<const CallExpr *, 2> Getters;
};

/// What stands for \p Call's result in \p Region, the member it is
/// assigned to included.
CallResult resultOf(const Stmt *Region, const CallExpr *Call,
                    LoopBodyReads &Reads, ASTContext &Ctx);

} // namespace clang::tidy::retry::model

#endif
