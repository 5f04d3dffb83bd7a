// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Recognizes retry sites (code that re-issues an operation after it failed)
// and summarizes each: what it retries, which code runs once per attempt, and
// its attempt counter. Checks ask "which retry sites is this statement
// evaluated in, once per attempt?" and never re-derive loops themselves.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSITE_H
#define RETRYLINT_CHECKS_MODEL_RETRYSITE_H

#include "ApiModel.h"
#include "FixedFields.h"
#include "RetryEvidence.h"
#include "UnitNodes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::retry::model {

class LoopBodyReads;

enum class RetryKind {
  Loop,   ///< for / while / do that loops back after a failure
  Helper, ///< a call to a retry helper that takes the operation as a callable
  Recursion, ///< a function that calls itself again after a failure
  Goto,      ///< a `goto` back to a label before the operation
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

/// What a retry helper does with the callable it is given, read from its
/// body: its own loop or recursion that calls a callable parameter again
/// after a failure (in the template pattern for an instantiation), reached
/// from the helper through the forwarding calls in Forwards, outermost first
/// (`return with_retry(&op, &again, max_tries, tried);` into another
/// overload).
struct HelperRetry {
  const RetrySite *Own = nullptr;
  llvm::SmallVector<const CallExpr *, 2> Forwards;
};

/// The argument of \p Call, a call to the helper \p R was read for, that
/// reaches parameter \p P of the function holding R.Own (through the
/// forwarding calls; default arguments included), or the value a
/// forwarding function makes for it; null when there is none.
const Expr *argReaching(const CallExpr *Call, const HelperRetry &R,
                        const ParmVarDecl *P);

/// Does \p Call call \p FD again? In a template, a call whose arguments
/// leave the overload unresolved (`with_retry(op, again, max, tried + 1)`)
/// does when \p FD's template is among the candidates and takes that many
/// arguments: the instantiation resolves it to itself (RetryRecursion.cpp).
bool callsAgain(const CallExpr *Call, const FunctionDecl *FD);

/// A call made once per attempt of a retry site.
struct RetriedCall {
  const CallExpr *Call;
  const RetrySite *Site;
};

/// How long the elapsed-time guard of \p S lets it run, in seconds, when its
/// test compares the clock with a constant (`now() - start > 60s`, a count
/// in the clock's unit); none when it has no such guard.
std::optional<double> deadlineSeconds(const RetrySite &S,
                                      const ASTContext &Ctx);

// The summary's parts share one tracer; ValueOrigin.h includes this header.
class ValueOrigin;

/// A call that hands a callable over by name: a lambda held in a local, or
/// a function.
struct NamedCallableUse {
  const CallExpr *Call;
  const LambdaExpr *Lambda;
  const FunctionDecl *Fn;
};

/// Per-translation-unit index of retry sites. Sites are analyzed lazily, the
/// first time a statement inside them is asked about.
class RetrySiteIndex {
public:
  /// The index of \p Ctx's translation unit, read with \p Model over the
  /// code \p Files analyses.
  RetrySiteIndex(const ApiModel &Model, ASTContext &Ctx,
                 std::shared_ptr<const AnalysedFiles> Files)
      : Model(Model), Ctx(Ctx), Files(std::move(Files)), Fixed(Ctx) {}

  /// Retry sites (innermost first) whose per-attempt code contains \p S.
  /// Code in a loop's init statement or in a lambda's init-captures is
  /// evaluated once, not per attempt, and does not count.
  llvm::SmallVector<const RetrySite *, 2> enclosingSites(const Stmt *S);

  /// Calls to \p FD made from the per-attempt code of some retry site in the
  /// main file.
  llvm::ArrayRef<RetriedCall> retriedCallsTo(const FunctionDecl *FD);

  /// The first operation \p FD performs, looking through same-TU callees up
  /// to a small depth; recursion-safe.
  std::optional<Operation> operationIn(const FunctionDecl *FD);

  /// Operations performed inside \p S (directly or through same-TU callees).
  llvm::SmallVector<Operation, 2> operationsIn(const Stmt *S);

  /// The function (or lambda call operator) whose body contains \p S.
  const FunctionDecl *enclosingFunction(const Stmt *S);

  /// Every retry site in the main file, in source order.
  std::vector<const RetrySite *> allSites();

  ASTContext &context() { return Ctx; }
  /// The code of the unit the index reads.
  const AnalysedFiles &files() const { return *Files; }

  /// The retry-helper site made by \p Call, whatever form its callable
  /// takes (a lambda, a named lambda, a function by name or address).
  const RetrySite *helperSite(const CallExpr *Call);

  /// The retry site \p S makes, analysed now: a loop, the label a later
  /// goto jumps back to, a recursive call (its function's site) or a call
  /// to a retry helper. Null when it makes none; whyNotSite() says why.
  const RetrySite *siteOf(const Stmt *S);
  /// Why \p S makes no retry site, as the analysis found (for --trace);
  /// empty when it was never considered one.
  llvm::StringRef whyNotSite(const Stmt *S);

  /// Operations the API model does not know but another source does (facts
  /// about functions defined in other translation units). Set before the
  /// first query.
  void setExternalOperations(
      std::function<std::optional<Operation>(const CallExpr *)> Fn) {
    ExternalOperations = std::move(Fn);
  }
  const ApiModel &api() const { return Model; }
  /// The configuration members the unit proves (FixedFields.h).
  FixedFields &fixedFields() { return Fixed; }
  /// The unit's loop bodies as read by outcome (StructuralRetryInternal.h).
  LoopBodyReads &loopBodyReads();

  /// \p Call as an operation the model does not know (UnknownOperations.cpp):
  /// a callable parameter, a function declared but not defined in the TU, a
  /// virtual call, or a same-TU function that reaches one of these; not a
  /// standard-library or system-header call, nor a wait, policy, source or
  /// helper the model knows.
  std::optional<Operation> unknownOperation(const CallExpr *Call);

private:
  /// Model.operation(\p Call), asked once per call: a call in nested loops
  /// is asked about for each of them. Null when the model does not know it.
  const Operation *knownOperation(const CallExpr *Call);
  /// unknownOperation()'s answers, per call.
  std::optional<Operation> unknownOperationImpl(const CallExpr *Call);
  llvm::DenseMap<const CallExpr *, std::unique_ptr<Operation>> KnownOps,
      UnknownOps;

  /// What unknownOperation() reads of the callee alone: its name and
  /// whether the name says it has a side effect, or none when a call to it
  /// is no operation.
  std::optional<std::pair<std::string, bool>>
  unknownCallee(const FunctionDecl *FD);
  /// The unknown operations \p Loop re-issues because they failed: each is
  /// called directly in the loop and the loop leaves when it succeeds, or
  /// goes on while it fails (StructuralRetry.cpp).
  /// \p MovesOn: another call in the loop gets an argument the loop changes
  /// (each attempt goes to the next endpoint or peer).
  llvm::SmallVector<Operation, 2> structurallyRetried(const Stmt *Loop,
                                                      bool &MovesOn);
  /// The unknown operations whose failure leads to \p Back, the recursive
  /// call in \p Def (`if (c = connect()) return c; ...; return f();`), or
  /// the backward goto of \p Label in \p Block (`rc = op(); if (rc < 0 &&
  /// ++tries < 3) goto again;`). A call reading what changes on the way
  /// back (a recursion parameter, a variable after the label) is a
  /// different request each time.
  llvm::SmallVector<Operation, 2> structurallyRecursed(const FunctionDecl *Def,
                                                       const CallExpr *Back);
  llvm::SmallVector<Operation, 2>
  structurallyJumpedBack(const LabelStmt *Label, const CompoundStmt *Block);
  /// The callable parameters of \p Def whose result another callable
  /// parameter judges in the test that decides whether to go back to \p
  /// Back (`R r = (*op)(); if ((*should_retry)(r)) return again(...);`):
  /// a helper that retries on its caller's verdict (HelperRetry.cpp).
  llvm::SmallVector<Operation, 2> retriedOnVerdict(const FunctionDecl *Def,
                                                   const Stmt *Back);
  bool reachesUnknown(const FunctionDecl *FD, unsigned Depth);
  /// Does \p FD (or the template it instantiates) retry a callable
  /// parameter, itself or through the calls it forwards to? Then it is a
  /// retry helper whatever its name.
  bool retriesCallable(const FunctionDecl *FD) {
    return helperRetry(FD).Own != nullptr;
  }
  /// The retry of a callable parameter \p FD makes (HelperRetry.cpp).
  HelperRetry helperRetry(const FunctionDecl *FD);
  /// The loop or recursion in \p FD's own body (its template pattern's)
  /// that calls a callable parameter again after a failure, or null.
  const RetrySite *ownCallableRetry(const FunctionDecl *FD);
  /// Unknown operations called directly in \p S (not in nested lambdas).
  llvm::SmallVector<Operation, 2> unknownOperationsIn(const Stmt *S);
  const RetrySite *analyzeLoop(const Stmt *Loop);
  /// The loop site of \p Loop with its counter and operations, summarized,
  /// or null when it shows no retry evidence (\p ByStructure: found by
  /// structure alone).
  const RetrySite *recordLoopSite(const Stmt *Loop, const VarDecl *Counter,
                                  llvm::SmallVector<Operation, 2> Ops,
                                  bool MovesOn, bool ByStructure);
  const RetrySite *analyzeRecursion(const FunctionDecl *FD);
  /// Can \p Def, a definition, call itself? No when the walk read its body
  /// and no call in it names it or is left unresolved.
  bool mayCallItself(const FunctionDecl *Def);
  const RetrySite *analyzeGoto(const LabelStmt *Label,
                               const CompoundStmt *Block);
  const RetrySite *analyzeHelperCall(const CallExpr *Call,
                                     const LambdaExpr *Lambda,
                                     const FunctionDecl *Fn = nullptr);
  /// Helper sites whose callable is handed by name, by the lambda or
  /// function (canonical declaration) they run.
  void indexNamedCallables();
  /// The walk's findings over the unit (UnitNodes.h), made on first use.
  const UnitNodes &unitNodes();
  std::optional<Operation> operationIn(const FunctionDecl *FD, unsigned Depth);
  void collectOperations(const Stmt *S, unsigned Depth,
                         llvm::SmallVectorImpl<Operation> &Out);
  void buildCallIndex();
  /// Fills in cap, deadline, waits, key and look-up facts (RetrySiteSummary.cpp).
  void summarize(RetrySite &Site);
  /// The parts of summarize(), each in the file of its fact, over the
  /// site's per-attempt code \p Code, that code with the same-TU functions
  /// it calls (\p All), and the function that holds the site (\p Fn): the
  /// attempt cap and deadline (AttemptCap.cpp); for a helper call, the cap
  /// its helper gives it (HelperCap.cpp); the waits and Retry-After reads
  /// (RetryWaits.cpp); the key and the look-up before re-sending
  /// (RetrySiteSummary.cpp); the HTTP methods sent (HttpMethods.cpp).
  void summarizeCap(RetrySite &Site, llvm::ArrayRef<const Stmt *> Code,
                    const FunctionDecl *Fn, ValueOrigin &Origins);
  void summarizeHelperCap(RetrySite &Site, const CallExpr *Call);
  void summarizeWaits(RetrySite &Site, llvm::ArrayRef<const Stmt *> Code,
                      llvm::ArrayRef<const Stmt *> All, ValueOrigin &Origins);
  void summarizeKey(RetrySite &Site, llvm::ArrayRef<const Stmt *> All,
                    const FunctionDecl *Fn);
  void summarizeLookup(RetrySite &Site, llvm::ArrayRef<const Stmt *> Code);
  void resolveCurlMethods(RetrySite &Site);
  /// Records why the loop, label, call or function \p Key makes no site.
  std::nullptr_t notSite(const void *Key, const char *Why) {
    WhyNot[Key] = Why;
    return nullptr;
  }

  const ApiModel &Model;
  ASTContext &Ctx;
  std::shared_ptr<const AnalysedFiles> Files;
  FixedFields Fixed;
  std::shared_ptr<LoopBodyReads> BodyReads;
  std::function<std::optional<Operation>(const CallExpr *)> ExternalOperations;
  llvm::DenseMap<const Stmt *, std::unique_ptr<RetrySite>> Sites;
  llvm::DenseMap<const Stmt *, bool> NotSites;
  llvm::DenseMap<const void *, const char *> WhyNot;
  llvm::DenseMap<const FunctionDecl *, const RetrySite *> RecursionSites;
  llvm::DenseMap<const FunctionDecl *, std::optional<Operation>> FnOps;
  llvm::DenseMap<const FunctionDecl *, bool> FnOpsInProgress;
  /// enclosingFunction's answers: the model asks it of every call in every
  /// loop, and each answer climbs the parents.
  llvm::DenseMap<const Stmt *, const FunctionDecl *> EnclosingFn;
  llvm::DenseMap<const FunctionDecl *, bool> FnReachesUnknown;
  llvm::DenseMap<const FunctionDecl *,
                 std::optional<std::pair<std::string, bool>>>
      UnknownCallees;
  llvm::DenseMap<const FunctionDecl *, const RetrySite *> FnRetriesCallable;
  llvm::DenseMap<const FunctionDecl *, HelperRetry> HelperRetries;
  std::shared_ptr<const UnitNodes> Nodes;
  /// The functions the unit's walk read, for mayCallItself().
  std::optional<llvm::DenseSet<const FunctionDecl *>> WalkedFunctions;
  bool CallIndexBuilt = false;
  bool NamedCallablesIndexed = false;
  llvm::DenseMap<const void *, llvm::SmallVector<const RetrySite *, 1>>
      NamedCallableSites;
  std::vector<const RetrySite *> AnalysedSites;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<RetriedCall, 2>>
      CallIndex;
};

/// Does \p Loop go round after its operations succeeded, and never leave
/// because one did: a batch, load-test or event loop (`for (j < 100) { res =
/// cli.Get(); ASSERT_TRUE(res); ... }`, `while (!mresult) { mresult =
/// curl_multi_poll(); ... }`), which is no retry site however it fails.
/// False when the outcome tests cannot be read (unknown is no evidence).
bool goesRoundAfterSuccess(const Stmt *Loop, llvm::ArrayRef<Operation> Ops,
                           ASTContext &Ctx, LoopBodyReads &Reads);

} // namespace clang::tidy::retry::model

#endif
