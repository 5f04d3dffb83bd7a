// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The reader of one loop's rounds behind the retry sites recognized by
// structure (StructuralRetry.h): which calls the loop re-issues because
// they failed. Its candidates and how each is judged are in
// StructuralRetry.cpp; what changes from one round to the next, in
// LoopRoundChanges.cpp. Internal to those two files.

#ifndef RETRYLINT_CHECKS_MODEL_LOOPROUNDS_H
#define RETRYLINT_CHECKS_MODEL_LOOPROUNDS_H

#include "LoopBackOnFailure.h"
#include "RetrySiteIndex.h"
#include "StateMarks.h"
#include "utils/AstQueries.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace clang::tidy::retry::model {

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
      : Index(Index), Ctx(Index.context()), Loop(Loop),
        P(utils::loopParts(Loop)), Parts{P.Body, P.Cond, P.Inc} {}

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

  static bool handsAddress(const CallExpr *Call);
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
  /// Does the body wait a time built from the loop's round counter or drawn
  /// at random (`sleep_between_retrievals(count)`): a backoff, which no
  /// walk makes? Asked once.
  bool backsOff();
  /// Does \p S pick an element by an index the loop moves (`hosts[i]`)?
  bool picksByChangedIndex(const Stmt *S) const;
  bool rebuiltEachRound(const CallExpr *Call) const;

  RetrySiteIndex &Index;
  ASTContext &Ctx;
  const Stmt *Loop;
  utils::LoopParts P;
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
  /// backsOff()'s answer.
  std::optional<bool> BacksOff;
};

} // namespace clang::tidy::retry::model

#endif
