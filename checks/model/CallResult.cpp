// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What stands for a call's result in the code that tests it (CallResult.h).

#include "CallResult.h"
#include "OperationFinder.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

namespace clang::tidy::retry::model {

using namespace utils;

CallResult::CallResult(const Stmt *Body, const CallExpr *Call,
                       LoopBodyReads &Reads, const SourceManager &SM)
    : Call(Call), Body(Body), Reads(Reads), SM(SM) {
  // One walk of the body for both sets.
  llvm::SmallPtrSet<const VarDecl *, 4> Shared;
  Reads.forEachAssignment(Body, [&](const VarDecl *V, const Expr *E) {
    Stores[V].push_back({E, containsStmt(E, Call)});
    if (containsStmt(E, Call)) {
      Vars.insert(V);
      return;
    }
    if (Shared.count(V))
      return;
    // A value the code builds (`make_unique<Reply>(INVALID)`) is no
    // other call's outcome.
    bool OtherCall = false;
    forEachDescendant(E, [&](const Stmt *N) {
      const auto *C = dyn_cast<CallExpr>(N);
      const FunctionDecl *FD = C ? calleeDecl(C) : nullptr;
      bool Builds = FD && FD->getDeclName().isIdentifier() &&
                    identifierWords(FD->getName()).front() == "make";
      OtherCall = OtherCall || (C && !Builds);
    });
    if (OtherCall)
      Shared.insert(V);
  });
  for (const VarDecl *V : Shared)
    if (Vars.erase(V))
      SharedVars.insert(V);
  readLastError(Body);
}

bool CallResult::operator()(const Expr *E) const {
  if (!E)
    return false;
  if (E == Call || ignoreWrappers(E) == Call)
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
      BO && BO->isAssignmentOp() && containsStmt(BO->getRHS(), Call))
    return true;
  if (Member && sameMember(E, Member))
    return true;
  if (const auto *G = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
      G && Getters.count(G))
    return true;
  const VarDecl *V = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    V = dyn_cast<VarDecl>(DRE->getDecl());
  return V && (Vars.count(V) || (SharedVars.count(V) && lastStoreIsCall(V, E)));
}

void CallResult::readLastError(const Stmt *Body) {
  if (!Reads.readsLastError(Body))
    return;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *CS = dyn_cast<CompoundStmt>(N);
    for (unsigned I = 0; CS && I + 1 < CS->size(); ++I)
      if (containsStmt(CS->body_begin()[I], Call))
        forEachInFunction(CS->body_begin()[I + 1], [&](const Stmt *M) {
          const auto *G = dyn_cast<CallExpr>(M);
          if (G && isLastErrorGetter(calleeDecl(G)))
            Getters.insert(G);
        });
  });
  Reads.forEachAssignment(Body, [&](const VarDecl *V, const Expr *E) {
    if (const auto *G = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
        G && Getters.count(G))
      Vars.insert(V);
  });
}

bool CallResult::lastStoreIsCall(const VarDecl *V, const Expr *Use) const {
  auto It = Stores.find(V);
  const std::pair<const Expr *, bool> *Last = nullptr;
  for (const auto &Store : It->second)
    if (SM.isBeforeInTranslationUnit(Store.first->getBeginLoc(),
                                     Use->getBeginLoc()) &&
        (!Last || SM.isBeforeInTranslationUnit(Last->first->getBeginLoc(),
                                               Store.first->getBeginLoc())))
      Last = &Store;
  if (!Last || !Last->second)
    return false;
  const CompoundStmt *Block = Reads.statementBlock(Body, Last->first);
  return Block && containsStmt(Block, Use);
}

bool CallResult::sameMember(const Expr *E, const MemberExpr *M) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME || ME->getMemberDecl() != M->getMemberDecl())
    return false;
  const Expr *A = ME->getBase()->IgnoreParenImpCasts();
  const Expr *B = M->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(A) || isa<CXXThisExpr>(B))
    return isa<CXXThisExpr>(A) && isa<CXXThisExpr>(B);
  const ValueDecl *DA = refDecl(A), *DB = refDecl(B);
  return DA && DA == DB;
}

/// The member \p Call's result is assigned to, when it is one
/// (`m->wsi = connect(&i)`).
static const MemberExpr *memberHolding(const CallExpr *Call, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*Call);
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    N = Parents[0];
    if (const auto *BO = N.get<BinaryOperator>())
      return BO->getOpcode() == BO_Assign
                 ? dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts())
                 : nullptr;
    if (!N.get<ImplicitCastExpr>() && !N.get<ParenExpr>())
      return nullptr;
  }
  return nullptr;
}

/// What stands for \p Call's result in \p Region, the member it is
/// assigned to included.
CallResult resultOf(const Stmt *Region, const CallExpr *Call,
                    LoopBodyReads &Reads, ASTContext &Ctx) {
  CallResult IsResult(Region, Call, Reads, Ctx.getSourceManager());
  if (const MemberExpr *M = memberHolding(Call, Ctx))
    IsResult.heldIn(M);
  return IsResult;
}

} // namespace clang::tidy::retry::model
