// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry sites recognized by structure: a loop that calls a function the
// model does not know (a wrapper declared elsewhere, a virtual call, a
// callable parameter) and goes back because that call failed is a retry
// site whatever the callee; so are a recursion and a backward goto (read
// by their recognizers, RetryRecursion.cpp and RetryGotos.cpp). Here:
// which rounds repeat the same call (not a walk over a queue, a sequence or
// state the call is handed): LoopRounds' candidates and how each is judged;
// what changes between rounds is in LoopRoundChanges.cpp. Which calls count
// lives in OperationFinder.h; how a condition on a call's result tells success
// from failure, in CallOutcomes.cpp, and which way code goes on each
// outcome, in LoopBackOnFailure.cpp.

#include "StructuralRetry.h"
#include "BackoffState.h"
#include "HelperRetry.h"
#include "LoopBackOnFailure.h"
#include "LoopRounds.h"
#include "ReplyWaits.h"
#include "RetryEvidence.h"
#include "RetrySiteIndex.h"
#include "RoundChanges.h"
#include "StateMarks.h"
#include "WaitNames.h"
#include "utils/AssignedVars.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Every call of the loop, read once for the candidates, the addresses
/// handed out and the state handed to calls: in source order. Lambdas made
/// in the loop run where they are called: their calls are marked. Body and
/// condition are disjoint, so no call is seen twice.
void LoopRounds::collectCalls() {
  for (PartKind Kind : {BodyPart, CondPart, IncPart})
    collectCalls(Kind);
}

void LoopRounds::collectCalls(PartKind Kind) {
  struct Entry {
    const Stmt *S;
    bool InLambda;
    unsigned Guard;
  };
  llvm::SmallVector<Entry, 64> Stack;
  if (Parts[Kind])
    Stack.push_back({Parts[Kind], false, 0});
  while (!Stack.empty()) {
    auto [N, InLambda, Guard] = Stack.pop_back_val();
    if (const auto *Call = dyn_cast<CallExpr>(N))
      Calls.push_back({Call, Kind, InLambda, Guard});
    else if (const auto *DS = dyn_cast<DeclStmt>(N); DS && Kind == BodyPart)
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          BodyLocals.push_back(V);
    bool ChildInLambda = InLambda || isa<LambdaExpr>(N);
    const auto *If = dyn_cast<IfStmt>(N);
    size_t First = Stack.size();
    for (const Stmt *Child : N->children()) {
      if (!Child)
        continue;
      unsigned ChildGuard = Guard;
      if (If && Child == If->getThen() && Kind == BodyPart && !InLambda) {
        Guards.push_back({If, Guard});
        ChildGuard = Guards.size() - 1;
      }
      Stack.push_back({Child, ChildInLambda, ChildGuard});
    }
    std::reverse(Stack.begin() + First, Stack.end());
  }
}

llvm::SmallVector<const IfStmt *, 4>
LoopRounds::guardsOf(unsigned Guard) const {
  llvm::SmallVector<const IfStmt *, 4> Out;
  for (unsigned I = Guard; I != 0; I = Guards[I].second)
    Out.push_back(Guards[I].first);
  return Out;
}

void LoopRounds::collectCandidates() {
  const llvm::SmallPtrSet<const CallExpr *, 16> Unread = unreadResults(P.Body);
  // The I/O waits with a timeout: one after a send may await its reply.
  llvm::SmallVector<const CallExpr *, 2> IoWaits;
  for (const LoopCall &LC : Calls)
    if (LC.Part == BodyPart && !LC.InLambda && ioWaitTimeoutArg(LC.Call) &&
        !waitsWithoutEnd(LC.Call, Ctx))
      IoWaits.push_back(LC.Call);
  const FunctionDecl *Fn = Index.enclosingFunction(Loop);
  const Stmt *FnBody = Fn ? Fn->getBody() : nullptr;
  for (const LoopCall &LC : Calls) {
    if (LC.Part == IncPart || LC.InLambda || fillsTimeout(LC.Call, IoWaits))
      continue;
    const CallExpr *Call = LC.Call;
    std::optional<Operation> Op = Index.unknownOperation(Call);
    const CallExpr *Reply = IoWaits.empty() || (!Op && !isDescriptorSend(Call))
                                ? nullptr
                                : replyWaitAfter(Call, IoWaits, FnBody, Ctx);
    // A send on a descriptor whose reply the round awaits is the request.
    if (!Op && Reply) {
      Op.emplace();
      Op->Call = Op->InnerCall = Call;
      Op->Kind = OperationKind::Unknown;
      Op->Name = calleeName(Call).str();
    }
    bool GivesUp = false;
    if (const RetrySite *H = Index.helperSite(Call)) {
      GivesUp = true;
      if (!Op) {
        Op.emplace();
        Op->Call = Op->InnerCall = Call;
        Op->Kind = OperationKind::Unknown;
        Op->Name = H->Helper ? H->Helper->getQualifiedNameAsString() : "";
      }
    }
    // A result unread may still travel: through a state the round marks
    // after the call and a later call moves on (StateMarks.h).
    if (!Op)
      continue;
    std::optional<StateMark> Mark = markAfter(Call, Ctx);
    Candidates.push_back({Call, *Op, GivesUp,
                          !Unread.count(Call) || Mark.has_value() || Reply,
                          LC.Guard, Mark, Reply});
  }
}

/// Is \p Call handed the address of something (`next(&it)`)?
bool LoopRounds::handsAddress(const CallExpr *Call) {
  return llvm::any_of(Call->arguments(), [](const Expr *A) {
    const auto *UO = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
    return UO && UO->getOpcode() == UO_AddrOf;
  });
}

void LoopRounds::collectByAddress() {
  // A volatile object (a signal flag) is changed from outside the loop's
  // flow: handed on, it is read, not advanced. A C library call given
  // only constants besides (`memset(&hints, 0, sizeof hints)`) resets it.
  // A call on the way out of the loop advances nothing for a next round.
  for (const LoopCall &LC : Calls) {
    // A random draw into a field stamps the request (a fresh sequence
    // number, dropStamps()); it moves nothing on.
    if (!handsAddress(LC.Call) || inLeavingBlock(LC.Call, Loop, Ctx) ||
        drawsFresh(LC.Call))
      continue;
    if (isPlatformDecl(calleeDecl(LC.Call)) &&
        llvm::all_of(LC.Call->arguments(), [&](const Expr *A) {
          const auto *UO = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
          return (UO && UO->getOpcode() == UO_AddrOf) ||
                 (!A->isValueDependent() && A->isEvaluatable(Ctx));
        }))
      continue;
    // (Handed to a pointer to const, it is read, not advanced.)
    const FunctionDecl *FD = calleeDecl(LC.Call);
    for (unsigned I = 0; I < LC.Call->getNumArgs(); ++I) {
      const auto *UO =
          dyn_cast<UnaryOperator>(LC.Call->getArg(I)->IgnoreParenImpCasts());
      if (!UO || UO->getOpcode() != UO_AddrOf ||
          UO->getSubExpr()->getType().isVolatileQualified() ||
          (FD && I < FD->getNumParams() &&
           FD->getParamDecl(I)->getType()->isPointerType() &&
           FD->getParamDecl(I)->getType()->getPointeeType().isConstQualified()))
        continue;
      if (const ValueDecl *D = rootDecl(UO->getSubExpr()))
        ByAddr.push_back({D, LC.Call});
    }
  }
}

/// Does \p Call read a variable another call of the loop advances through
/// its address? Then it walks a sequence.
bool LoopRounds::advancedElsewhere(const CallExpr *Call) const {
  if (ByAddr.empty())
    return false;
  // What the call names, read once for all the entries: a C loop hands
  // dozens of addresses.
  llvm::SmallPtrSet<const ValueDecl *, 16> Named;
  forEachDescendant(Call, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      Named.insert(DRE->getDecl());
  });
  for (const auto &Entry : ByAddr) {
    const CallExpr *Other = Entry.second;
    if (Named.count(Entry.first) && Other != Call &&
        !containsStmt(Call, Other) && !containsStmt(Other, Call))
      return true;
  }
  return false;
}

/// Is \p E a truth value: a test, or tests joined (`retry == 0 || !peers`)?
static bool isTruthValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_LNot;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  return BO && (BO->isComparisonOp() || BO->isLogicalOp());
}

/// Is \p Arg a test of the loop's counters only, among what the loop
/// changes (`retry == 0 || nb_oldpids == 0`): is this the last round?
bool LoopRounds::testsOnlyCounters(const Expr *Arg) const {
  if (!isTruthValue(Arg))
    return false;
  llvm::SmallVector<const VarDecl *, 2> Counters = countedVars(Loop);
  bool Other = false, Counted = false;
  forEachDescendant(Arg, [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    if (!DRE || !Changed.count(DRE->getDecl()))
      return;
    bool IsCounter = llvm::is_contained(Counters, DRE->getDecl());
    Counted = Counted || IsCounter;
    Other = Other || !IsCounter;
  });
  return Counted && !Other;
}

/// Does \p Call read an array that a C library call of the loop writes
/// from what changes each round (`snprintf(ifname, n, "%s%d", prefix,
/// num)` after `num++`)? Each round then asks for another name.
bool LoopRounds::rebuiltEachRound(const CallExpr *Call) const {
  llvm::SmallPtrSet<const ValueDecl *, 4> Arrays;
  for (const Expr *A : Call->arguments())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
        DRE && DRE->getType()->isArrayType())
      Arrays.insert(DRE->getDecl());
  return !Arrays.empty() && llvm::any_of(Calls, [&](const LoopCall &LC) {
    // (A fortified build calls `__builtin___snprintf_chk`.)
    const FunctionDecl *FD = calleeDecl(LC.Call);
    if (LC.Call == Call || !FD || !(isPlatformDecl(FD) || FD->getBuiltinID()) ||
        FD->getNumParams() == 0 || LC.Call->getNumArgs() == 0)
      return false;
    const auto *Dest =
        dyn_cast<DeclRefExpr>(LC.Call->getArg(0)->IgnoreParenImpCasts());
    QualType T = FD->getParamDecl(0)->getType();
    return Dest && Arrays.count(Dest->getDecl()) && T->isPointerType() &&
           !T->getPointeeType().isConstQualified() &&
           llvm::any_of(llvm::drop_begin(LC.Call->arguments()),
                        [&](const Expr *A) { return readsChanged(A); });
  });
}

bool LoopRounds::backsOff() {
  if (BacksOff)
    return *BacksOff;
  // The loop's counters are read only once a wait is there.
  std::optional<llvm::SmallPtrSet<const ValueDecl *, 2>> Counters;
  BacksOff = llvm::any_of(Calls, [&](const LoopCall &LC) {
    StringRef Name = calleeName(LC.Call);
    // (A glance at the letters first: most calls name no wait, and reading
    // a name's words costs.)
    bool MayWait = llvm::any_of(
        std::initializer_list<StringRef>{"sleep", "nap", "delay", "wait",
                                         "pause", "backoff", "back_off",
                                         "hold"},
        [&](StringRef W) { return Name.contains_insensitive(W); });
    if (LC.Part != BodyPart || LC.InLambda || !MayWait ||
        !(isSleepName(Name) || isPauseName(Name)))
      return false;
    if (!Counters) {
      Counters.emplace();
      for (const VarDecl *V : countedVars(Loop))
        Counters->insert(V);
    }
    return llvm::any_of(LC.Call->arguments(), [&](const Expr *A) {
      return drawsFresh(A) || (!Counters->empty() && readsAny(A, *Counters));
    });
  });
  return *BacksOff;
}

bool LoopRounds::picksByChangedIndex(const Stmt *S) const {
  bool Picks = false;
  forEachDescendant(S, [&](const Stmt *N) {
    const auto *AS = dyn_cast<ArraySubscriptExpr>(N);
    Picks = Picks || (AS && readsChanged(AS->getIdx()));
  });
  return Picks;
}

/// The same request each time? An argument or object the loop changes
/// means a different call per iteration (paging, a stream, a walk, the
/// next endpoint). A test of the counter handed as a flag (`bind_all(retry
/// == 0)`: is this the last round?) asks for the same request.
bool LoopRounds::goesElsewhere(const Candidate &C) {
  const CallExpr *Call = C.Call;
  // A loop that backs off changes its request as a retry does (where to
  // resume, a mode flag); only an element an index picks goes elsewhere.
  // (Asked only when something changes: most loops never need it.)
  for (const Stmt *Child : Call->children())
    if (!(isa<Expr>(Child) && testsOnlyCounters(cast<Expr>(Child))) &&
        readsChanged(Child) && (!backsOff() || picksByChangedIndex(Child)))
      return true;
  return ((advancedElsewhere(Call) || consumesHandedState(Call)) &&
          !backsOff()) ||
         rebuiltEachRound(Call) ||
         actsOnStep(Loop, Call, Handed, guardsOf(C.Guard), Ctx,
                    Index.loopBodyReads());
}

llvm::SmallVector<Operation, 2> LoopRounds::retried(bool &MovesOn) {
  llvm::SmallVector<Operation, 2> Out;
  MovesOn = false;
  collectCalls();
  collectCandidates();
  // A call whose result nothing reads never makes the loop go back: with
  // none other, what the loop changes is not needed.
  if (llvm::none_of(Candidates, [](const Candidate &C) { return C.MayGoBack; }))
    return Out;
  collectByAddress();
  collectChanged();
  llvm::SmallVector<const CallExpr *, 16> BodyCalls;
  for (const LoopCall &LC : Calls)
    if (LC.Part == BodyPart && !LC.InLambda)
      BodyCalls.push_back(LC.Call);
  Handed = handedState(BodyCalls);
  // In a loop that backs off, a call that moves on (a log line's text, a
  // stat of the output file) makes a failover only when it feeds the
  // retried call, as one that never goes back does.
  llvm::SmallVector<const CallExpr *, 4> MovedOn;
  for (const Candidate &C : Candidates) {
    if (!C.MayGoBack)
      continue;
    if (goesElsewhere(C)) {
      if (backsOff())
        MovedOn.push_back(C.Call);
      else
        MovesOn = true;
      continue;
    }
    // (Or it goes back while the mark is still there, or when its reply
    // wait saw none: no reply came.)
    if (loopsBackOnFailure(Loop, C.Call, Ctx, Index.loopBodyReads(),
                           C.GivesUp) ||
        (C.Mark && goesBackWhileMarked(Loop, *C.Mark, Ctx)) ||
        (C.ReplyWait && goesBackWithoutReply(Loop, C.ReplyWait, Ctx)))
      Out.push_back(C.Op);
  }
  // Whether another call moves on matters only to a site (failover).
  if (!Out.empty() && !MovesOn)
    MovesOn = llvm::any_of(Candidates,
                           [&](const Candidate &C) {
                             return !C.MayGoBack && goesElsewhere(C) &&
                                    feedsRetried(C.Call, Out);
                           }) ||
              llvm::any_of(MovedOn, [&](const CallExpr *Call) {
                return feedsRetried(Call, Out);
              });
  else if (Out.empty() && !MovedOn.empty())
    MovesOn = true;
  return Out;
}

/// Does what \p Call returns or fills reach one of \p Out's calls (`fd =
/// connect(hosts[i]); send(fd, ...)`)? Only then does its moving on take
/// the retried call elsewhere; a consumer's next read moves on without
/// taking its reconnect anywhere.
bool LoopRounds::feedsRetried(const CallExpr *Call,
                              llvm::ArrayRef<Operation> Out) const {
  llvm::SmallPtrSet<const ValueDecl *, 4> Fed;
  for (const auto &Entry : ByAddr)
    if (Entry.second == Call)
      Fed.insert(Entry.first);
  for (const auto &[Target, Value] : Changes)
    if (Value && Target && containsStmt(Value, Call))
      if (const ValueDecl *D = rootDecl(Target))
        Fed.insert(D);
  // Locals made from it too (`data = event->data` after `event = pop(q)`),
  // twice for a local made from one of those.
  for (int Pass = 0; Pass < 3; ++Pass)
    forEachDescendant(P.Body, [&](const Stmt *N) {
      const auto *DS = dyn_cast<DeclStmt>(N);
      if (const auto *V = dyn_cast_or_null<VarDecl>(
              DS && DS->isSingleDecl() ? DS->getSingleDecl() : nullptr);
          V && V->getInit() &&
          (containsStmt(V->getInit(), Call) || readsAny(V->getInit(), Fed)))
        Fed.insert(V);
    });
  return llvm::any_of(Out, [&](const Operation &Op) {
    bool Reads = false;
    if (!Op.Call)
      return false;
    forEachDescendant(Op.Call, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        Reads = Reads || Fed.count(DRE->getDecl());
      else if (const auto *ME = dyn_cast<MemberExpr>(N))
        Reads = Reads || Fed.count(ME->getMemberDecl());
    });
    return Reads;
  });
}

llvm::SmallVector<Operation, 2>
structurallyRetried(RetrySiteIndex &Index, const Stmt *Loop, bool &MovesOn) {
  return LoopRounds(Index, Loop).retried(MovesOn);
}

} // namespace clang::tidy::retry::model
