// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Whether a loop goes round again after its operations succeeded (a batch,
// a load test, an event loop), read from the tests of their results
// (CallOutcomes.cpp): such a loop is no retry site however it fails
// (RoundAfterSuccess.h); which way code goes on a failure is read in
// LoopBackOnFailure.cpp.

#include "RoundAfterSuccess.h"
#include "CallOutcomes.h"
#include "LoopBackOnFailure.h"
#include "utils/AssignedVars.h"
#include "utils/AstWalk.h"
#include "clang/AST/StmtCXX.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

/// Reads whether a loop goes round again after its operations succeed. The
/// operations' results are the calls and the locals they set together; each
/// if and try of the body, and the loop condition, says what the loop does
/// on success or failure. A test of a value some other call last assigned
/// to the shared status variable is no test of the operations.
class SuccessRound {
public:
  SuccessRound(ASTContext &Ctx, const LoopParts &P,
               llvm::ArrayRef<Operation> Ops)
      : SM(Ctx.getSourceManager()), P(P) {
    for (const Operation &Op : Ops)
      if (Op.Call)
        Calls.insert(Op.Call);
  }

  bool goesRound(ASTContext &Ctx, LoopBodyReads &Reads);

private:
  /// Where the body assigns one of the results' variables.
  struct Assignment {
    const Stmt *At;
    const VarDecl *Var;
    const Expr *Value;
  };
  bool hasCall(const Expr *E) const {
    return llvm::any_of(Calls,
                        [&](const Stmt *C) { return containsStmt(E, C); });
  }
  bool isResult(const Expr *E) const;
  void collectAssignments();
  bool testsOtherValue(const IfStmt *If) const;
  void readIf(const IfStmt *If, bool Inner, OutcomeReader &Reader);
  void readTry(const CXXTryStmt *Try, bool Inner);
  bool passLeaves() const;

  const SourceManager &SM;
  const LoopParts &P;
  llvm::SmallPtrSet<const Stmt *, 4> Calls;
  /// The operations' results, together: a status one call or another sets
  /// (`mresult = poll(); if (!mresult) mresult = perform();`).
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  llvm::SmallVector<Assignment, 4> Assignments;
  bool SuccessLeaves = false, FailureLeaves = false, SuccessStays = false,
       FailureGoesBack = false, Unread = false;
};

} // namespace

bool SuccessRound::isResult(const Expr *E) const {
  if (!E)
    return false;
  const Expr *X = ignoreWrappers(E);
  if (Calls.count(X) || Calls.count(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return Vars.count(V) > 0;
  return false;
}

/// The body's assignments to the results' variables, read once for every
/// test.
void SuccessRound::collectAssignments() {
  forEachInFunction(P.Body, [&](const Stmt *N) {
    const VarDecl *V = nullptr;
    const Expr *Value = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(N);
        BO && BO->getOpcode() == BO_Assign) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        V = dyn_cast<VarDecl>(DRE->getDecl());
      Value = BO->getRHS();
    } else if (const auto *DS = dyn_cast<DeclStmt>(N);
               DS && DS->isSingleDecl()) {
      V = dyn_cast<VarDecl>(DS->getSingleDecl());
      Value = V ? V->getInit() : nullptr;
    }
    if (V && Value && Vars.count(V))
      Assignments.push_back({N, V, Value});
  });
}

/// A test reads the value last assigned before it in the pass: `result =
/// pre_transfer(per); if (result) break;` tests the set-up that shares the
/// operation's status variable, not the operation.
bool SuccessRound::testsOtherValue(const IfStmt *If) const {
  const Expr *Last = nullptr; // the value of the last assignment before
  for (const Assignment &A : Assignments) {
    if (!references(If->getCond(), A.Var) ||
        !SM.isBeforeInTranslationUnit(A.At->getEndLoc(), If->getBeginLoc()))
      continue;
    if (!Last ||
        SM.isBeforeInTranslationUnit(Last->getBeginLoc(), A.At->getBeginLoc()))
      Last = A.Value;
  }
  return Last && !hasCall(Last);
}

void SuccessRound::readIf(const IfStmt *If, bool Inner, OutcomeReader &Reader) {
  Outcome O = Reader.read(If->getCond());
  if (O == Outcome::Unknown && !Reader.mentions(If->getCond()))
    return;
  bool ThenLeaves = leavesLoop(If->getThen(), Inner);
  bool ElseLeaves = leavesLoop(If->getElse(), Inner);
  // A test of the result that leaves or goes back, and that cannot be
  // read, may be the success path's way out: nothing is proven.
  if (O == Outcome::Unknown && Reader.mentions(If->getCond()) &&
      (ThenLeaves || ElseLeaves || endsWithContinue(If->getThen()) ||
       endsWithContinue(If->getElse())))
    Unread = true;
  if ((O == Outcome::Success && ThenLeaves) ||
      (O == Outcome::Failure && ElseLeaves))
    SuccessLeaves = true;
  if ((O == Outcome::Failure && ThenLeaves && !Reader.lastWasSpecific()) ||
      (O == Outcome::Success && ElseLeaves))
    FailureLeaves = true;
  if ((O == Outcome::Failure && endsWithContinue(If->getThen())) ||
      (O == Outcome::Success && endsWithContinue(If->getElse())))
    FailureGoesBack = true;
}

void SuccessRound::readTry(const CXXTryStmt *Try, bool Inner) {
  if (llvm::any_of(
          Calls,
          [&](const Stmt *C) { return containsStmt(Try->getTryBlock(), C); }) &&
      leavesLoop(Try->getTryBlock(), Inner))
    SuccessLeaves = true;
}

/// A body that ends each pass with a jump out leaves after whatever did not
/// go back before it (`if (!res) return; if (bad) continue; return
/// res->body;`): success does not go round.
bool SuccessRound::passLeaves() const {
  const auto *Block = dyn_cast<CompoundStmt>(P.Body);
  return Block && llvm::any_of(Block->body(), [](const Stmt *S) {
           return isa<ReturnStmt, BreakStmt, GotoStmt, CoreturnStmt>(S) ||
                  (isa<Expr>(S) &&
                   isa<CXXThrowExpr>(cast<Expr>(S)->IgnoreParenImpCasts()));
         });
}

bool SuccessRound::goesRound(ASTContext &Ctx, LoopBodyReads &Reads) {
  if (Calls.empty() || !P.Body)
    return false;
  Vars = varsAssignedFrom(P.Body, [&](const Expr *E) { return hasCall(E); });
  auto IsResult = [&](const Expr *E) { return isResult(E); };
  OutcomeReader Reader(Ctx, IsResult);
  if (P.Cond && Reader.mentions(P.Cond)) {
    Outcome O = Reader.read(P.Cond);
    SuccessLeaves |= O == Outcome::Failure;
    SuccessStays |= O == Outcome::Success;
  }
  collectAssignments();
  Reads.forEachTest(P.Body, [&](const Stmt *S, bool Inner) {
    if (const auto *If = dyn_cast<IfStmt>(S); If && testsOtherValue(If)) {
      // Neither evidence nor an unread test of the operation.
    } else if (If) {
      readIf(If, Inner, Reader);
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
      readTry(Try, Inner);
    }
  });
  return (SuccessStays || (FailureLeaves && !passLeaves())) && !SuccessLeaves &&
         !FailureGoesBack && !Unread;
}

bool goesRoundAfterSuccess(const Stmt *Loop, llvm::ArrayRef<Operation> Ops,
                           ASTContext &Ctx, LoopBodyReads &Reads) {
  LoopParts P = loopParts(Loop);
  return SuccessRound(Ctx, P, Ops).goesRound(Ctx, Reads);
}

} // namespace clang::tidy::retry::model
