// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What changes from one round of a loop to the next, for LoopRounds
// (LoopRounds.h): what the body and increment change, less the backoff's
// own state, a connection made again from what does not change, the locals
// made afresh each round, clock readings, stamps and values derived from
// the request; plus the locals picked through what changes. A call that
// reads any of it goes elsewhere each round.

#include "BackoffState.h"
#include "LoopRounds.h"
#include "RoundChanges.h"
#include "utils/AssignedVars.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::model {

using namespace utils;

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

} // namespace clang::tidy::retry::model
