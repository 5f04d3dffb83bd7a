// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Whether code goes back to a call because the call failed, read from the
// tests of its result (CallOutcomes.cpp): which way a loop, a recursion or
// a backward goto goes on each outcome, and whether a loop's calls work
// through steps. Whether a loop goes round after a success is read in
// RoundAfterSuccess.cpp. The retry sites by structure built on it are in
// StructuralRetry.cpp.

#include "LoopBackOnFailure.h"
#include "BranchExits.h"
#include "CallOutcomes.h"
#include "CallResult.h"
#include "OperationFinder.h"
#include "ReplyWaits.h"
#include "RetrySite.h"
#include "WaitNames.h"
#include "utils/AssignedVars.h"
#include "utils/SwitchGroups.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

/// Reads the tests of one loop body for whether the loop goes back because
/// a call failed. Each if, try and switch of the body says what the loop
/// does on the call's success or failure: going back on a failure (a
/// `continue`, a handler that stays) is the retry; leaving on any failure
/// (not one named failure, and not after some failures went back) makes it
/// a stream or a work loop instead.
class FailureWayBack {
public:
  FailureWayBack(const CallExpr *Call, OutcomeReader &Reader, ASTContext &Ctx,
                 bool Exits, bool GivesUp)
      : Call(Call), Reader(Reader), Ctx(Ctx), Exits(Exits), GivesUp(GivesUp) {}

  void read(const Stmt *S, bool Inner) {
    if (const auto *If = dyn_cast<IfStmt>(S))
      readIf(If, Inner);
    else if (const auto *Try = dyn_cast<CXXTryStmt>(S))
      readTry(Try, Inner);
    else if (const auto *SW = dyn_cast<SwitchStmt>(S);
             SW && !Inner && Reader.mentions(SW->getCond()))
      readSwitch(SW);
  }
  bool goesBack() const { return Found && !FailureLeaves; }
  bool failureLeaves() const { return FailureLeaves; }

private:
  void readIf(const IfStmt *If, bool Inner);
  void readTry(const CXXTryStmt *Try, bool Inner);
  llvm::SmallVector<Outcome, 4> groupOutcomes(const SwitchStmt *SW,
                                              llvm::ArrayRef<CaseGroup> Groups,
                                              bool &SuccessNamed) const;
  void readSwitch(const SwitchStmt *SW);

  const CallExpr *Call;
  OutcomeReader &Reader;
  ASTContext &Ctx;
  bool Exits, GivesUp;
  bool Found = false, FailureLeaves = false, FailureWentBack = false;
};

} // namespace

/// Does \p S pause (`sleep(1)`, `nanosleep(&ts, NULL)`, `poll(NULL, 0,
/// ms)`)?
static bool pausesIn(const Stmt *S) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    StringRef Name = C ? calleeName(C) : "";
    Found =
        Found ||
        (C && (isSleepName(Name) || isPauseName(Name) || ioWaitTimeoutArg(C)));
  });
  return Found;
}

void FailureWayBack::readIf(const IfStmt *If, bool Inner) {
  Outcome O = Reader.readTest(If);
  // A test that says nothing about the call changes nothing below.
  if (O == Outcome::Unknown)
    return;
  bool ThenLeaves = leavesLoop(If->getThen(), Inner);
  bool ElseLeaves = leavesLoop(If->getElse(), Inner);
  // A branch that leaves on some paths and goes round on others gives up
  // at a cap or on some failures and retries the rest.
  bool ThenBack = mayGoRound(If->getThen(), Inner, Ctx);
  bool ElseBack = mayGoRound(If->getElse(), Inner, Ctx);
  // Leaving on any failure (`if (n < 0) return`, `if (!ok) break`) ends
  // the loop when the call fails: a stream or a work loop, not a retry.
  // Leaving on one named failure (`rc == ERR_INVALID`) does not.
  // Once some failures went back (`if (closed(ec)) continue; if (ec)
  // return ec;`), leaving on the rest is giving up on the others.
  if (O == Outcome::Failure && ThenLeaves && !ThenBack &&
      !Reader.lastWasSpecific() && !FailureWentBack)
    FailureLeaves = true;
  if ((O == Outcome::Failure && endsWithContinue(If->getThen())) ||
      (O == Outcome::Success && endsWithContinue(If->getElse())))
    FailureWentBack = true;
  // Leaving on an error and then on a whole call (`if (sent < 0) return;
  // if (sent == len) return;`): a short call goes round, and leaving on
  // the errors was giving up on those.
  if (O == Outcome::Success && Reader.lastWasShort() && ThenLeaves &&
      !ThenBack && !ElseLeaves)
    FailureLeaves = false;
  // A branch that goes round at its end (`if (rc == OK) { if (bad)
  // return; continue; }`) leaves only on some later test.
  // The failure branch may give up on some paths when the success branch
  // always leaves (a success branch that may go round too is work).
  if ((O == Outcome::Success && ThenLeaves &&
       (!ElseLeaves || (ElseBack && !ThenBack)) &&
       !endsWithContinue(If->getThen())) ||
      (O == Outcome::Failure && ElseLeaves &&
       (!ThenLeaves || (ThenBack && !ElseBack)) &&
       !endsWithContinue(If->getElse())) ||
      (O == Outcome::Failure && !Inner && (Exits || GivesUp) &&
       continuesLoop(If->getThen(), Ctx)))
    Found = true;
  // A failure that pauses and goes back retries, even in a loop that goes
  // round after a success too (a consumer that reconnects): each way back
  // on its own.
  if (O == Outcome::Failure && !Inner && endsWithContinue(If->getThen()) &&
      pausesIn(If->getThen()))
    Found = true;
}

void FailureWayBack::readTry(const CXXTryStmt *Try, bool Inner) {
  if (containsStmt(Try->getTryBlock(), Call) &&
      leavesLoop(Try->getTryBlock(), Inner))
    for (unsigned I = 0; I < Try->getNumHandlers(); ++I)
      if (mayGoRound(Try->getHandler(I)->getHandlerBlock(), Inner, Ctx))
        Found = true;
}

/// What each case group of \p SW says of the call's outcome: each read as
/// the branch of `if (r.error == label)`; \p SuccessNamed is set when a
/// group names the success.
llvm::SmallVector<Outcome, 4>
FailureWayBack::groupOutcomes(const SwitchStmt *SW,
                              llvm::ArrayRef<CaseGroup> Groups,
                              bool &SuccessNamed) const {
  llvm::SmallVector<Outcome, 4> Outcomes;
  for (const CaseGroup &G : Groups) {
    // The labels a group shares answer alike: one named outcome among
    // unnamed codes (`case HERR: case HEOF:`) says what the others are;
    // a success and a failure together say nothing.
    bool Ok = false, Bad = false;
    for (const Expr *V : G.Values) {
      Outcome VO = Reader.readCase(SW->getCond(), V);
      Ok = Ok || VO == Outcome::Success;
      Bad = Bad || VO == Outcome::Failure;
    }
    Outcome O = Ok == Bad ? Outcome::Unknown
                : Ok      ? Outcome::Success
                          : Outcome::Failure;
    SuccessNamed = SuccessNamed || O == Outcome::Success;
    Outcomes.push_back(G.Default ? Outcome::Unknown : O);
  }
  return Outcomes;
}

/// `switch (r.error) { case Q_OK: return r; case Q_TIMEOUT: continue; ...
/// }`: each group read as the branch of `if (r.error == label)`, in order;
/// `default` stands for the values no label names, failures once a label
/// names the success.
void FailureWayBack::readSwitch(const SwitchStmt *SW) {
  llvm::SmallVector<CaseGroup, 4> Groups = caseGroups(SW);
  bool SuccessNamed = false;
  llvm::SmallVector<Outcome, 4> Outcomes =
      groupOutcomes(SW, Groups, SuccessNamed);
  // A group that ends in a jump out of the loop (`break` leaves the
  // switch only) never goes round.
  auto EndsOut = [](const CaseGroup &G) {
    const Stmt *Last = G.Stmts.empty() ? nullptr : G.Stmts.back();
    return Last && !isa<BreakStmt>(Last) && alwaysLeaves(Last);
  };
  for (size_t I = 0; I < Groups.size(); ++I) {
    const CaseGroup &G = Groups[I];
    Outcome O = G.Default && SuccessNamed ? Outcome::Failure : Outcomes[I];
    if (O == Outcome::Unknown)
      continue;
    bool Leaves = llvm::any_of(
        G.Stmts, [](const Stmt *X) { return leavesLoop(X, true); });
    bool Back = llvm::any_of(G.Stmts, reachesContinue);
    bool Specific = !G.Default;
    if (O == Outcome::Failure && Back)
      FailureWentBack = true;
    if (O == Outcome::Failure && Leaves && !Back && !Specific &&
        !FailureWentBack)
      FailureLeaves = true;
    if (O == Outcome::Success && Leaves && !Back)
      // The other groups: one that goes back or falls out of the switch
      // goes round.
      for (size_t J = 0; J < Groups.size(); ++J)
        if (J != I && (llvm::any_of(Groups[J].Stmts, reachesContinue) ||
                       !EndsOut(Groups[J])))
          Found = true;
    if (O == Outcome::Failure && Back && (Exits || GivesUp))
      Found = true;
  }
}

/// Does \p Name say that the state \p Call makes holds: the participle of a
/// word of the callee of four letters or more (`connect` and
/// `isConnected`), or a name made of the callee's own words (`open_db` and
/// `db_open`, `isOpen`)? A name that adds a word of its own names another
/// state (`read_suspended` beside `do_read`).
static bool namesStateOf(StringRef Name, const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD || !FD->getDeclName().isIdentifier() || Name == FD->getName())
    return false;
  llvm::SmallVector<std::string, 4> Made = identifierWords(FD->getName());
  bool Shared = false, Own = false;
  for (const std::string &W : identifierWords(Name)) {
    bool Same = false;
    for (const std::string &V : Made) {
      if (V.size() >= 4 && (W == V + "ed" || W == V + "d"))
        return true;
      Same = Same || W == V;
      Shared = Shared || (W == V && V.size() >= 4);
    }
    Own = Own || (!Same && W != "is" && W != "has");
  }
  return Shared && !Own;
}

/// Does \p BO test a number kept in a record \p Call is handed (a
/// descriptor: `http->fd < 0`) for a valid value (true: `>= 0`, `!= -1`)
/// or an invalid one (false: `< 0`, `== -1`)? None for another test.
static std::optional<bool> testsHandleOf(const BinaryOperator *BO,
                                         const CallExpr *Call) {
  const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *Lit =
      dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
  const auto *Neg =
      dyn_cast<UnaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (Neg && Neg->getOpcode() == UO_Minus)
    Lit = dyn_cast<IntegerLiteral>(Neg->getSubExpr()->IgnoreParenImpCasts());
  const ValueDecl *Owner = ME ? refDecl(ME->getBase()) : nullptr;
  if (!Lit || !Owner || !ME->getType()->isIntegerType() ||
      llvm::none_of(Call->arguments(),
                    [&](const Expr *A) { return refDecl(A) == Owner; }))
    return std::nullopt;
  int64_t N = Neg ? -(int64_t)Lit->getValue().getZExtValue()
                  : (int64_t)Lit->getValue().getZExtValue();
  BinaryOperatorKind Op = BO->getOpcode();
  if ((N == 0 && Op == BO_LT) || (N == -1 && Op == BO_EQ))
    return false;
  if ((N == 0 && Op == BO_GE) || (N == -1 && Op == BO_NE))
    return true;
  return std::nullopt;
}

/// Does \p Cond hold a state \p Call makes, tested for its truth (under a
/// `!` when \p Negated): `isConnected() || stop_`, `!c->db_open`,
/// `c->fd < 0` after `reconnect(c)`?
static bool testsStateOf(const Expr *Cond, const CallExpr *Call, bool Negated) {
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot)
    return testsStateOf(UO->getSubExpr(), Call, !Negated);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr))
    return testsStateOf(BO->getLHS(), Call, Negated) ||
           testsStateOf(BO->getRHS(), Call, Negated);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (std::optional<bool> Valid = testsHandleOf(BO, Call))
      return *Valid != Negated;
  if (Negated)
    return false;
  const ValueDecl *D = refDecl(E);
  if (const auto *State = dyn_cast<CallExpr>(E))
    D = State->getNumArgs() == 0 ? calleeDecl(State) : nullptr;
  return D && D->getDeclName().isIdentifier() &&
         namesStateOf(D->getName(), Call);
}

/// Does the loop leave on the state \p Call makes: its condition holds
/// while it does not (`while (!c->db_open)`), or a test directly in its
/// body leaves once it does (`if (isConnected() || stop_) break;`)? The
/// way back after a success then ends there, and a failure that stays in
/// the loop goes back (IXWebSocket's `checkConnection`).
static bool leavesOnStateOf(const LoopParts &P, const CallExpr *Call) {
  if (P.Cond && testsStateOf(P.Cond, Call, /*Negated=*/true))
    return true;
  const auto *Body = dyn_cast<CompoundStmt>(P.Body);
  return Body && llvm::any_of(Body->body(), [&](const Stmt *S) {
           const auto *If = dyn_cast<IfStmt>(S);
           return If && !If->getElse() && alwaysLeaves(If->getThen()) &&
                  testsStateOf(If->getCond(), Call, /*Negated=*/false);
         });
}

bool loopsBackOnFailure(const Stmt *Loop, const CallExpr *Call, ASTContext &Ctx,
                        LoopBodyReads &Reads, bool GivesUp) {
  LoopParts P = loopParts(Loop);
  CallResult IsResult = resultOf(P.Body, Call, Reads, Ctx);
  OutcomeReader Reader(Ctx, IsResult, Call);
  Reader.setRegion(P.Body);

  if (P.Cond && Reader.mentions(P.Cond) &&
      Reader.read(P.Cond) == Outcome::Failure)
    return true;
  FailureWayBack Way(Call, Reader, Ctx, leavesLoop(P.Body), GivesUp);
  Reads.forEachTest(P.Body,
                    [&](const Stmt *S, bool Inner) { Way.read(S, Inner); });
  return Way.goesBack() || (!Way.failureLeaves() && leavesOnStateOf(P, Call));
}

/// Is \p Child, a child of \p Parent, in the place of a statement whose
/// value is dropped (not a condition, an initializer or a returned value)?
static bool inStatementPlace(const Stmt *Parent, const Stmt *Child) {
  if (isa<CompoundStmt>(Parent))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return Child == If->getThen() || Child == If->getElse();
  if (const auto *L = dyn_cast<LabelStmt>(Parent))
    return Child == L->getSubStmt();
  if (const auto *C = dyn_cast<SwitchCase>(Parent))
    return Child == C->getSubStmt();
  if (const auto *A = dyn_cast<AttributedStmt>(Parent))
    return Child == A->getSubStmt();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Parent))
    return Child == Range->getBody();
  if (const auto *Switch = dyn_cast<SwitchStmt>(Parent))
    return Child == Switch->getBody();
  return Child == loopParts(Parent).Body; // for, while, do
}

llvm::SmallPtrSet<const CallExpr *, 16> unreadResults(const Stmt *Body) {
  llvm::SmallPtrSet<const CallExpr *, 16> Out;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Body)) {
    Out.insert(Call);
    return Out;
  }
  // Statements only: an expression (a condition, an initializer, a
  // statement expression, a lambda) may hand a call's value on, and a `try`
  // makes the call's throwing an outcome.
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S || isa<Expr, CXXTryStmt>(S))
      continue;
    for (const Stmt *Child : S->children()) {
      if (!Child || !inStatementPlace(S, Child))
        continue;
      if (const auto *Call = dyn_cast<CallExpr>(Child))
        Out.insert(Call);
      else
        Stack.push_back(Child);
    }
  }
  return Out;
}

HandedState handedState(const Stmt *Body) {
  llvm::SmallVector<const CallExpr *, 16> Calls;
  forEachInFunction(Body, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      Calls.push_back(Call);
  });
  return handedState(Calls);
}

HandedState handedState(llvm::ArrayRef<const CallExpr *> Calls) {
  HandedState Handed;
  for (const CallExpr *Other : Calls) {
    for (const Expr *Arg : Other->arguments()) {
      const Expr *A = Arg->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(A);
          UO && UO->getOpcode() == UO_AddrOf) {
        if (const ValueDecl *D = rootDecl(UO->getSubExpr()))
          Handed.push_back({D, Other});
      } else if (A->getType()->isPointerType() &&
                 !A->getType()->getPointeeType().isConstQualified()) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(A))
          Handed.push_back({DRE->getDecl(), Other});
      }
    }
  }
  return Handed;
}

bool actsOnStep(const Stmt *Loop, const CallExpr *Call,
                const HandedState &Handed,
                llvm::ArrayRef<const IfStmt *> Guards, ASTContext &Ctx,
                LoopBodyReads &Reads) {
  if (Handed.empty())
    return false;
  LoopParts P = loopParts(Loop);
  // What the call reads, once for all the entries: a C loop hands dozens
  // of addresses and pointers.
  llvm::SmallPtrSet<const ValueDecl *, 16> Read = declsRead(Call);
  if (llvm::none_of(Handed, [&](const auto &Entry) {
        return Read.count(Entry.first) && Entry.second != Call;
      }))
    return false;
  if (Guards.empty())
    return false;
  for (const auto &Entry : Handed) {
    const CallExpr *Other = Entry.second;
    if (!Read.count(Entry.first) || Other == Call ||
        containsStmt(Other, Call) || containsStmt(Call, Other))
      continue;
    // Made only for a test that could guard the call (reading the other
    // call's result walks the body twice).
    std::optional<CallResult> IsOther;
    std::optional<OutcomeReader> Reader;
    bool Guarded = false;
    for (const IfStmt *If : Guards) {
      if (Guarded || containsStmt(If->getThen(), Other))
        continue;
      if (!Reader) {
        IsOther.emplace(P.Body, Other, Reads, Ctx.getSourceManager());
        Reader.emplace(Ctx, *IsOther);
      }
      Guarded = Reader->mentions(If->getCond()) &&
                Reader->read(If->getCond()) == Outcome::Success;
    }
    if (Guarded && !loopsBackOnFailure(Loop, Other, Ctx, Reads))
      return true;
  }
  return false;
}

/// Does a statement after \p If in the block that holds it contain \p
/// Back? Then the failure that falls through \p If can reach \p Back; a
/// block that handles the failure and returns (`if (post() == OK) return;
/// terminate(); return;`) cannot.
static bool siblingAfterReaches(const Stmt *Region, const IfStmt *If,
                                const Stmt *Back) {
  bool Reaches = false;
  forEachDescendant(Region, [&](const Stmt *N) {
    const auto *CS = dyn_cast<CompoundStmt>(N);
    if (Reaches || !CS)
      return;
    bool After = false;
    for (const Stmt *Child : CS->body()) {
      if (After && containsStmt(Child, Back))
        Reaches = true;
      After = After || Child == If;
    }
  });
  return Reaches;
}

bool goesBackOnFailure(const Stmt *Region, const CallExpr *Call,
                       const Stmt *Back, ASTContext &Ctx,
                       LoopBodyReads &Reads) {
  CallResult IsResult = resultOf(Region, Call, Reads, Ctx);
  OutcomeReader Reader(Ctx, IsResult, Call);
  const SourceManager &SM = Ctx.getSourceManager();
  bool Found = false, SuccessGoesBack = false;
  forEachInFunction(Region, [&](const Stmt *S) {
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (!Reader.mentions(If->getCond()))
        return;
      Outcome O = Reader.read(If->getCond());
      bool InThen = containsStmt(If->getThen(), Back);
      bool InElse = containsStmt(If->getElse(), Back);
      if ((O == Outcome::Failure && InThen) ||
          (O == Outcome::Success && InElse))
        Found = true;
      else if ((O == Outcome::Success && InThen) ||
               (O == Outcome::Failure && InElse))
        SuccessGoesBack = true; // a walk over what succeeded
      else if (O == Outcome::Success && !InThen && !InElse &&
               alwaysLeaves(If->getThen()) &&
               SM.isBeforeInTranslationUnit(If->getEndLoc(),
                                            Back->getBeginLoc()) &&
               siblingAfterReaches(Region, If, Back))
        Found = true;
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
      if (containsStmt(Try->getTryBlock(), Call))
        for (unsigned I = 0; I < Try->getNumHandlers(); ++I)
          if (containsStmt(Try->getHandler(I), Back))
            Found = true;
    }
  });
  return Found && !SuccessGoesBack;
}

} // namespace clang::tidy::retry::model
