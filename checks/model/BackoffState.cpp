// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A retry's own bookkeeping among what a loop changes: the interval it
// waits and a flag it sets to one constant. A C client often keeps the
// connection and its backoff in one struct and hands the whole struct to
// the call; changing the backoff there does not make the next round a
// different call (the next host or offset does).

#include "BackoffState.h"
#include "ApiModel.h"
#include "WaitNames.h"
#include "utils/AssignedVars.h"
#include "utils/AstWalk.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The variable or member an lvalue names as a whole (`c->interval`:
/// `interval`; `delay`); null for an element or a pointee (`buf[i]`, `*p`),
/// which may be anything.
static const ValueDecl *leafDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  return nullptr;
}

namespace {
/// One change the loop makes: the whole it changes (rootDecl()), the part
/// (leafDecl()), and the constant stored, when it stores one.
struct Change {
  const ValueDecl *Root;
  const ValueDecl *Leaf;
  std::optional<llvm::APSInt> Constant;
};
} // namespace

/// Adds to \p To the variables and members that \p S reads.
static void addReads(const Stmt *S,
                     llvm::SmallPtrSetImpl<const ValueDecl *> &To) {
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *E = dyn_cast<Expr>(N))
      if (isa<MemberExpr, DeclRefExpr>(E))
        if (const ValueDecl *D = leafDecl(E))
          To.insert(D);
  });
}

namespace {
/// What one walk of the loop's parts finds: the changes to the wholes in
/// question, what the waits read for their duration, and the locals'
/// values (with the parts' stored values after each part's locals).
struct PartsRead {
  llvm::SmallVector<Change, 8> Changes;
  llvm::SmallPtrSet<const ValueDecl *, 8> WaitReads;
  llvm::SmallVector<std::pair<const ValueDecl *, const Expr *>, 8> LocalValues;
};
} // namespace

/// Reads \p Parts once each: the changes to \p Changed, the waits' reads,
/// and the locals' values.
static PartsRead
readParts(llvm::ArrayRef<const Stmt *> Parts, const ApiModel &Model,
          const ASTContext &Ctx,
          const llvm::SmallPtrSetImpl<const ValueDecl *> &Changed) {
  PartsRead P;
  llvm::SmallVector<std::pair<const ValueDecl *, const Expr *>, 8> StoredValues;
  // One walk per part: what the waits read, the locals, and the changes.
  auto OnChange = [&](const Expr *Target, const Expr *Stored) {
    const ValueDecl *Root = rootDecl(Target);
    if (!Root || !Changed.count(Root))
      return;
    Change C{Root, leafDecl(Target), std::nullopt};
    Expr::EvalResult R;
    if (Stored && !Stored->isValueDependent() && Stored->EvaluateAsInt(R, Ctx))
      C.Constant = R.Val.getInt();
    P.Changes.push_back(C);
    if (Stored && C.Leaf)
      StoredValues.push_back({C.Leaf, Stored});
  };
  for (const Stmt *Part : Parts) {
    if (!Part)
      continue;
    size_t Stored = StoredValues.size();
    forEachDescendant(Part, [&](const Stmt *N) {
      changeAt(N, OnChange);
      if (const auto *DS = dyn_cast<DeclStmt>(N)) {
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
            P.LocalValues.push_back({V, V->getInit()});
      } else if (const auto *Call = dyn_cast<CallExpr>(N);
                 Call && !isa<CXXOperatorCallExpr>(Call)) {
        const FunctionDecl *FD = calleeDecl(Call);
        if (std::optional<unsigned> Arg = Model.waitDurationArg(Call))
          addReads(Call->getArg(*Arg), P.WaitReads);
        else if (FD && FD->getDeclName().isIdentifier() &&
                 isSleepName(FD->getName()))
          for (const Expr *A : Call->arguments())
            addReads(A, P.WaitReads);
      }
    });
    // Of each part, its locals are read before the values it stores.
    P.LocalValues.append(StoredValues.begin() + Stored, StoredValues.end());
  }
  return P;
}

/// Of each part that \p Changes store constants in: whether it always
/// stores the same one.
static llvm::DenseMap<const ValueDecl *, bool>
oneConstantParts(llvm::ArrayRef<Change> Changes) {
  llvm::DenseMap<const ValueDecl *, bool> OneConstant;
  for (const Change &C : Changes) {
    if (!C.Leaf)
      continue;
    auto [It, New] = OneConstant.try_emplace(C.Leaf, C.Constant.has_value());
    if (!C.Constant)
      It->second = false;
    else if (!New && It->second)
      for (const Change &Other : Changes)
        if (Other.Leaf == C.Leaf && Other.Constant &&
            !llvm::APSInt::isSameValue(*Other.Constant, *C.Constant))
          It->second = false;
  }
  return OneConstant;
}

void dropBackoffState(llvm::ArrayRef<const Stmt *> Parts, const ApiModel &Model,
                      const ASTContext &Ctx,
                      llvm::SmallPtrSetImpl<const ValueDecl *> &Changed) {
  if (Changed.empty())
    return;
  // What the loop's waits read for their duration, and the locals it
  // assigns (a delay computed from the interval before the wait).
  PartsRead P = readParts(Parts, Model, Ctx, Changed);
  // The wait reads a local computed from the interval (`unsigned delay =
  // c->interval;`): twice, for a local computed from another.
  for (int Pass = 0; Pass < 2; ++Pass)
    for (const auto &[D, Value] : P.LocalValues)
      if (isa<VarDecl>(D) && P.WaitReads.count(D))
        addReads(Value, P.WaitReads);
  // Each part that stores constants: whether it always stores the same one.
  llvm::DenseMap<const ValueDecl *, bool> OneConstant =
      oneConstantParts(P.Changes);
  auto Bookkeeping = [&](const Change &C) {
    return C.Leaf && (P.WaitReads.count(C.Leaf) || OneConstant.lookup(C.Leaf));
  };
  llvm::SmallPtrSet<const ValueDecl *, 4> Kept;
  for (const Change &C : P.Changes)
    if (!Bookkeeping(C))
      Kept.insert(C.Root);
  for (const Change &C : P.Changes)
    if (!Kept.count(C.Root))
      Changed.erase(C.Root);
}

} // namespace clang::tidy::retry::model
