// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry sites recognized by structure: a loop that calls a function the
// model does not know (a wrapper declared elsewhere, a virtual call, a
// callable parameter) and goes back because that call failed is a retry
// site whatever the callee; so are a recursion and a backward goto (read
// by their recognizers, RetryRecursion.cpp and RetryGotos.cpp). Here:
// which rounds repeat the same call (not a walk over a queue, a sequence or
// state the call is handed). Which calls count lives in
// OperationFinder.h; how a condition on a call's result tells success
// from failure, in CallOutcomes.cpp, and which way code goes on each
// outcome, in LoopBackOnFailure.cpp.

#include "StructuralRetry.h"
#include "BackoffState.h"
#include "HelperRetry.h"
#include "LoopBackOnFailure.h"
#include "ReplyWaits.h"
#include "RetryEvidence.h"
#include "RetrySiteIndex.h"
#include "RoundChanges.h"
#include "StateMarks.h"
#include "utils/AssignedVars.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

/// Reads which unknown operations one loop re-issues because they failed.
/// The algorithm: walk the loop's parts once for its calls (with the if
/// that guards each), its body's locals and the addresses it hands out;
/// the candidates are the calls that are operations (or retry helpers that
/// gave up) whose result something reads. Then find what changes from one
/// round to the next: what the body and increment change, less the
/// backoff's own state, a connection remade from what does not change and
/// the locals made afresh each round, plus the locals picked through what
/// changes. A candidate that reads any of it, or works through a sequence,
/// goes elsewhere each round (the loop moves on); one the loop goes back to
/// when it fails is retried.
class LoopRounds {
public:
  LoopRounds(RetrySiteIndex &Index, const Stmt *Loop)
      : Index(Index), Ctx(Index.context()), Loop(Loop), P(loopParts(Loop)),
        Parts{P.Body, P.Cond, P.Inc} {}

  llvm::SmallVector<Operation, 2> retried(bool &MovesOn);

private:
  /// The calls the loop may retry, in walk order: an operation, or a retry
  /// helper that gave up (the loop around it is an outer layer).
  struct Candidate {
    const CallExpr *Call;
    Operation Op;
    bool GivesUp, MayGoBack;
    unsigned Guard;
    /// The state the round marks after the call (StateMarks.h), if any.
    std::optional<StateMark> Mark;
    /// The I/O wait for the call's reply (ReplyWaits.h), if any.
    const CallExpr *ReplyWait;
  };
  /// The part of the loop a call is in.
  enum PartKind { BodyPart, CondPart, IncPart };
  /// A call of the loop: its part, whether a lambda made in the loop holds
  /// it, and the innermost test of the body whose then-branch holds it.
  struct LoopCall {
    const CallExpr *Call;
    PartKind Part;
    bool InLambda;
    unsigned Guard;
  };

  void collectCalls();
  void collectCalls(PartKind Kind);
  llvm::SmallVector<const IfStmt *, 4> guardsOf(unsigned Guard) const;
  void collectCandidates();
  void collectByAddress();
  bool advancedElsewhere(const CallExpr *Call) const;
  bool inBody(const ValueDecl *D) const;
  void collectChanged();
  bool remadeAlike(const ValueDecl *D) const;
  void dropFreshLocals();
  bool selects(const Expr *Init) const;
  void addSelectedLocals();
  bool goesElsewhere(const Candidate &C);
  bool feedsRetried(const CallExpr *Call, llvm::ArrayRef<Operation> Out) const;
  void collectChangedParts();
  void forEachLoopChange(
      llvm::function_ref<void(const Expr *, const Expr *)> Fn) const {
    for (const auto &[Target, Value] : Changes)
      Fn(Target, Value);
  }
  bool drawsFresh(const Stmt *S) const;
  bool storesOneConstant(const ValueDecl *V) const;
  bool isStamp(const ValueDecl *Member, const Expr *Value) const;
  void dropStamps();
  void dropDerived();
  void dropClockReadings();
  void
  eraseWhereEveryStore(llvm::function_ref<const ValueDecl *(const Expr *)> Key,
                       llvm::function_ref<bool(const Expr *)> Holds);
  bool readsChanged(const Stmt *S) const;
  bool testsOnlyCounters(const Expr *Arg) const;
  bool rebuiltEachRound(const CallExpr *Call) const;

  RetrySiteIndex &Index;
  ASTContext &Ctx;
  const Stmt *Loop;
  LoopParts P;
  const Stmt *Parts[3];
  llvm::SmallVector<LoopCall, 32> Calls;
  llvm::SmallVector<Candidate, 16> Candidates;
  /// The locals the body declares with an initializer, lambdas included.
  llvm::SmallVector<const VarDecl *, 16> BodyLocals;
  /// The body's tests whose then-branch holds a call, innermost first, kept
  /// as a chain: Guards[I] is an if-statement and the index of the one
  /// around it (0: none).
  llvm::SmallVector<std::pair<const IfStmt *, unsigned>, 16> Guards{
      {nullptr, 0}};
  /// Variables the loop hands by address to calls (`next(&it)`,
  /// `cursor_advance(&cur, 1)`).
  llvm::SmallVector<std::pair<const ValueDecl *, const CallExpr *>, 8> ByAddr;
  /// What changes from one round to the next.
  llvm::SmallPtrSet<const ValueDecl *, 8> Changed;
  /// Of those, the records the loop changes only in some members (an
  /// attempt counter in a struct field), with those members: a call that
  /// reads other members of the record is handed the same request.
  llvm::DenseMap<const ValueDecl *, llvm::SmallPtrSet<const ValueDecl *, 2>>
      ChangedParts;
  /// Of those, what is declared outside the body.
  llvm::SmallPtrSet<const ValueDecl *, 8> CarriedOver;
  HandedState Handed;
  /// The stores of the loop's parts, as forEachChange() reports them.
  llvm::SmallVector<std::pair<const Expr *, const Expr *>, 16> Changes;
  /// What the loop tests for holding no connection, read on first need.
  mutable std::optional<llvm::SmallPtrSet<const ValueDecl *, 4>> InvalidTests;
  /// storesOneConstant()'s answers.
  mutable llvm::DenseMap<const ValueDecl *, bool> OneConstant;
};

} // namespace

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
static bool handsAddress(const CallExpr *Call) {
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

bool LoopRounds::inBody(const ValueDecl *D) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return P.Body && SM.isPointWithin(D->getLocation(), P.Body->getBeginLoc(),
                                    P.Body->getEndLoc());
}

/// What the body or a `for` increment changes (`type++`, `name++`, `cmsg =
/// next(cmsg)`): a call reading it is a different call each round.
void LoopRounds::collectChanged() {
  changedForNextRound(P.Body, Ctx, Changed);
  for (const ValueDecl *D : storedDifferentConstants(P.Body, Ctx))
    Changed.insert(D);
  if (P.Inc)
    for (const ValueDecl *D : changedDecls(P.Inc, &Ctx))
      Changed.insert(D);
  dropBackoffState(Parts, Index.api(), Ctx, Changed);
  // A connection dropped (`conn.reset()`, `= nullptr`) and made again from
  // what does not change (`conn = reopen(offset)`, `out->conn =
  // pool->GetHandle()`) reaches the same place: the round after re-issues
  // the same request.
  // So does a descriptor reopened when the loop finds it invalid (`if (fd
  // < 0) fd = net_open(node);`), even when the call is handed its address
  // to close it on failure.
  for (const ValueDecl *D :
       llvm::SmallVector<const ValueDecl *, 8>(Changed.begin(), Changed.end()))
    if (!inBody(D) && P.Body &&
        (D->getType()->isRecordType() || D->getType()->isPointerType() ||
         D->getType()->isIntegerType()) &&
        remadeAlike(D))
      Changed.erase(D);
  dropFreshLocals();
  addSelectedLocals();
  collectChangedParts();
  dropClockReadings();
  dropStamps();
  dropDerived();
}

/// The first member \p E reaches from a variable, and that variable:
/// `r->attempts` and `r->a.b` reach `attempts` and `a` of `r`.
static std::pair<const ValueDecl *, const ValueDecl *>
memberOfVariable(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  const ValueDecl *Member = nullptr;
  while (ME) {
    Member = ME->getMemberDecl();
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      return {DRE->getDecl(), Member};
    ME = dyn_cast<MemberExpr>(Base);
  }
  return {nullptr, nullptr};
}

void LoopRounds::collectChangedParts() {
  llvm::SmallPtrSet<const ValueDecl *, 8> Whole;
  for (const auto &[D, Call] : ByAddr)
    Whole.insert(D);
  for (const Stmt *Part : Parts)
    forEachChange(Part, [&](const Expr *Target, const Expr *Value) {
      Changes.push_back({Target, Value});
      auto [Var, Member] = memberOfVariable(Target);
      if (Var && Changed.count(Var))
        ChangedParts[Var].insert(Member);
      else if (const ValueDecl *D = rootDecl(Target))
        Whole.insert(D);
    });
  for (const ValueDecl *D : Whole)
    ChangedParts.erase(D);
}

/// Does \p S draw a value that is new each round but names no other place:
/// a random number, or a reading of the clock?
bool LoopRounds::drawsFresh(const Stmt *S) const {
  bool Fresh = false;
  forEachDescendant(S, [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    std::optional<SourceKind> K =
        C ? Index.api().perAttemptSource(C) : std::nullopt;
    Fresh = Fresh || K == SourceKind::RandomNumber || K == SourceKind::Clock ||
            (C && namesRandom(calleeName(C)));
  });
  return Fresh;
}

/// A reading of the clock changes each round and points nowhere: what a
/// clock call fills (`clock_gettime(c, &now)`) and what the loop stores
/// only from clock readings (`start = now`, `t = time(NULL)`) does not
/// make a call handed it another call.
void LoopRounds::dropClockReadings() {
  llvm::SmallPtrSet<const ValueDecl *, 4> Clock;
  for (const LoopCall &LC : Calls)
    if (handsAddress(LC.Call) &&
        Index.api().perAttemptSource(LC.Call) == SourceKind::Clock)
      for (const Expr *A : LC.Call->arguments())
        if (const auto *UO = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
            UO && UO->getOpcode() == UO_AddrOf)
          if (const ValueDecl *D = refDecl(UO->getSubExpr()))
            Clock.insert(D);
  eraseWhereEveryStore(
      [](const Expr *Target) { return rootDecl(Target); },
      [&](const Expr *Value) {
        return Value && (drawsFresh(Value) ||
                         (readsAny(Value, Clock) && !readsAny(Value, Changed)));
      });
}

/// Takes out of what changes each variable \p Key picks whose every store
/// in the loop \p Holds for.
void LoopRounds::eraseWhereEveryStore(
    llvm::function_ref<const ValueDecl *(const Expr *)> Key,
    llvm::function_ref<bool(const Expr *)> Holds) {
  llvm::DenseMap<const ValueDecl *, bool> Every;
  forEachLoopChange([&](const Expr *Target, const Expr *Value) {
    const ValueDecl *D = Key(Target);
    if (!D || !Changed.count(D))
      return;
    auto [It, New] = Every.try_emplace(D, true);
    It->second = It->second && Holds(Value);
  });
  for (const auto &[D, All] : Every)
    if (All)
      Changed.erase(D);
}

/// Does the loop store one constant only in \p V, every time (a protocol
/// version lowered on one way back: `proto_version = 5;`)? Like a field
/// it always sets to one constant, that is the retry's own bookkeeping.
bool LoopRounds::storesOneConstant(const ValueDecl *V) const {
  auto [Memo, New] = OneConstant.try_emplace(V, false);
  if (!New)
    return Memo->second;
  std::optional<int64_t> One;
  bool Only = true;
  forEachLoopChange([&](const Expr *Target, const Expr *Value) {
    if (rootDecl(Target) != V)
      return;
    int64_t K = Value ? constInt(Value, Ctx, INT64_MIN) : INT64_MIN;
    Only = Only && K != INT64_MIN && (!One || *One == K);
    One = K;
  });
  Memo->second = Only;
  return Only;
}

/// Is storing \p Value in the field \p Member a stamp on the same request:
/// a random draw, or what reads only what the loop does not change, a
/// setting it sets to one constant, and (in a field named for attempts)
/// the attempt counter? A constant itself is not: constants that differ
/// are a phase the next call acts on.
bool LoopRounds::isStamp(const ValueDecl *Member, const Expr *Value) const {
  if (drawsFresh(Value))
    return true;
  if (Value->isValueDependent() || Value->isEvaluatable(Ctx))
    return false;
  bool Counts =
      Member->getDeclName().isIdentifier() && countsAttempts(Member->getName());
  llvm::SmallVector<const VarDecl *, 2> Counters = countedVars(Loop);
  bool Stamp = true;
  forEachDescendant(Value, [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    Stamp = Stamp && (!V || !Changed.count(V) || storesOneConstant(V) ||
                      (Counts && llvm::is_contained(Counters, V)));
  });
  return Stamp;
}

/// A request stamped each round with its attempt number (`req->attempt =
/// attempts`) or a fresh random sequence is the same request sent again:
/// a record the loop changes only by stamps does not change.
void LoopRounds::dropStamps() {
  llvm::SmallPtrSet<const ValueDecl *, 4> Stamped, Moved;
  for (const auto &Entry : ByAddr)
    Moved.insert(Entry.first);
  forEachLoopChange([&](const Expr *Target, const Expr *Value) {
    auto [Var, Member] = memberOfVariable(Target);
    if (Var && Changed.count(Var))
      (Value && isStamp(Member, Value) ? Stamped : Moved).insert(Var);
  });
  for (const ValueDecl *D : Stamped)
    if (!Moved.count(D)) {
      Changed.erase(D);
      ChangedParts.erase(D);
    }
}

/// Is \p S written by `assert`? An assertion tests no outcome.
static bool inAssertion(const Stmt *S, ASTContext &Ctx) {
  SourceLocation L = S->getBeginLoc();
  return L.isMacroID() &&
         Lexer::getImmediateMacroName(L, Ctx.getSourceManager(),
                                      Ctx.getLangOpts()) == "assert";
}

/// A value each round computes from the request it sends, unchanged
/// (`len = request_length(req); send(fd, req, len)`), is the same each
/// round: a variable the loop stores only from a call handed what does not
/// change, one of which a candidate call is handed too, and that no test
/// of the loop reads (`n = read(c, buf, len); if (n > 0)` is an outcome).
void LoopRounds::dropDerived() {
  // (What a call in the test is handed is not what the test reads:
  // `if (send(fd, req, len) < 0)` tests the send.)
  llvm::SmallPtrSet<const ValueDecl *, 8> Tested;
  if (P.Cond)
    namesOutsideCalls(P.Cond, Tested);
  forEachInFunction(P.Body, [&](const Stmt *N) {
    if (const Stmt *Cond = conditionOf(N); Cond && !inAssertion(N, Ctx))
      namesOutsideCalls(Cond, Tested);
  });
  llvm::SmallPtrSet<const ValueDecl *, 8> Handed;
  for (const Candidate &C : Candidates)
    for (const Expr *A : C.Call->arguments())
      if (const ValueDecl *D = refDecl(A))
        Handed.insert(D);
  eraseWhereEveryStore(
      [&](const Expr *Target) -> const ValueDecl * {
        const auto *V = dyn_cast_or_null<VarDecl>(refDecl(Target));
        return V && !Tested.count(V) ? V : nullptr;
      },
      [&](const Expr *Value) {
        const auto *From =
            Value ? dyn_cast<CallExpr>(Value->IgnoreParenImpCasts()) : nullptr;
        return From &&
               llvm::none_of(From->arguments(),
                             [&](const Expr *A) { return readsChanged(A); }) &&
               llvm::any_of(From->arguments(), [&](const Expr *A) {
                 const ValueDecl *D = refDecl(A);
                 return D && Handed.count(D);
               });
      });
}

/// Does \p S read what changes from one round to the next: a variable that
/// changes, or a changed member of a record changed only in some members
/// (or the whole record, handed on)?
bool LoopRounds::readsChanged(const Stmt *S) const {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S)) {
    auto [Var, Member] = memberOfVariable(E);
    auto It = Var ? ChangedParts.find(Var) : ChangedParts.end();
    if (It != ChangedParts.end())
      return It->second.count(Member) > 0;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return Changed.count(DRE->getDecl()) > 0;
  if (const auto *ME = dyn_cast<MemberExpr>(S);
      ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return Changed.count(ME->getMemberDecl()) > 0;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return readsChanged(C); });
}

/// Is \p D, an object or pointer declared outside the body, only dropped
/// and made again from what does not change?
bool LoopRounds::remadeAlike(const ValueDecl *D) const {
  if (!InvalidTests) {
    InvalidTests.emplace();
    for (const Stmt *S : Parts)
      if (S)
        collectInvalidTests(S, Ctx, *InvalidTests);
  }
  bool Invalidated = InvalidTests->count(D) > 0;
  if (D->getType()->isIntegerType() && !Invalidated)
    return false;
  bool Reconnects = true, Remade = false, Dropped = false, Differ = false;
  llvm::DenseMap<const ValueDecl *, int64_t> FieldValues;
  auto Read = [&](const Stmt *N) {
    const Expr *From = nullptr, *Target = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      // Calls on the object itself, not through it (`conn->send()`).
      if (rootDecl(MC->getImplicitObjectArgument()) == D && M &&
          M->getParent() == D->getType()->getAsCXXRecordDecl() &&
          !M->isConst() && !M->isOverloadedOperator()) {
        Remade = true;
        Reconnects = Reconnects && M->getDeclName().isIdentifier() &&
                     M->getName() == "reset" &&
                     llvm::all_of(MC->arguments(), [](const Expr *A) {
                       return isa<CXXDefaultArgExpr, CXXNullPtrLiteralExpr>(
                           A->IgnoreParenImpCasts());
                     });
      }
      return;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N);
        OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        rootDecl(OC->getArg(0)) == D)
      std::tie(From, Target) = std::pair(OC->getArg(1), OC->getArg(0));
    else if (const auto *BO = dyn_cast<BinaryOperator>(N);
             BO && BO->isAssignmentOp() && rootDecl(BO->getLHS()) == D)
      std::tie(From, Target) = std::pair(
          BO->getOpcode() == BO_Assign ? BO->getRHS() : BO, BO->getLHS());
    // Stepped (`name++`, `offset += n`) or handed out to be changed.
    if (const auto *UO = dyn_cast<UnaryOperator>(N);
        UO &&
        ((UO->isIncrementDecrementOp() && rootDecl(UO->getSubExpr()) == D) ||
         (UO->getOpcode() == UO_AddrOf && refVar(UO->getSubExpr()) == D &&
          !Invalidated)))
      Reconnects = false;
    if (!From)
      return;
    From = ignoreWrappers(From);
    // A constant stored in it (`out->reuse = false`) is the same each
    // round: it neither remakes the connection nor moves it elsewhere. One
    // per field (`conf->mosq = NULL; conf->connected = false;`) drops the
    // connection for the call handed it to make again.
    if (!isa<CXXNullPtrLiteralExpr>(From) && !From->isValueDependent() &&
        From->isEvaluatable(Ctx)) {
      if (const auto *ME =
              dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts())) {
        int64_t V = constInt(From, Ctx, 0);
        Dropped = true;
        Differ =
            Differ ||
            FieldValues.try_emplace(ME->getMemberDecl(), V).first->second != V;
      }
      return;
    }
    // (Made by a call that advances what it is handed, `event =
    // queue_pop(&q)`, it is the next item, not the same connection.)
    Remade = true;
    Reconnects = Reconnects &&
                 (isa<CXXNullPtrLiteralExpr>(From) || isa<CallExpr>(From)) &&
                 !readsAny(From, Changed) &&
                 llvm::none_of(ByAddr, [&](const auto &Entry) {
                   return Entry.second == From;
                 });
  };
  for (const Stmt *Part : Parts)
    if (Part)
      forEachDescendant(Part, Read);
  return Reconnects && (Remade || (Dropped && !Differ));
}

/// A local made afresh in each round (the attempt's response, an error
/// message, a header value) carries nothing from one round to the next: a
/// call reading it judges or reports this attempt, it does not go
/// elsewhere. Unless it is made or stored from what does carry over (`auto
/// host = hosts[i];`, `entry = queue_head;`).
void LoopRounds::dropFreshLocals() {
  for (const ValueDecl *D : Changed)
    if (!inBody(D))
      CarriedOver.insert(D);
  // (Stored later, `entry = queue_head;`, as much as initialized.)
  llvm::SmallPtrSet<const ValueDecl *, 4> StoredFromCarried;
  if (P.Body && !CarriedOver.empty())
    forEachChange(P.Body, [&](const Expr *Target, const Expr *Value) {
      if (Target && Value && readsAny(Value, CarriedOver))
        if (const ValueDecl *D = rootDecl(Target))
          StoredFromCarried.insert(D);
    });
  for (const ValueDecl *D : llvm::SmallVector<const ValueDecl *, 8>(
           Changed.begin(), Changed.end())) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (V && inBody(V) &&
        !(V->getInit() && readsAny(V->getInit(), CarriedOver)) &&
        !StoredFromCarried.count(V))
      Changed.erase(D);
  }
}

/// Does \p Init pick an element through what changes (`it->second`,
/// `hosts[i]`)? One computed from it (`base * attempt`) does not.
bool LoopRounds::selects(const Expr *Init) const {
  bool Found = false;
  forEachDescendant(Init, [&](const Stmt *N) {
    const Expr *Through = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(N))
      Through = AS;
    else if (const auto *ME = dyn_cast<MemberExpr>(N); ME && ME->isArrow())
      Through = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(N);
             UO && UO->getOpcode() == UO_Deref)
      Through = UO->getSubExpr();
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N);
             OC && llvm::is_contained({OO_Arrow, OO_Star, OO_Subscript},
                                      OC->getOperator()))
      Through = OC;
    // An element fetched from a collection by what changes
    // (`sk_GENERAL_NAME_value(names, i)`, `list_at(l, i)`): one argument
    // changes, another names what does not.
    else if (const auto *C = dyn_cast<CallExpr>(N); C && C->getNumArgs() > 1)
      Found =
          Found ||
          (llvm::any_of(C->arguments(),
                        [&](const Expr *A) { return readsAny(A, Changed); }) &&
           llvm::any_of(C->arguments(), [&](const Expr *A) {
             return !A->isValueDependent() && !A->isEvaluatable(Ctx) &&
                    !readsAny(A, Changed);
           }));
    Found = Found || (Through && readsAny(Through, Changed));
  });
  return Found;
}

/// A local that picks an element through what changes is new each round
/// too (`const auto &value = it->second;` in a walk over a range).
void LoopRounds::addSelectedLocals() {
  // Twice: a local picked through one picked in the first pass. A pass
  // that adds none leaves the next the same.
  if (CarriedOver.empty())
    return;
  for (int Pass = 0; Pass < 2; ++Pass) {
    bool Added = false;
    for (const VarDecl *V : BodyLocals)
      if (selects(V->getInit()))
        Added = Changed.insert(V).second || Added;
    if (!Added)
      break;
  }
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

/// The same request each time? An argument or object the loop changes
/// means a different call per iteration (paging, a stream, a walk, the
/// next endpoint). A test of the counter handed as a flag (`bind_all(retry
/// == 0)`: is this the last round?) asks for the same request.
bool LoopRounds::goesElsewhere(const Candidate &C) {
  const CallExpr *Call = C.Call;
  for (const Stmt *Child : Call->children())
    if (!(isa<Expr>(Child) && testsOnlyCounters(cast<Expr>(Child))) &&
        readsChanged(Child))
      return true;
  return advancedElsewhere(Call) || rebuiltEachRound(Call) ||
         consumesHandedState(Call) ||
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
  for (const Candidate &C : Candidates) {
    if (!C.MayGoBack)
      continue;
    if (goesElsewhere(C)) {
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
    MovesOn = llvm::any_of(Candidates, [&](const Candidate &C) {
      return !C.MayGoBack && goesElsewhere(C) && feedsRetried(C.Call, Out);
    });
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
