// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A retry site (code that re-issues an operation after it failed) as the
// model summarizes it: what it retries, which code runs once per attempt, its
// attempt counter, cap, waits and key. The sites of a translation unit are
// recognized and indexed by RetrySiteIndex.h.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSITE_H
#define RETRYLINT_CHECKS_MODEL_RETRYSITE_H

#include "ApiModel.h"
#include "RetryEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::retry::model {

enum class RetryKind {
  Loop,   ///< for / while / do that loops back after a failure
  Helper, ///< a call to a retry helper that takes the operation as a callable
  Recursion, ///< a function that calls itself again after a failure
  Goto,      ///< a `goto` back to a label before the operation
  Reissue,   ///< a handler that starts a failed attempt again (RetryReissue.h)
};

/// How the number of attempts is bounded.
enum class CapKind {
  None,     ///< nothing bounds the attempts
  Constant, ///< a constant: Attempts is the number of attempts
  Variable, ///< a counter compared with a non-constant value
  Policy,   ///< a policy call decides (ShouldRetry, IsExhausted, ...)
};

/// What the model can tell of a fact: proven, disproven, or not readable
/// (unknown is never read as no).
enum class Fact { No, Yes, Unknown };

/// A wait between attempts.
struct Wait {
  const CallExpr *Call = nullptr;
  /// Whether the duration derives from a random source: unknown when it
  /// comes from code the model cannot read (Opaque) and no random source
  /// shows.
  Fact Jitter = Fact::No;
  /// The duration changes between attempts (counter, or a variable the
  /// loop updates).
  bool Grows = false;
  /// The duration derives from a Retry-After header.
  bool RetryAfter = false;
  /// The duration comes from code the model cannot read (a call with no
  /// body here, a virtual call, a field of a struct a call returned): its
  /// growth is unknown, and so is its jitter unless a random source shows.
  bool Opaque = false;
  /// A call whose body the model cannot read: it may not wait at all.
  bool MayWait = false;
};

struct RetrySite {
  RetryKind Kind = RetryKind::Loop;
  /// The loop statement, or the call to the retry helper.
  const Stmt *Site = nullptr;
  /// For helpers: the retried callable and the helper. A lambda handed by
  /// name (`auto op = [&] {...}; with_retries(op, 3)`) is Callable too; a
  /// function handed by name or address (`with_retries(post_once, &args)`)
  /// is CallableFn.
  const LambdaExpr *Callable = nullptr;
  const FunctionDecl *CallableFn = nullptr;
  /// For recursion: the function that re-invokes itself (Site is the
  /// recursive call). For goto: the label (Site) and the block holding it.
  const FunctionDecl *Recursive = nullptr;
  const CompoundStmt *GotoBlock = nullptr;
  /// For a re-issue: the handler that starts the attempt again (Site is
  /// that call) and the function it starts.
  const FunctionDecl *Handler = nullptr;
  const FunctionDecl *Reissued = nullptr;
  const FunctionDecl *Helper = nullptr;
  /// For helpers: the helper's own retry of the callable, when its body was
  /// read (HelperRetry.cpp); its cap and waits are this call's.
  const RetrySite *HelperOwn = nullptr;
  /// For helpers: a library policy documented to retry at once, with no
  /// wait (folly's `retryingPolicyBasic(n)`), where it is made.
  const Expr *ImmediatePolicy = nullptr;
  /// What shows that the site means to retry (RetryEvidence.h).
  RetryEvidence Evidence;
  /// The loop's attempt counter, if it has one.
  const VarDecl *AttemptCounter = nullptr;
  /// Operations re-issued on each attempt (directly or through same-TU
  /// functions called from the retried code).
  llvm::SmallVector<Operation, 2> Operations;

  /// The attempt cap (attempts, first try included) and where it is set.
  CapKind Cap = CapKind::None;
  unsigned MaxAttempts = 0; ///< for CapKind::Constant
  const Stmt *CapWhere = nullptr;
  /// A comparison with a clock-derived value or a time-budget call.
  const Stmt *Deadline = nullptr;
  /// Waits between attempts, and whether the retry path reads Retry-After.
  llvm::SmallVector<Wait, 1> Waits;
  bool ReadsRetryAfter = false;
  /// Where the per-attempt code reads Retry-After: the expression that
  /// mentions it, or the call into a same-file function that does.
  llvm::SmallVector<const Stmt *, 2> RetryAfterReads;
  /// Each attempt goes somewhere else (a call in the retried code gets an
  /// argument the loop changes: the next endpoint): failover needs no wait.
  bool Failover = false;
  /// A re-issue sent under a test of a count of its sends against a bound
  /// (ReissueFacts.h, sentUnderCount()): that count is its retry evidence.
  bool CountedSends = false;
  /// The retried code sends an idempotency key, or looks the outcome up
  /// (a read of authoritative state) before re-sending.
  bool SendsKey = false;
  /// The key header, key field or key-sink call that proves SendsKey.
  const Stmt *KeyWhere = nullptr;
  const CallExpr *LooksUpState = nullptr;

  SourceLocation getBeginLoc() const { return Site->getBeginLoc(); }
  /// The code evaluated once per attempt: loop body (and condition), or the
  /// callable's body.
  llvm::SmallVector<const Stmt *, 3> perAttemptCode() const;
  /// "retry loop" or "retry helper 'with_retries'", for diagnostics.
  std::string describe() const;
};

/// A call made once per attempt of a retry site.
struct RetriedCall {
  const CallExpr *Call;
  const RetrySite *Site;
};

/// Variables incremented (++, --, +=, -=) in \p S: the candidates for a
/// loop's or a goto's attempt counter, or a recursion's counted parameter.
llvm::SmallVector<const VarDecl *, 2> incrementedVars(const Stmt *S);

/// The integers among incrementedVars(\p S): a pointer stepped (`p++`) is a
/// cursor into something, never a count of attempts.
llvm::SmallVector<const VarDecl *, 2> countedVars(const Stmt *S);

/// Is \p V a local declared (not static) within \p Round: made afresh each
/// time the round runs, so it counts nothing from one round to the next (a
/// nested loop's own index, one a macro such as FD_ZERO declares)?
bool madeAfresh(const VarDecl *V, SourceRange Round, const SourceManager &SM);

} // namespace clang::tidy::retry::model

#endif
