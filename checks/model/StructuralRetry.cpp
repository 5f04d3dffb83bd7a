// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry sites recognized by structure: a loop that calls a function the
// model does not know (a wrapper declared elsewhere, a virtual call, a
// callable parameter) and goes back because that call failed is a retry
// site whatever the callee. Which calls count, and how a condition on a
// call's result tells success from failure, live here.

#include "Jumps.h"
#include "RetrySite.h"
#include "utils/AssignedVars.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::model {

namespace {

constexpr unsigned MaxUnknownDepth = 3;

} // namespace

/// The variable or field a call goes through when it calls a callable
/// value: `op()`, `(*fp)(ctx)`, `fn_()` on a `std::function` member, a
/// parameter of a template type.
static const ValueDecl *callableTarget(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee();
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (OC->getOperator() != OO_Call || OC->getNumArgs() == 0)
      return nullptr;
    Callee = OC->getArg(0);
  }
  if (!Callee)
    return nullptr;
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Callee);
      UO && UO->getOpcode() == UO_Deref)
    Callee = UO->getSubExpr()->IgnoreParenImpCasts();
  const ValueDecl *D = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    D = DRE->getDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(Callee))
    D = ME->getMemberDecl();
  if (!D || !isa<VarDecl, FieldDecl>(D))
    return nullptr;
  QualType T = D->getType().getNonReferenceType();
  if (T->isFunctionPointerType() || T->isFunctionType())
    return D;
  // `template <class Op> f(Op op)`: the pattern calls a dependent parameter.
  if (T->isDependentType())
    return isa<ParmVarDecl>(D) ? D : nullptr;
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    std::string N = RD->getQualifiedNameAsString();
    if (N == "std::function" || N == "std::move_only_function" ||
        N == "folly::Function" || N == "absl::AnyInvocable" ||
        N == "absl::FunctionRef" || N == "llvm::function_ref")
      return D;
  }
  return nullptr;
}

/// Names that say the call stays in the process: a state query or
/// predicate (a loop that waits for one to turn true polls, it does not
/// retry), logging, or taking a lock (a spin lock is no remote operation).
static bool isLocalName(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  if (Words.empty())
    return true;
  // Taking a lock, or parsing and formatting in memory.
  for (StringRef W : Words)
    if (llvm::is_contained({"lock", "trylock", "spinlock", "mutex", "parse",
                            "lex", "tokenize", "format"},
                           W))
      return true;
  return llvm::is_contained({"is",    "has",   "can",   "should", "poll",
                             "wait",  "check", "ready", "done",   "finished",
                             "empty", "size",  "count", "peek",   "log",
                             "print", "trace", "debug", "notify", "on"},
                            StringRef(Words.front()));
}
namespace {

enum class Outcome { Unknown, Success, Failure };

} // namespace

static Outcome flip(Outcome O) {
  return O == Outcome::Success   ? Outcome::Failure
         : O == Outcome::Failure ? Outcome::Success
                                 : Outcome::Unknown;
}

/// What a named constant says about an outcome: OK, NONE, SUCCESS vs an
/// error, failure, timeout or busy code.
static Outcome constantOutcome(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  std::string Squashed = StringRef(squashIdentifier(Name)).upper();
  StringRef N(Squashed);
  if (llvm::is_contained(Words, "ok") || llvm::is_contained(Words, "none") ||
      N.contains("SUCCESS") || N.contains("NOERROR"))
    return Outcome::Success;
  // EAGAIN/EINTR-style codes say "not yet", not that the call failed.
  for (StringRef Bad :
       {"ERR", "FAIL", "TIMEOUT", "TIMEDOUT", "BUSY", "RETRY", "UNAVAILABLE",
        "LOCKED", "REFUSED", "RESET", "ABORT", "INVALID"})
    if (N.contains(Bad))
      return Outcome::Failure;
  return Outcome::Unknown;
}

/// The name of the constant \p E spells: an enumerator, a constant variable
/// or the macro the literal comes from.
static StringRef constantName(const Expr *E, ASTContext &Ctx) {
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return DRE->getDecl()->getName();
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->getType().isConstQualified() && V->getDeclName().isIdentifier())
      return V->getName();
  }
  SourceLocation L = E->getBeginLoc();
  if (L.isMacroID())
    return Lexer::getImmediateMacroName(L, Ctx.getSourceManager(),
                                        Ctx.getLangOpts());
  return "";
}

static bool isSuccessAccessor(StringRef Name) {
  std::string N = squashIdentifier(Name);
  return llvm::is_contained({"ok", "isok", "success", "succeeded", "issuccess",
                             "issucceeded", "isnone", "good", "hasvalue",
                             "isvalid", "valid"},
                            StringRef(N));
}

static bool isFailureAccessor(StringRef Name) {
  std::string N = squashIdentifier(Name);
  return llvm::is_contained({"failed", "isfailed", "fail", "isfailure",
                             "iserror", "haserror", "bad", "iserr", "error",
                             "haserr"},
                            StringRef(N));
}
/// What a predicate's name says holds when it returns true: a retryable
/// or transient failure (`shouldRetry`, `is_transient`, `isError`) or a
/// success (`succeeded`, `is_ok`).
static Outcome predicateOutcome(StringRef Name) {
  for (const std::string &W : identifierWords(Name)) {
    if (llvm::is_contained({"retry", "retryable", "retriable", "transient",
                            "temporary", "recoverable", "error", "failed",
                            "failure", "fail"},
                           StringRef(W)))
      return Outcome::Failure;
    if (llvm::is_contained({"ok", "success", "succeeded", "successful"},
                           StringRef(W)))
      return Outcome::Success;
  }
  return Outcome::Unknown;
}

namespace {

/// Reads what \p E, a condition, says about the outcome of one call: true
/// means the call succeeded, failed, or cannot be told. \p IsResult says
/// whether an expression is the call's result (the call itself or a
/// variable that holds it).
class OutcomeReader {
public:
  OutcomeReader(ASTContext &Ctx,
                llvm::function_ref<bool(const Expr *)> IsResult)
      : Ctx(Ctx), IsResult(IsResult) {}

  /// Outcome of \p E; lastWasSpecific() then says whether it tested one
  /// named failure (`rc == ERR_INVALID`) rather than any failure.
  Outcome read(const Expr *E) {
    Specific = false;
    return readImpl(E);
  }
  bool lastWasSpecific() const { return Specific; }

private:
  Outcome readImpl(const Expr *E) {
    if (!E)
      return Outcome::Unknown;
    const Expr *S = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->getOpcode() == UO_LNot)
      return flip(readImpl(UO->getSubExpr()));
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
        bool L = mentions(BO->getLHS()), R = mentions(BO->getRHS());
        Outcome A = readImpl(BO->getLHS()), B = readImpl(BO->getRHS());
        if (L && R)
          return A == B ? A : Outcome::Unknown;
        // `a && b` true says `a` is true. `a || b` with `b` not about the
        // call (`ok || attempts >= n`) is true whenever `a` is: the branch
        // is taken on that outcome, and sometimes for another reason.
        return L ? A : R ? B : Outcome::Unknown;
      }
      if (BO->isComparisonOp())
        return compare(BO->getOpcode(), BO->getLHS(), BO->getRHS());
      return Outcome::Unknown;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
        OC && OC->getNumArgs() == 2 && OC->isComparisonOp()) {
      BinaryOperatorKind Op =
          BinaryOperator::getOverloadedOpcode(OC->getOperator());
      return compare(Op, OC->getArg(0), OC->getArg(1));
    }
    // The result tested for truth: bool, pointer, optional, operator bool;
    // in a template, a callable's result whose type the instantiation
    // decides (`if (op()) return true;`); an enumeration whose zero is
    // named as success (`CURLM_OK`), where any other value is a failure.
    if (isResult(S)) {
      if (E->getType()->isBooleanType() || S->getType()->isBooleanType() ||
          S->getType()->isPointerType() || S->getType()->isRecordType() ||
          S->getType()->isDependentType())
        return Outcome::Success;
      return zeroIsSuccess(S->getType()) ? Outcome::Failure : Outcome::Unknown;
    }
    // `x.operator bool()`: the truth of x.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const auto *Conv =
              dyn_cast_or_null<CXXConversionDecl>(MC->getMethodDecl());
          Conv && Conv->getConversionType()->isBooleanType())
        return readImpl(MC->getImplicitObjectArgument());
    // A value built from the result to be tested for truth: gtest's
    // `AssertionResult gtest_ar_ = AssertionResult(res)`.
    if (const Expr *From = builtFrom(S))
      return readImpl(From);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (M && M->getDeclName().isIdentifier() &&
          M->getReturnType()->isBooleanType() &&
          isResult(MC->getImplicitObjectArgument())) {
        if (isSuccessAccessor(M->getName()))
          return Outcome::Success;
        if (isFailureAccessor(M->getName()))
          return Outcome::Failure;
      }
    }
    // A predicate asked of the result (`wouldRetry(r.status)`,
    // `is_transient(rc)`, `succeeded(res)`): its name says which outcome.
    if (const auto *Call = dyn_cast<CallExpr>(S);
        Call && Call->getType()->isBooleanType() &&
        llvm::any_of(Call->arguments(), [&](const Expr *A) {
          const Expr *X = ignoreWrappers(A);
          if (const auto *ME = dyn_cast_or_null<MemberExpr>(X))
            X = ME->getBase();
          return isResult(X);
        })) {
      if (const FunctionDecl *FD = calleeDecl(Call);
          FD && FD->getDeclName().isIdentifier())
        return predicateOutcome(FD->getName());
      // A lambda or function object held in a named local
      // (`should_retry(res->status)`): the variable's name says.
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
          OC && OC->getOperator() == OO_Call && OC->getNumArgs() > 0)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts()))
          if (DRE->getDecl()->getDeclName().isIdentifier())
            return predicateOutcome(DRE->getDecl()->getName());
    }
    if (const auto *ME = dyn_cast<MemberExpr>(S))
      if (ME->getType()->isBooleanType() && isResult(ME->getBase()) &&
          ME->getMemberDecl()->getDeclName().isIdentifier()) {
        if (isSuccessAccessor(ME->getMemberDecl()->getName()))
          return Outcome::Success;
        if (isFailureAccessor(ME->getMemberDecl()->getName()))
          return Outcome::Failure;
      }
    return Outcome::Unknown;
  }

public:
  /// Does \p E read the result at all?
  bool mentions(const Expr *E) {
    bool Found = false;
    forEachDescendant(E, [&](const Stmt *N) {
      if (const auto *X = dyn_cast<Expr>(N))
        Found = Found || IsResult(X);
    });
    return Found;
  }

private:
  bool isResult(const Expr *E) { return E && IsResult(ignoreWrappers(E)); }

  /// An enumeration whose enumerator 0 is named as a success (`CURLE_OK`,
  /// `SQLITE_OK`): tested for truth, a value of it says failure.
  static bool zeroIsSuccess(QualType T) {
    const auto *ET = T->getAs<EnumType>();
    const EnumDecl *ED = ET ? ET->getDecl()->getDefinition() : nullptr;
    if (!ED)
      return false;
    for (const EnumConstantDecl *C : ED->enumerators())
      if (C->getInitVal() == 0 && C->getDeclName().isIdentifier())
        return constantOutcome(C->getName()) == Outcome::Success;
    return false;
  }

  /// The result \p S was built from, when \p S is a one-argument
  /// construction of a record (or a local initialized by one) whose
  /// argument reads the result; else null.
  const Expr *builtFrom(const Expr *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->isLocalVarDecl() && V->getInit() && !IsResult(S) &&
          V->getType()->isRecordType())
        S = V->getInit()->IgnoreParenImpCasts();
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(S))
      S = FC->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(S))
      S = B->getSubExpr()->IgnoreParenImpCasts();
    const auto *CE = dyn_cast<CXXConstructExpr>(S);
    if (!CE || CE->getNumArgs() == 0 ||
        CE->getConstructor()->isCopyOrMoveConstructor())
      return nullptr;
    for (unsigned I = 1; I < CE->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(CE->getArg(I)))
        return nullptr;
    const Expr *Arg = CE->getArg(0);
    return mentions(Arg) ? Arg : nullptr;
  }

  /// `rc == 0`, `err.code != ERR_NONE`, `status == SQLITE_BUSY`, `-1 == rc`.
  Outcome compare(BinaryOperatorKind Op, const Expr *L, const Expr *R) {
    if (!mentions(L)) {
      std::swap(L, R);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    if (!mentions(L) || mentions(R))
      return Outcome::Unknown;
    const Expr *K = R->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(K)) {
      Outcome O = readImpl(L);
      if (Op == BO_EQ)
        return B->getValue() ? O : flip(O);
      if (Op == BO_NE)
        return B->getValue() ? flip(O) : O;
      return Outcome::Unknown;
    }
    Outcome Named = constantOutcome(constantName(R, Ctx));
    if (Named == Outcome::Failure && Op == BO_EQ)
      Specific = true;
    if (Named != Outcome::Unknown)
      return Op == BO_EQ ? Named : Op == BO_NE ? flip(Named) : Outcome::Unknown;
    if (K->isValueDependent() || !K->getType()->isIntegralOrEnumerationType())
      return Outcome::Unknown;
    Expr::EvalResult V;
    if (!K->EvaluateAsInt(V, Ctx))
      return Outcome::Unknown;
    int64_t N = V.Val.getInt().getSExtValue();
    if (N == 0) {
      // The C convention: 0 is success, non-zero (negative) an error.
      switch (Op) {
      case BO_EQ:
      case BO_GE:
      case BO_GT:
        return Outcome::Success;
      case BO_NE:
      case BO_LT:
      case BO_LE:
        return Outcome::Failure;
      default:
        return Outcome::Unknown;
      }
    }
    if (N == -1)
      return Op == BO_EQ   ? Outcome::Failure
             : Op == BO_NE ? Outcome::Success
                           : Outcome::Unknown;
    if (N >= 200 && N <= 299)
      return Op == BO_EQ   ? Outcome::Success
             : Op == BO_NE ? Outcome::Failure
                           : Outcome::Unknown;
    return Outcome::Unknown;
  }

  ASTContext &Ctx;
  llvm::function_ref<bool(const Expr *)> IsResult;
  bool Specific = false;
};

} // namespace

/// Is the last statement of \p S a jump out of the handler (return, break,
/// throw)? Then the handler never loops back.
static bool alwaysLeaves(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->body_empty())
      return false;
    S = CS->body_back();
  }
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    return isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
  return isa<ReturnStmt, BreakStmt, CoreturnStmt>(S);
}

static bool endsWithContinue(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  return isa_and_nonnull<ContinueStmt>(S);
}

namespace {

/// What stands for \p Call's result in a loop body: the call itself, an
/// assignment used as a value (`(rc = op()) != 0`), or a local set from it.
/// A local also set from another call (`n = recv(...)` at the top, `n =
/// report_error(...)` before a break) says nothing about this one.
class CallResult {
public:
  CallResult(const Stmt *Body, const CallExpr *Call) : Call(Call) {
    Vars = varsAssignedFrom(
        Body, [&](const Expr *E) { return containsStmt(E, Call); });
    llvm::SmallPtrSet<const VarDecl *, 4> Shared =
        varsAssignedFrom(Body, [&](const Expr *E) {
          if (containsStmt(E, Call))
            return false;
          bool OtherCall = false;
          forEachDescendant(E, [&](const Stmt *N) {
            OtherCall = OtherCall || isa<CallExpr>(N);
          });
          return OtherCall;
        });
    for (const VarDecl *V : Shared)
      Vars.erase(V);
  }

  bool operator()(const Expr *E) const {
    if (!E)
      return false;
    if (E == Call || ignoreWrappers(E) == Call)
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
        BO && BO->isAssignmentOp() && containsStmt(BO->getRHS(), Call))
      return true;
    const VarDecl *V = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      V = dyn_cast<VarDecl>(DRE->getDecl());
    return V && Vars.count(V);
  }

private:
  const CallExpr *Call;
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
};

} // namespace

/// Does \p Name count attempts or failures (`retry_count`, `n_errors`)?
static bool countsAttempts(StringRef Name) {
  for (const std::string &W : identifierWords(Name))
    if (llvm::is_contained({"retry", "retries", "attempt", "attempts", "try",
                            "tries", "failure", "failures", "error", "errors"},
                           StringRef(W)))
      return true;
  return false;
}

/// The field \p E names when it is reached from a parameter through which
/// the function may write (`ctx->next_id`, `c->synced.next_id`, `it.pos`
/// for a non-const reference).
static const ValueDecl *mutableParamField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME)
    return nullptr;
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<MemberExpr>(Base))
    Base = Inner->getBase()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P)
    return nullptr;
  QualType T = P->getType();
  bool Mutable =
      (T->isPointerType() && !T->getPointeeType().isConstQualified()) ||
      (T->isReferenceType() && !T.getNonReferenceType().isConstQualified());
  return Mutable ? ME->getMemberDecl() : nullptr;
}

/// Does the body of \p Call's callee take the next item from state it is
/// handed: step a field of a parameter (`ctx->next_id++`, `it->pos += n`)
/// that it also tests? Each call then gets a different item (a task id
/// from a pool, the next token) and a loop around it works through them.
/// A counter of attempts kept there still leaves a retry.
static bool consumesHandedState(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return false;
  llvm::SmallPtrSet<const ValueDecl *, 4> Stepped, Tested;
  forEachInFunction(Def->getBody(), [&](const Stmt *N) {
    const Expr *Target = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(N);
        UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    else if (const auto *CA = dyn_cast<CompoundAssignOperator>(N))
      Target = CA->getLHS();
    if (Target)
      if (const ValueDecl *F = mutableParamField(Target))
        Stepped.insert(F);
    const Expr *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(N))
      Cond = If->getCond();
    else if (const auto *While = dyn_cast<WhileStmt>(N))
      Cond = While->getCond();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(N))
      Cond = CO->getCond();
    forEachDescendant(Cond, [&](const Stmt *M) {
      if (const auto *E = dyn_cast<Expr>(M))
        if (const ValueDecl *F = mutableParamField(E))
          Tested.insert(F);
    });
  });
  for (const ValueDecl *F : Stepped)
    if (Tested.count(F) && F->getDeclName().isIdentifier() &&
        !countsAttempts(F->getName()))
      return true;
  return false;
}

/// Does \p Call read a field of an object it is handed to modify: a
/// dispatch `ph[r->phase].checker(r, ...)` or `step(ctx, ctx->next)`? The
/// call can advance that state, so each round is a different call.
static bool readsStateItAdvances(const CallExpr *Call) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Mutable;
  for (const Expr *Arg : Call->arguments()) {
    const Expr *A = Arg->IgnoreParenImpCasts();
    QualType T = A->getType();
    if (T->isPointerType() && !T->getPointeeType().isConstQualified())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(A))
        Mutable.insert(DRE->getDecl());
  }
  if (Mutable.empty())
    return false;
  bool Reads = false;
  forEachDescendant(Call, [&](const Stmt *N) {
    if (const auto *ME = dyn_cast<MemberExpr>(N))
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
        Reads = Reads || (ME->isArrow() && Mutable.count(DRE->getDecl()));
  });
  return Reads;
}

/// Does the loop around \p Call go back because \p Call failed: it leaves
/// when the call succeeds (a success test that exits, a `try` that exits
/// after the call and a handler that does not), or its condition holds
/// while the call fails?
/// \p GivesUp: \p Call is a retry helper's call, whose failure means the
/// helper gave up; going straight back (`if (!err.IsNone()) continue;`)
/// retries it again even in a loop that never leaves (`while (running_)`
/// around a reconnect).
static bool loopsBackOnFailure(const Stmt *Loop, const CallExpr *Call,
                               ASTContext &Ctx, bool GivesUp = false) {
  LoopParts P = loopParts(Loop);
  CallResult IsResult(P.Body, Call);
  OutcomeReader Reader(Ctx, IsResult);

  if (P.Cond && Reader.mentions(P.Cond) &&
      Reader.read(P.Cond) == Outcome::Failure)
    return true;

  bool Found = false, FailureLeaves = false;
  bool Exits = leavesLoop(P.Body);
  std::function<void(const Stmt *, bool)> Visit = [&](const Stmt *S,
                                                      bool Inner) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      Outcome O = Reader.read(If->getCond());
      bool ThenLeaves = leavesLoop(If->getThen(), Inner);
      bool ElseLeaves = leavesLoop(If->getElse(), Inner);
      // Leaving on any failure (`if (n < 0) return`, `if (!ok) break`) ends
      // the loop when the call fails: a stream or a work loop, not a retry.
      // Leaving on one named failure (`rc == ERR_INVALID`) does not.
      if (O == Outcome::Failure && ThenLeaves && !Reader.lastWasSpecific())
        FailureLeaves = true;
      // A branch that goes round at its end (`if (rc == OK) { if (bad)
      // return; continue; }`) leaves only on some later test.
      if ((O == Outcome::Success && ThenLeaves && !ElseLeaves &&
           !endsWithContinue(If->getThen())) ||
          (O == Outcome::Failure && ElseLeaves && !ThenLeaves &&
           !endsWithContinue(If->getElse())) ||
          (O == Outcome::Failure && !Inner && (Exits || GivesUp) &&
           endsWithContinue(If->getThen())))
        Found = true;
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
      if (containsStmt(Try->getTryBlock(), Call) &&
          leavesLoop(Try->getTryBlock(), Inner))
        for (unsigned I = 0; I < Try->getNumHandlers(); ++I)
          if (!alwaysLeaves(Try->getHandler(I)->getHandlerBlock()))
            Found = true;
    }
    bool ChildInner =
        Inner ||
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      Visit(Child, ChildInner);
  };
  Visit(P.Body, false);
  return Found && !FailureLeaves;
}

bool goesRoundAfterSuccess(const Stmt *Loop, llvm::ArrayRef<Operation> Ops,
                           ASTContext &Ctx) {
  LoopParts P = loopParts(Loop);
  llvm::SmallPtrSet<const Stmt *, 4> Calls;
  for (const Operation &Op : Ops)
    if (Op.Call)
      Calls.insert(Op.Call);
  if (Calls.empty() || !P.Body)
    return false;
  auto HasCall = [&](const Expr *E) {
    return llvm::any_of(Calls,
                        [&](const Stmt *C) { return containsStmt(E, C); });
  };
  // The operations' results, together: a status one call or another sets
  // (`mresult = poll(); if (!mresult) mresult = perform();`).
  llvm::SmallPtrSet<const VarDecl *, 4> Vars =
      varsAssignedFrom(P.Body, HasCall);
  auto IsResult = [&](const Expr *E) {
    if (!E)
      return false;
    const Expr *X = ignoreWrappers(E);
    if (Calls.count(X) || Calls.count(E))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return Vars.count(V) > 0;
    return false;
  };
  OutcomeReader Reader(Ctx, IsResult);
  bool SuccessLeaves = false, FailureLeaves = false, SuccessStays = false,
       FailureGoesBack = false, Unread = false;
  if (P.Cond && Reader.mentions(P.Cond)) {
    Outcome O = Reader.read(P.Cond);
    SuccessLeaves |= O == Outcome::Failure;
    SuccessStays |= O == Outcome::Success;
  }
  std::function<void(const Stmt *, bool)> Visit = [&](const Stmt *S,
                                                      bool Inner) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      Outcome O = Reader.read(If->getCond());
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
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
      if (llvm::any_of(Calls,
                       [&](const Stmt *C) {
                         return containsStmt(Try->getTryBlock(), C);
                       }) &&
          leavesLoop(Try->getTryBlock(), Inner))
        SuccessLeaves = true;
    }
    bool ChildInner =
        Inner ||
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      Visit(Child, ChildInner);
  };
  Visit(P.Body, false);
  // A body that ends each pass with a jump out leaves after whatever did
  // not go back before it (`if (!res) return; if (bad) continue; return
  // res->body;`): success does not go round.
  const auto *Block = dyn_cast<CompoundStmt>(P.Body);
  bool PassLeaves =
      Block && llvm::any_of(Block->body(), [](const Stmt *S) {
        return isa<ReturnStmt, BreakStmt, GotoStmt, CoreturnStmt>(S) ||
               (isa<Expr>(S) &&
                isa<CXXThrowExpr>(cast<Expr>(S)->IgnoreParenImpCasts()));
      });
  return (SuccessStays || (FailureLeaves && !PassLeaves)) && !SuccessLeaves &&
         !FailureGoesBack && !Unread;
}

/// What the calls in a loop body are handed to change: a pointer
/// (`parse(ctx)`) or an address (`next(&it)`), with the call it goes to.
using HandedState =
    llvm::SmallVector<std::pair<const ValueDecl *, const CallExpr *>, 4>;

static HandedState handedState(const Stmt *Body) {
  HandedState Handed;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *Other = dyn_cast<CallExpr>(N);
    if (!Other)
      return;
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
  });
  return Handed;
}

/// Does the loop body use \p Call on what an earlier step produced: \p Call
/// reads state \p Handed to another call (`parse(ctx)`, `next(&it)`) and
/// runs only when that call succeeded (`if (parse(ctx) == OK) {
/// cmp(ctx->name) ... }`), while that call itself is not retried? The loop
/// works through the steps (headers, records); \p Call acts on each one.
static bool actsOnStep(const Stmt *Loop, const CallExpr *Call,
                       const HandedState &Handed, ASTContext &Ctx) {
  LoopParts P = loopParts(Loop);
  for (const auto &Entry : Handed) {
    const CallExpr *Other = Entry.second;
    if (Other == Call || containsStmt(Other, Call) || containsStmt(Call, Other))
      continue;
    llvm::SmallPtrSet<const ValueDecl *, 1> One;
    One.insert(Entry.first);
    if (!readsAny(Call, One))
      continue;
    CallResult IsOther(P.Body, Other);
    OutcomeReader Reader(Ctx, IsOther);
    bool Guarded = false;
    forEachInFunction(P.Body, [&](const Stmt *N) {
      if (const auto *If = dyn_cast<IfStmt>(N))
        if (containsStmt(If->getThen(), Call) &&
            !containsStmt(If->getThen(), Other) &&
            Reader.mentions(If->getCond()) &&
            Reader.read(If->getCond()) == Outcome::Success)
          Guarded = true;
    });
    if (Guarded && !loopsBackOnFailure(Loop, Other, Ctx))
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

/// Does \p Back (a recursive call, a backward goto) in \p Region run
/// because \p Call failed: it sits under a failure test of the result, in
/// a handler of a `try` around the call, or after a success test that
/// leaves?
static bool goesBackOnFailure(const Stmt *Region, const CallExpr *Call,
                              const Stmt *Back, ASTContext &Ctx) {
  CallResult IsResult(Region, Call);
  OutcomeReader Reader(Ctx, IsResult);
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

llvm::SmallVector<Operation, 2>
RetrySiteIndex::structurallyRecursed(const FunctionDecl *Def,
                                     const CallExpr *Back) {
  llvm::SmallVector<Operation, 2> Out;
  // Parameters the recursive call changes (a delay, an attempt number).
  llvm::SmallPtrSet<const ValueDecl *, 4> Changed;
  for (unsigned I = 0; I < Back->getNumArgs() && I < Def->getNumParams(); ++I) {
    const auto *DRE =
        dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Back->getArg(I)));
    if (!DRE || DRE->getDecl() != Def->getParamDecl(I))
      Changed.insert(Def->getParamDecl(I));
  }
  forEachInFunction(Def->getBody(), [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call || Call == Back || containsStmt(Call, Back) ||
        containsStmt(Back, Call) || readsAny(Call, Changed))
      return;
    if (std::optional<Operation> Op = unknownOperation(Call))
      if (goesBackOnFailure(Def->getBody(), Call, Back, Ctx))
        Out.push_back(*Op);
  });
  return Out;
}

llvm::SmallVector<Operation, 2>
RetrySiteIndex::structurallyJumpedBack(const LabelStmt *Label,
                                       const CompoundStmt *Block) {
  llvm::SmallVector<Operation, 2> Out;
  const GotoStmt *Back = backwardGoto(Label, Block);
  if (!Back)
    return Out;
  llvm::SmallVector<const Stmt *, 8> After;
  for (const Stmt *Child : Block->body())
    if (Child == Label || !After.empty())
      After.push_back(Child);
  // What changes after the label (an offset, the next buffer) makes each
  // round a different call; an attempt counter does not count.
  llvm::SmallPtrSet<const ValueDecl *, 8> Changed;
  for (const Stmt *Child : After)
    for (const ValueDecl *D : changedDecls(Child))
      if (!D->getDeclName().isIdentifier() || !countsAttempts(D->getName()))
        Changed.insert(D);
  const FunctionDecl *Fn = enclosingFunction(Label);
  for (const Stmt *Child : After)
    forEachInFunction(Child, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call || enclosingFunction(Call) != Fn)
        return;
      bool ReadsChanged = false;
      for (const Stmt *Arg : Call->children())
        ReadsChanged = ReadsChanged || readsAny(Arg, Changed);
      if (ReadsChanged)
        return;
      if (std::optional<Operation> Op = unknownOperation(Call))
        if (goesBackOnFailure(Block, Call, Back, Ctx))
          Out.push_back(*Op);
    });
  return Out;
}

bool RetrySiteIndex::reachesUnknown(const FunctionDecl *FD, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  if (auto It = FnReachesUnknown.find(Def); It != FnReachesUnknown.end())
    return It->second;
  if (Depth > MaxUnknownDepth)
    return false;
  FnReachesUnknown[Def] = false; // recursion: no evidence yet
  bool Reaches = false;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    if (Reaches || isa<LambdaExpr>(N))
      return;
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call)
      return;
    if (Model.operation(Call) || callableTarget(Call)) {
      Reaches = true;
      return;
    }
    const FunctionDecl *Callee = calleeDecl(Call);
    if (!Callee || isStdLibrary(Callee) ||
        Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      return;
    const FunctionDecl *CDef = nullptr;
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    if (!Callee->hasBody(CDef) || (MD && MD->isVirtual()) ||
        reachesUnknown(Callee, Depth + 1))
      Reaches = true;
  });
  FnReachesUnknown[Def] = Reaches;
  return Reaches;
}

std::optional<Operation>
RetrySiteIndex::unknownOperation(const CallExpr *Call) {
  if (Model.operation(Call))
    return std::nullopt;
  Operation Op;
  Op.Call = Call;
  Op.InnerCall = Call;
  Op.Kind = OperationKind::Unknown;
  if (const ValueDecl *Target = callableTarget(Call)) {
    // What the callable does is decided at each call site.
    Op.Name = Target->getNameAsString();
    return Op;
  }
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD ||
      isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(FD) ||
      FD->isOverloadedOperator() || !FD->getDeclName().isIdentifier() ||
      isStdLibrary(FD) || FD->getBuiltinID() != 0 ||
      Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
    return std::nullopt;
  if (Model.isRetryHelper(FD) || Model.waitDurationArg(Call) ||
      Model.isPolicyCall(FD) || Model.isLookup(FD) ||
      Model.perAttemptSource(Call) || Model.isValueTransform(FD) ||
      isLocalName(FD->getName()))
    return std::nullopt;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  // Accessors of a result (status.ok(), error_code()) are not operations.
  if (MD && MD->isConst() && !MD->isVirtual())
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  bool Defined = FD->hasBody(Def) && Def;
  if (Defined && !(MD && MD->isVirtual()) && !reachesUnknown(FD, 0))
    return std::nullopt; // visibly local
  Op.Name = FD->getQualifiedNameAsString();
  Op.SideEffect = isSideEffectName(FD->getName());
  return Op;
}

/// Does \p Cond test how much work is queued (`while (count > 0)`, `while
/// (q->count == 0)`, `while (!pending.empty())`), directly or through a
/// local the body sets from such a field? That loop drains or waits for a
/// queue; a failed call in it is not retried for its own sake.
static bool testsQueue(const Expr *Cond, const Stmt *Body) {
  if (!Cond)
    return false;
  auto QueueWord = [](StringRef Name) {
    // An attempt counter (`token.retry_count`) is a cap, not a queue.
    if (countsAttempts(Name))
      return false;
    bool Queue = false;
    for (const std::string &W : identifierWords(Name)) {
      Queue = Queue ||
              llvm::is_contained({"count", "size", "length", "len", "empty",
                                  "pending", "available", "queued"},
                                 StringRef(W));
    }
    return Queue;
  };
  auto ReadsQueueField = [&](const Stmt *S) {
    bool Found = false;
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *ME = dyn_cast<MemberExpr>(N))
        if (ME->getMemberDecl()->getDeclName().isIdentifier() &&
            QueueWord(ME->getMemberDecl()->getName()))
          Found = true;
    });
    return Found;
  };
  if (ReadsQueueField(Cond))
    return true;
  llvm::SmallPtrSet<const VarDecl *, 4> FromQueue =
      varsAssignedFrom(Body, [&](const Expr *E) { return ReadsQueueField(E); });
  bool Found = false;
  forEachDescendant(Cond, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Found = Found || FromQueue.count(V);
  });
  return Found;
}

llvm::SmallVector<Operation, 2>
RetrySiteIndex::structurallyRetried(const Stmt *Loop, bool &MovesOn) {
  llvm::SmallVector<Operation, 2> Out;
  MovesOn = false;
  LoopParts P = loopParts(Loop);
  if (testsQueue(P.Cond, P.Body))
    return Out;
  // Variables the loop hands by address to calls (`next(&it)`,
  // `cursor_advance(&cur, 1)`): a call reading one that another call
  // advances walks a sequence.
  llvm::SmallVector<std::pair<const ValueDecl *, const CallExpr *>, 8> ByAddr;
  const Stmt *Parts[] = {P.Body, P.Cond, P.Inc};
  for (const Stmt *Part : Parts)
    forEachDescendant(Part, [&](const Stmt *N) {
      if (const auto *C = dyn_cast<CallExpr>(N))
        for (const Expr *Arg : C->arguments())
          if (const auto *UO =
                  dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
              UO && UO->getOpcode() == UO_AddrOf)
            if (const ValueDecl *D = rootDecl(UO->getSubExpr()))
              ByAddr.push_back({D, C});
    });
  auto AdvancedElsewhere = [&](const CallExpr *Call) {
    for (const auto &Entry : ByAddr) {
      const ValueDecl *D = Entry.first;
      const CallExpr *Other = Entry.second;
      if (Other == Call || containsStmt(Call, Other) ||
          containsStmt(Other, Call))
        continue;
      bool Reads = false;
      forEachDescendant(Call, [&](const Stmt *N) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
          Reads = Reads || DRE->getDecl() == D;
      });
      if (Reads)
        return true;
    }
    return false;
  };
  // What the body or a `for` increment changes (`type++`, `name++`, `cmsg
  // = next(cmsg)`): a call reading it is a different call each round.
  llvm::SmallPtrSet<const ValueDecl *, 8> Changed = changedDecls(P.Body);
  if (P.Inc)
    for (const ValueDecl *D : changedDecls(P.Inc))
      Changed.insert(D);
  const HandedState Handed = handedState(P.Body);
  const FunctionDecl *Fn = enclosingFunction(Loop);
  auto Consider = [&](const Stmt *Region) {
    forEachDescendant(Region, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      // Lambdas made in the loop run where they are called. Body and
      // condition are disjoint, so no call is seen twice.
      if (!Call || enclosingFunction(Call) != Fn)
        return;
      std::optional<Operation> Op = unknownOperation(Call);
      // A retry helper that gave up: the loop around it is an outer layer.
      bool GivesUp = false;
      if (const RetrySite *H = helperSite(Call)) {
        GivesUp = true;
        if (!Op) {
          Op.emplace();
          Op->Call = Op->InnerCall = Call;
          Op->Kind = OperationKind::Unknown;
          Op->Name = H->Helper ? H->Helper->getQualifiedNameAsString() : "";
        }
      }
      if (!Op)
        return;
      // The same request each time: an argument or object the loop changes
      // means a different call per iteration (paging, a stream, a walk, the
      // next endpoint).
      for (const Stmt *Child : Call->children())
        if (readsAny(Child, Changed)) {
          MovesOn = true;
          return;
        }
      if (readsStateItAdvances(Call) || AdvancedElsewhere(Call) ||
          consumesHandedState(Call) || actsOnStep(Loop, Call, Handed, Ctx)) {
        MovesOn = true;
        return;
      }
      if (loopsBackOnFailure(Loop, Call, Ctx, GivesUp))
        Out.push_back(*Op);
    });
  };
  Consider(P.Body);
  Consider(P.Cond);
  return Out;
}

const RetrySite *RetrySiteIndex::callableRetryLoop(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  if (auto It = FnRetriesCallable.find(Def); It != FnRetriesCallable.end())
    return It->second;
  FnRetriesCallable[Def] = nullptr;
  const RetrySite *Found = nullptr;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    if (Found || !isa<ForStmt, WhileStmt, DoStmt>(N))
      return;
    if (const RetrySite *Site = analyzeLoop(N))
      for (const Operation &Op : Site->Operations)
        if (const ValueDecl *Target = callableTarget(Op.Call))
          if (isa<ParmVarDecl>(Target))
            Found = Site;
  });
  FnRetriesCallable[Def] = Found;
  return Found;
}

llvm::SmallVector<Operation, 2>
RetrySiteIndex::unknownOperationsIn(const Stmt *S) {
  llvm::SmallVector<Operation, 2> Out;
  const FunctionDecl *Fn = enclosingFunction(S);
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      if (enclosingFunction(Call) == Fn)
        if (std::optional<Operation> Op = unknownOperation(Call))
          Out.push_back(*Op);
  });
  return Out;
}

} // namespace clang::tidy::retry::model
