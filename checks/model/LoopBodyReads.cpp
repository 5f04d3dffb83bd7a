// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LoopBodyReads: what the readers of loops by outcome take from a body,
// walked once per body.

#include "LoopBodyReads.h"
#include "OperationFinder.h"
#include "utils/AssignedVars.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// What the reads take from one body: the tests (if and try statements,
/// lambdas left out) in walk order with whether each sits in a nested loop
/// or switch, and the assignments to variables in walk order.
struct LoopBodyReads::BodyReads {
  llvm::SmallVector<std::pair<const Stmt *, bool>, 16> Tests;
  llvm::SmallVector<std::pair<const VarDecl *, const Expr *>, 16> Assignments;
  bool TestsRead = false, AssignmentsRead = false;
  std::optional<bool> LastError;
  std::optional<llvm::DenseMap<const Expr *, const CompoundStmt *>>
      StatementStores;
};

LoopBodyReads::LoopBodyReads() = default;
LoopBodyReads::~LoopBodyReads() = default;

LoopBodyReads::BodyReads &LoopBodyReads::of(const Stmt *S) {
  std::unique_ptr<BodyReads> &R = Bodies[S];
  if (!R)
    R = std::make_unique<BodyReads>();
  return *R;
}

void LoopBodyReads::forEachTest(
    const Stmt *LoopBody, llvm::function_ref<void(const Stmt *, bool)> Fn) {
  BodyReads &R = of(LoopBody);
  if (!R.TestsRead) {
    R.TestsRead = true;
    llvm::SmallVector<std::pair<const Stmt *, bool>, 32> Stack{
        {LoopBody, false}};
    while (!Stack.empty()) {
      auto [S, Inner] = Stack.pop_back_val();
      if (!S || isa<LambdaExpr>(S))
        continue;
      if (isa<IfStmt, CXXTryStmt, SwitchStmt>(S))
        R.Tests.push_back({S, Inner});
      bool ChildInner =
          Inner ||
          isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
      // Reversed, so that children are visited in source order.
      size_t First = Stack.size();
      for (const Stmt *Child : S->children())
        Stack.push_back({Child, ChildInner});
      std::reverse(Stack.begin() + First, Stack.end());
    }
  }
  for (auto [S, Inner] : R.Tests)
    Fn(S, Inner);
}

void LoopBodyReads::forEachAssignment(
    const Stmt *LoopBody,
    llvm::function_ref<void(const VarDecl *, const Expr *)> Fn) {
  BodyReads &R = of(LoopBody);
  if (!R.AssignmentsRead) {
    R.AssignmentsRead = true;
    forEachVarAssignment(LoopBody, [&](const VarDecl *V, const Expr *E) {
      R.Assignments.push_back({V, E});
    });
  }
  for (auto [V, E] : R.Assignments)
    Fn(V, E);
}

bool LoopBodyReads::readsLastError(const Stmt *Body) {
  BodyReads &R = of(Body);
  if (!R.LastError) {
    R.LastError = false;
    forEachInFunction(Body, [&](const Stmt *N) {
      const auto *G = dyn_cast<CallExpr>(N);
      if (G && !*R.LastError && isLastErrorGetter(calleeDecl(G)))
        R.LastError = true;
    });
  }
  return *R.LastError;
}

const CompoundStmt *LoopBodyReads::statementBlock(const Stmt *Body,
                                                  const Expr *Value) {
  BodyReads &R = of(Body);
  if (!R.StatementStores) {
    R.StatementStores.emplace();
    auto Record = [&](const Expr *E, const CompoundStmt *Block) {
      forEachDescendant(E, [&](const Stmt *N) {
        if (const auto *BO = dyn_cast<BinaryOperator>(N);
            BO && BO->isAssignmentOp())
          (*R.StatementStores)[BO->getRHS()] = Block;
      });
    };
    forEachDescendant(Body, [&](const Stmt *N) {
      const auto *Block = dyn_cast<CompoundStmt>(N);
      for (const Stmt *S : Block ? Block->body() : llvm::ArrayRef<Stmt *>()) {
        if (const auto *DS = dyn_cast<DeclStmt>(S))
          for (const Decl *D : DS->decls())
            if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
              (*R.StatementStores)[VD->getInit()] = Block;
        if (const auto *E = dyn_cast<Expr>(S))
          Record(E, Block);
        else if (const auto *Cond = dyn_cast_or_null<Expr>(conditionOf(S)))
          Record(Cond, Block);
      }
    });
  }
  return R.StatementStores->lookup(Value);
}

} // namespace clang::tidy::retry::model
