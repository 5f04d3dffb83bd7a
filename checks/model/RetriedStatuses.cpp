// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The outcomes a retry site goes back on, followed through its per-attempt
// code to each way back. What its operations can produce, and where it
// reads Retry-After, are in SiteOutcomes.cpp.

#include "RetriedStatuses.h"
#include "SiteOutcomes.h"
#include "StatusConditions.h"
#include "utils/AssignedVars.h"
#include "utils/AstWalk.h"
#include "utils/OutArguments.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

namespace clang::tidy::retry::model {

using namespace utils;

/// A variable the body assigns in \p S and tests in \p Cond: a one-shot flag
/// (refresh credentials once, then retry once).
static bool isOneShot(const Expr *Cond, const Stmt *Then) {
  llvm::SmallPtrSet<const VarDecl *, 4> InCond;
  forEachDescendant(Cond, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (V->getType()->isBooleanType())
          InCond.insert(V);
  });
  bool Found = false;
  forEachDescendant(Then, [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isAssignmentOp())
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (InCond.count(dyn_cast<VarDecl>(DRE->getDecl())))
            Found = true;
  });
  return Found;
}
/// Can control leave \p S other than by falling off its end (a return,
/// break, continue, goto or throw, lambdas aside)?
static bool mayJump(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CXXThrowExpr,
          CoreturnStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (mayJump(Child))
      return true;
  return false;
}

namespace {

/// Follows the outcomes of a site's operations through its per-attempt code
/// to the ways back to the next attempt.
class Analyzer {
public:
  Analyzer(const RetrySite &Site, RetrySiteIndex &Index)
      : Site(Site), Index(Index), Api(Index.api()), Ctx(Index.context()),
        Conds(Index.api(), Index.context(), Index.fixedFields()) {
    // Locals holding what an operation returned (`herr =
    // rd_http_req_perform_sync(&req)`): a test of one is a test of the
    // outcome even where the model cannot tell a status in it.
    if (Site.Kind == RetryKind::Loop && Site.Site)
      OpResults = varsAssignedFrom(Site.Site, [&](const Expr *E) {
        return llvm::any_of(Site.Operations, [&](const Operation &Op) {
          return Op.Call && containsStmt(E, Op.Call);
        });
      });
    // What a call handed one of those fills (`post_transfer(t, result,
    // &retry, &delay)`): the decision on the outcome is made there.
    if (!OpResults.empty())
      forEachDescendant(Site.Site, [&](const Stmt *N) {
        const auto *Call = dyn_cast<CallExpr>(N);
        if (!Call)
          return;
        // The cheap test first: most calls fill nothing.
        llvm::SmallVector<const VarDecl *, 2> Out;
        for (const OutArgument &A : outArguments(Call))
          if ((A.AddressOf && !A.ToConstPointee) || A.ByReference)
            Out.push_back(A.Var);
        if (!Out.empty() &&
            llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
              return llvm::any_of(OpResults, [&](const VarDecl *V) {
                return references(Arg, V);
              });
            }))
          Filled.insert(Out.begin(), Out.end());
      });
  }

  RetriedStatuses run();

private:
  /// What the flow found, limited to the outcomes the operations produce.
  RetriedStatuses finish(const StatusSet &Universe) const;
  StatusSet flow(const Stmt *S, StatusSet In);
  StatusSet flowSwitch(const SwitchStmt *SW, StatusSet In);
  StatusSet flowHelper(const FunctionDecl *H, StatusSet In);
  StatusSet flowExpr(const Expr *E, StatusSet In);
  /// An `if`: the outcomes its condition lets into each branch, and the
  /// gate it is when one branch never comes back.
  StatusSet flowIf(const IfStmt *If, StatusSet In);
  /// A `try`: the statuses thrown in its block reach the handlers whose
  /// type catches them.
  StatusSet flowTry(const CXXTryStmt *Try, StatusSet In);
  /// A site that calls a retry helper: what the helper is assumed to retry.
  RetriedStatuses runHelper(const StatusSet &Universe);
  void retry(const StatusSet &S, const Stmt *Where) {
    if (S.empty())
      return;
    if (InOneShot)
      RetriedOnce = RetriedOnce | S;
    else
      Retried = Retried | S;
    Paths.push_back({S, Where});
    if (!RetryWhere)
      RetryWhere = Where;
  }

  /// A same-file function called in \p S that turns the outcome of an
  /// operation it performs into exceptions (`checked_get()`: `if
  /// (res->status >= 400) throw HttpError{...}`), with no loop of its own.
  const FunctionDecl *throwingHelper(const Stmt *S) const;
  /// \p Cond without a conjunct or disjunct that only tests the attempt
  /// counter.
  const Expr *withoutCapTest(const Expr *Cond);
  /// Does \p E compare the attempt counter itself with a bound (`tries <=
  /// retries + (throttled ? 5 : 0)`)? The budget ends the retry some time,
  /// whatever outcome the bound depends on.
  bool isCapComparison(const Expr *E) const {
    const auto *BO = dyn_cast_or_null<BinaryOperator>(
        E ? E->IgnoreParenImpCasts() : nullptr);
    return BO && BO->isComparisonOp() && Site.AttemptCounter &&
           (refVarThroughUnary(BO->getLHS()) == Site.AttemptCounter ||
            refVarThroughUnary(BO->getRHS()) == Site.AttemptCounter);
  }

  const RetrySite &Site;
  RetrySiteIndex &Index;
  const ApiModel &Api;
  ASTContext &Ctx;
  StatusConditions Conds;
  /// Inside a throwing helper's body: its returns come back to the caller.
  unsigned HelperDepth = 0;
  StatusSet HelperReturned;
  StatusSet Retried;
  /// Retried on a way back taken once under a flag its branch sets.
  StatusSet RetriedOnce;
  bool InOneShot = false;
  std::vector<std::pair<StatusSet, const Stmt *>> Paths;
  const Stmt *RetryWhere = nullptr;
  const Stmt *LastGate = nullptr;
  const Stmt *CurrentCond = nullptr;
  bool Imprecise = false;
  /// The catch handler being followed, and whether a test of its exception
  /// that could not be read decides a way back.
  const CXXCatchStmt *Handler = nullptr;
  bool ExceptionsFiltered = false;
  bool UnknownHttpReply = false;
  llvm::SmallPtrSet<const VarDecl *, 4> OpResults;
  /// Locals a call handed an operation's result fills.
  llvm::SmallPtrSet<const VarDecl *, 4> Filled;
  /// Does \p E hand a local that holds an operation's result to a call
  /// (a predicate over it, `is_failure_temporary(herr->code)`), or read a
  /// local such a call fills?
  bool asksOfOpResult(const Expr *E) const {
    bool Found = false;
    forEachDescendant(E, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          Found = Found || Filled.count(V);
      // A named function; comparisons (`*s == "done"`) are read elsewhere.
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call || Found || isa<CXXOperatorCallExpr>(Call))
        return;
      const FunctionDecl *FD = calleeDecl(Call);
      if (!FD || !FD->getDeclName().isIdentifier())
        return;
      for (const Expr *Arg : Call->arguments())
        forEachDescendant(Arg, [&](const Stmt *M) {
          if (const auto *DRE = dyn_cast<DeclRefExpr>(M))
            if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
              Found = Found || OpResults.count(V);
        });
    });
    return Found;
  }
  unsigned TryDepth = 0;
  /// Loops inside a goto or recursion site's attempt being followed: their
  /// own break and continue stay in them.
  unsigned NestedLoops = 0;
  /// Statuses thrown inside the innermost try, by exception type (a null
  /// type for `throw;`).
  llvm::SmallVector<std::pair<QualType, StatusSet>, 2> Thrown;
};
} // namespace

const Expr *Analyzer::withoutCapTest(const Expr *Cond) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(
      Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!BO || !BO->isLogicalOp() || !Site.AttemptCounter)
    return Cond;
  // `code >= 400 && ++tries < 4`: the budget ends the retry some time; the
  // statuses it is taken for are the other side's.
  auto IsCapTest = [&](const Expr *E) {
    return references(E, Site.AttemptCounter) &&
           (!Conds.mentionsResponse(E) || isCapComparison(E));
  };
  if (IsCapTest(BO->getRHS()))
    return withoutCapTest(BO->getLHS());
  if (IsCapTest(BO->getLHS()))
    return withoutCapTest(BO->getRHS());
  return Cond;
}

const FunctionDecl *Analyzer::throwingHelper(const Stmt *S) const {
  const FunctionDecl *Found = nullptr;
  forEachInFunction(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
    const FunctionDecl *Def = nullptr;
    if (Found || !FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def) ||
        Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
      return;
    bool Throws = false, Performs = false, Loops = false;
    forEachInFunction(Def->getBody(), [&](const Stmt *M) {
      Throws = Throws || isa<CXXThrowExpr>(M);
      Loops = Loops || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
                           GotoStmt, CXXTryStmt>(M);
      if (const auto *C = dyn_cast<CallExpr>(M))
        Performs = Performs || Api.operation(C).has_value();
    });
    if (Throws && Performs && !Loops)
      Found = Def;
  });
  return Found;
}

/// Follows throwing helper \p H's body with \p In; what it returns or
/// falls off with comes back to the caller.
StatusSet Analyzer::flowHelper(const FunctionDecl *H, StatusSet In) {
  const Stmt *SavedCur = CurrentCond, *SavedGate = LastGate;
  StatusSet SavedReturned = HelperReturned;
  HelperReturned = StatusSet::none();
  ++HelperDepth;
  Conds.learnVariables(H->getBody());
  StatusSet FellOff = flow(H->getBody(), In);
  --HelperDepth;
  In = HelperReturned | FellOff;
  HelperReturned = SavedReturned;
  CurrentCond = SavedCur;
  LastGate = SavedGate;
  return In;
}

/// An expression statement: a throw or a call that does not return ends
/// the path.
StatusSet Analyzer::flowExpr(const Expr *E, StatusSet In) {
  const Expr *Inner = ignoreWrappers(E);
  if (const auto *Throw = dyn_cast_or_null<CXXThrowExpr>(Inner)) {
    if (TryDepth)
      Thrown.push_back(
          {Throw->getSubExpr() ? Throw->getSubExpr()->getType() : QualType(),
           In});
    return StatusSet::none();
  }
  // `std::rethrow_exception(e);`, `abort();`: no way on from here.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Inner))
    if (const FunctionDecl *FD = calleeDecl(Call); FD && FD->isNoReturn())
      return StatusSet::none();
  return In;
}

StatusSet Analyzer::flowIf(const IfStmt *If, StatusSet In) {
  // Branches that both fall through decide nothing about the retry path
  // (`if (res && retry_after_ms(*res) > ms) ms = ...;`): what their
  // condition says of the reply does not matter.
  if (!mayJump(If->getThen()) && !mayJump(If->getElse())) {
    StatusSet T = flow(If->getThen(), In);
    return If->getElse() ? T | flow(If->getElse(), In) : In;
  }
  StatusCond C = isCapComparison(withoutCapTest(If->getCond()))
                     ? StatusCond::unknown()
                     : Conds.eval(withoutCapTest(If->getCond()));
  Imprecise = Imprecise || C.Imprecise;
  // `catch (const Error &e) { if (e.has_label("Transient")) continue; }`:
  // which exceptions go back was not read.
  if (Handler && Handler->getExceptionDecl() && !(C.Must == C.May) &&
      references(If->getCond(), Handler->getExceptionDecl()))
    ExceptionsFiltered = true;
  if (isOneShot(If->getCond(), If->getThen())) {
    // One retry after a state change is no policy on the statuses, but the
    // failures that take it are retried once.
    bool Outer = InOneShot;
    InOneShot = true;
    StatusSet T = flow(If->getThen(), In & C.May);
    InOneShot = Outer;
    (void)T;
    return If->getElse() ? flow(If->getElse(), In & ~C.Must) : In & ~C.Must;
  }
  // An exit gate whose outcome on the response also depends on something
  // unknown (`if (flag && res->status < 500) return;`) leaves the retried
  // set uncertain.
  // So does one on the outcome that cannot be read at all (a same-file
  // predicate over an error's code): an unread decision names no status.
  if (!(C.Must == C.May) && !isCapComparison(withoutCapTest(If->getCond())) &&
      (Conds.mentionsResponse(withoutCapTest(If->getCond())) ||
       (C.Must.empty() && C.May == StatusSet::all() &&
        asksOfOpResult(withoutCapTest(If->getCond())))))
    Imprecise = true;
  const Stmt *SavedCur = CurrentCond;
  CurrentCond = If->getCond();
  // A gate inside a branch that never goes back (`else { if (try_only)
  // return r; throw ...; }`) decides nothing about the retry path.
  const Stmt *GateBefore = LastGate;
  StatusSet T = flow(If->getThen(), In & C.May);
  const Stmt *GateThen = T.empty() ? GateBefore : LastGate;
  LastGate = GateBefore;
  CurrentCond = SavedCur;
  StatusSet E =
      If->getElse() ? flow(If->getElse(), In & ~C.Must) : In & ~C.Must;
  if (E.empty() || LastGate == GateBefore)
    LastGate = GateThen;
  // An exit gate: what passes it is decided by this condition.
  if (T.empty() && !E.empty())
    LastGate = If->getCond();
  return T | E;
}

StatusSet Analyzer::flowTry(const CXXTryStmt *Try, StatusSet In) {
  auto SavedThrown = std::move(Thrown);
  Thrown.clear();
  ++TryDepth;
  StatusSet Out = flow(Try->getTryBlock(), In);
  --TryDepth;
  auto ThrownHere = std::move(Thrown);
  Thrown = std::move(SavedThrown);
  for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
    const CXXCatchStmt *H = Try->getHandler(I);
    QualType Caught = H->getCaughtType();
    const CXXRecordDecl *CR =
        Caught.isNull() ? nullptr
                        : Caught.getNonReferenceType()->getAsCXXRecordDecl();
    // Exceptions from the operation itself (transport errors) reach any
    // handler; statuses reach the handlers whose type catches them.
    StatusSet Reaching = StatusSet::exceptions();
    for (const auto &[T, Statuses] : ThrownHere) {
      const CXXRecordDecl *TR = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
      bool Catches =
          Caught.isNull() ||
          (CR && CR->getQualifiedNameAsString() == "std::exception") ||
          (CR && TR &&
           (TR->getCanonicalDecl() == CR->getCanonicalDecl() ||
            TR->isDerivedFrom(CR)));
      if (Catches)
        Reaching = Reaching | Statuses;
    }
    const Stmt *SavedCur = CurrentCond;
    const CXXCatchStmt *SavedHandler = Handler;
    CurrentCond = H;
    Handler = H;
    StatusSet HOut = flow(H->getHandlerBlock(), Reaching);
    CurrentCond = SavedCur;
    Handler = SavedHandler;
    // A handler that falls through continues with the loop body.
    if (!HOut.empty())
      LastGate = H; // what falls out of a handler loops back from here
    Out = Out | HOut;
  }
  return Out;
}

StatusSet Analyzer::flow(const Stmt *S, StatusSet In) {
  if (!S || In.empty())
    return In;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      In = flow(C, In);
    return In;
  }
  // Statuses a same-file helper called in a `try` turns into exceptions:
  // its body is followed with the outcomes of its operation; what it
  // returns comes back here.
  if (TryDepth && HelperDepth < 2 && isa<Expr, ReturnStmt, DeclStmt>(S))
    if (const FunctionDecl *H = throwingHelper(S)) {
      In = flowHelper(H, In);
      if (In.empty())
        return In;
    }
  if (HelperDepth && isa<ReturnStmt>(S)) {
    HelperReturned = HelperReturned | In;
    return StatusSet::none();
  }
  // A label names the statement it is on (`retry: if (send() != 0) ...`).
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return flow(L->getSubStmt(), In);
  // Recursion and goto retries loop back through a call or a jump.
  if (const auto *G = dyn_cast<GotoStmt>(S)) {
    if (Site.Kind == RetryKind::Goto &&
        G->getLabel() == cast<LabelStmt>(Site.Site)->getDecl())
      retry(In, CurrentCond ? CurrentCond : S);
    return StatusSet::none();
  }
  if (Site.Kind == RetryKind::Recursion &&
      (isa<ReturnStmt>(S) || isa<Expr>(S))) {
    bool Again = false;
    forEachDescendant(S,
                      [&](const Stmt *N) { Again = Again || N == Site.Site; });
    if (Again) {
      retry(In, CurrentCond ? CurrentCond : S);
      return StatusSet::none();
    }
  }
  if (isa<ReturnStmt>(S) || isa<CoreturnStmt>(S))
    return StatusSet::none();
  if (const auto *E = dyn_cast<Expr>(S))
    return flowExpr(E, In);
  if (isa<BreakStmt>(S))
    return StatusSet::none(); // leaves the loop (switch breaks handled there)
  if (isa<ContinueStmt>(S)) {
    if (NestedLoops)
      return StatusSet::none();
    retry(In, CurrentCond ? CurrentCond : S);
    return StatusSet::none();
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return flowIf(If, In);
  if (const auto *SW = dyn_cast<SwitchStmt>(S))
    return flowSwitch(SW, In);
  if (const auto *Try = dyn_cast<CXXTryStmt>(S))
    return flowTry(Try, In);
  // A goto back or a recursive call in a loop of the attempt (the request
  // written in chunks) starts the next attempt from there. Other nested
  // loops and statements do not decide this site's retries.
  if (Site.Kind != RetryKind::Loop &&
      isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
    ++NestedLoops;
    flow(loopParts(S).Body, In);
    --NestedLoops;
  }
  return In;
}

StatusSet Analyzer::flowSwitch(const SwitchStmt *SW, StatusSet In) {
  std::optional<ResponseKind> K = Conds.classify(SW->getCond());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(SW->getBody());
  if (!K && Conds.mentionsResponse(SW->getCond()))
    Imprecise = true;
  if (!Body)
    return In;
  // A switch on the file's own codes (`switch (err) { case CONERROR:
  // continue; ... }`) is walked too: which outcomes take each case is not
  // read, but the cases that go back are ways back.
  bool Inexact = false;
  StatusSet After = Conds.walkSwitch(
      Body, K, In,
      [&](const Stmt *Case, StatusSet Cur) {
        const Stmt *SavedCur = CurrentCond;
        CurrentCond = SW->getCond();
        Cur = flow(Case, Cur);
        CurrentCond = SavedCur;
        return Cur;
      },
      Inexact);
  Imprecise = Imprecise || Inexact;
  return After;
}

RetriedStatuses Analyzer::runHelper(const StatusSet &Universe) {
  RetriedStatuses Out;
  // The helper decides; assume it retries failures of any kind, except
  // what its own loop, where it was read, filters by an unread test.
  Out.Set = Universe & ~StatusSet::http(200, 299) & ~StatusSet::grpc(0);
  Out.Imprecise = true;
  // Its own loop, read: the transport failures and exceptions it goes
  // back on are those (`try { op(); break; } catch (E &e) { if
  // (transient(e)) continue; throw; }` retries some exceptions only).
  if (Site.HelperOwn && Site.HelperOwn != &Site &&
      Site.HelperOwn->Kind == RetryKind::Loop) {
    RetriedStatuses Own = Analyzer(*Site.HelperOwn, Index).run();
    StatusSet Kinds = StatusSet::exceptions() |
                      StatusSet::transport(unsigned(Transport::All));
    if (!Own.Imprecise)
      Out.Set = (Out.Set & ~Kinds) | (Own.Set & Kinds);
    Out.ExceptionsFiltered = Own.ExceptionsFiltered;
  }
  Out.Where = Site.Site;
  return Out;
}

RetriedStatuses Analyzer::run() {
  learnOutcomeArguments(Site, Conds);
  // The outcomes the site's operations can produce.
  StatusSet Universe = operationOutcomes(Site, Conds, UnknownHttpReply);

  // A helper, and a handler that starts the attempt again, decide on
  // failures whose statuses are not read here.
  if (Site.Kind == RetryKind::Helper || Site.Kind == RetryKind::Reissue)
    return runHelper(Universe);

  if (Site.Kind == RetryKind::Recursion || Site.Kind == RetryKind::Goto) {
    // Only the recursive call / the jump loops back; falling off the end
    // returns.
    for (const Stmt *S : Site.perAttemptCode())
      Conds.learnVariables(S);
    StatusSet S = Universe & ~StatusSet::exceptions();
    for (const Stmt *Code : Site.perAttemptCode())
      S = flow(Code, S);
    return finish(Universe);
  }

  LoopParts Loop = loopParts(Site.Site);
  const Stmt *Body = Loop.Body;
  const Expr *Cond = Loop.Cond;
  Conds.learnVariables(Site.Site);
  // Exceptions only loop back through a handler; they do not fall through.
  StatusSet End = flow(Body, Universe & ~StatusSet::exceptions());
  StatusCond C = Cond ? Conds.eval(Cond) : StatusCond::unknown();
  Imprecise = Imprecise || C.Imprecise;
  StatusSet Tail = End & C.May;
  if (!Tail.empty())
    retry(Tail, LastGate
                    ? LastGate
                    : (Cond ? static_cast<const Stmt *>(Cond) : Site.Site));
  return finish(Universe);
}

RetriedStatuses Analyzer::finish(const StatusSet &Universe) const {
  RetriedStatuses Out;
  Out.Set = Retried & Universe;
  Out.Once = RetriedOnce & Universe;
  for (auto &[Set, At] : Paths)
    Out.Paths.push_back({Set & Universe, At});
  Out.Imprecise = Imprecise;
  Out.ExceptionsFiltered = ExceptionsFiltered;
  Out.UnknownHttpReply = UnknownHttpReply;
  Out.Where = RetryWhere ? RetryWhere : Site.Site;
  return Out;
}

RetriedStatuses retriedStatuses(const RetrySite &Site, RetrySiteIndex &Index) {
  return Analyzer(Site, Index).run();
}

} // namespace clang::tidy::retry::model
