// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AssignedVars.h"
#include "AstQueries.h"
#include "AstWalk.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::retry::utils {

/// What an lvalue is part of: the variable `b` for `b->last`, `buf[i]` or
/// `*p`; the member for `this->next_` (and `next_` in a method).
const ValueDecl *rootDecl(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return ME->getMemberDecl();
      E = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      E = UO->getSubExpr();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

void changeAt(const Stmt *N,
              llvm::function_ref<void(const Expr *, const Expr *)> Fn) {
  if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
    if (BO->isAssignmentOp())
      Fn(BO->getLHS(), BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(N)) {
    if (UO->isIncrementDecrementOp())
      Fn(UO->getSubExpr(), nullptr);
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
    // `it = next`, `++it` on a class iterator.
    if ((OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
         OC->getOperator() == OO_MinusMinus) &&
        OC->getNumArgs() > 0)
      Fn(OC->getArg(0), OC->getOperator() == OO_Equal && OC->getNumArgs() == 2
                            ? OC->getArg(1)
                            : nullptr);
  }
}

void forEachChange(const Stmt *S,
                   llvm::function_ref<void(const Expr *, const Expr *)> Fn) {
  forEachDescendant(S, [&](const Stmt *N) { changeAt(N, Fn); });
}

/// What the code in \p S changes, wholly or in part (=, op=, ++, -- on a
/// variable, a member, a field or an element of one).
/// Does the change \p N write the same value each time it runs: `=`, `&=`
/// or `|=` of a constant to a variable, a member or what a pointer points
/// to (`*res = NULL`)? A pointer moved elsewhere is a change of its own;
/// an element's index may move.
static bool storesSame(const Stmt *N, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(N);
  if (!BO || !llvm::is_contained({BO_Assign, BO_AndAssign, BO_OrAssign},
                                 BO->getOpcode()))
    return false;
  for (const Expr *E = BO->getLHS()->IgnoreParenImpCasts();
       !isa<DeclRefExpr>(E);) {
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
    else
      return false;
  }
  // (`NULL` is a constant cast to a pointer.)
  const Expr *R = BO->getRHS()->IgnoreParenCasts();
  return !R->isValueDependent() && R->isIntegerConstantExpr(Ctx);
}

llvm::SmallPtrSet<const ValueDecl *, 8>
storedDifferentConstants(const Stmt *S, const ASTContext &Ctx) {
  llvm::DenseMap<const ValueDecl *,
                 llvm::SmallVector<std::pair<unsigned, int64_t>, 2>>
      Stores;
  llvm::SmallPtrSet<const ValueDecl *, 8> Out;
  forEachDescendant(S, [&](const Stmt *N) {
    Expr::EvalResult R;
    const auto *BO = dyn_cast<BinaryOperator>(N);
    if (!BO || !storesSame(N, Ctx) ||
        !BO->getRHS()->IgnoreParenCasts()->EvaluateAsInt(R, Ctx))
      return;
    if (const ValueDecl *D = rootDecl(BO->getLHS())) {
      auto &Seen = Stores[D];
      std::pair<unsigned, int64_t> Store(BO->getOpcode(),
                                         R.Val.getInt().getExtValue());
      if (!llvm::is_contained(Seen, Store))
        Seen.push_back(Store);
      if (Seen.size() > 1)
        Out.insert(D);
    }
  });
  return Out;
}

llvm::SmallPtrSet<const ValueDecl *, 8>
changedDecls(const Stmt *S, const ASTContext *SameStores) {
  llvm::SmallPtrSet<const ValueDecl *, 8> Out;
  forEachDescendant(S, [&](const Stmt *N) {
    if (SameStores && storesSame(N, *SameStores))
      return;
    changeAt(N, [&](const Expr *Target, const Expr *) {
      if (const ValueDecl *D = rootDecl(Target))
        Out.insert(D);
    });
  });
  return Out;
}

/// Calls \p Fn on each variable and member of `this` that \p S reads.
static void forEachRead(const Stmt *S,
                        llvm::function_ref<void(const ValueDecl *)> Fn) {
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      Fn(DRE->getDecl());
    else if (const auto *ME = dyn_cast<MemberExpr>(N);
             ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      Fn(ME->getMemberDecl());
  });
}

bool readsAny(const Stmt *S,
              const llvm::SmallPtrSetImpl<const ValueDecl *> &Decls) {
  bool Found = false;
  forEachRead(S, [&](const ValueDecl *D) { Found = Found || Decls.count(D); });
  return Found;
}

llvm::SmallPtrSet<const ValueDecl *, 16> declsRead(const Stmt *S) {
  llvm::SmallPtrSet<const ValueDecl *, 16> Out;
  forEachRead(S, [&](const ValueDecl *D) { Out.insert(D); });
  return Out;
}

const Expr *steppedTarget(const Stmt *N) {
  if (const auto *UO = dyn_cast<UnaryOperator>(N);
      UO && UO->isIncrementDecrementOp())
    return UO->getSubExpr();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(N))
    return CA->getLHS();
  return nullptr;
}

void forEachVarAssignment(
    const Stmt *Region,
    llvm::function_ref<void(const VarDecl *, const Expr *)> Fn) {
  forEachDescendant(Region, [&](const Stmt *N) {
    if (const auto *DS = dyn_cast<DeclStmt>(N)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          Fn(V, V->getInit());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
      if (BO->isAssignmentOp())
        if (const VarDecl *V = refVar(BO->getLHS()))
          Fn(V, BO->getRHS());
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N)) {
      if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
        if (const VarDecl *V = refVar(OC->getArg(0)))
          Fn(V, OC->getArg(1));
    }
  });
}

llvm::SmallPtrSet<const VarDecl *, 4>
varsAssignedFrom(const Stmt *Region,
                 llvm::function_ref<bool(const Expr *)> From) {
  llvm::SmallPtrSet<const VarDecl *, 4> Out;
  forEachVarAssignment(Region, [&](const VarDecl *V, const Expr *Value) {
    if (!Out.count(V) && From(Value))
      Out.insert(V);
  });
  return Out;
}

} // namespace clang::tidy::retry::utils
