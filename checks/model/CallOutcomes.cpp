// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a test of a call's result says about the call's outcome: success,
// failure, or cannot be told (`rc == 0`, `if (ok) break`, a constant named
// `*_OK`, an enumeration whose zero is a success, a predicate whose name
// says retryable or success). Which way code goes on each outcome is read
// in LoopBackOnFailure.cpp.

#include "CallOutcomes.h"
#include "RetrySite.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::model {

using namespace utils;

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
  // A temporary failure (`EAI_AGAIN`, `EAGAIN`) is a failure; one joined
  // with a question of non-blocking I/O says "not yet" (asksNotYet), and
  // an EINTR restart is read apart (Interrupts.h).
  for (StringRef Bad :
       {"ERR", "FAIL", "TIMEOUT", "TIMEDOUT", "BUSY", "RETRY", "UNAVAILABLE",
        "LOCKED", "REFUSED", "RESET", "ABORT", "INVALID", "AGAIN"})
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

/// Does \p E ask whether the last call is waiting for its socket: a code
/// or a predicate of non-blocking I/O (`EWOULDBLOCK`, `EINPROGRESS`,
/// `SSL_ERROR_WANT_READ`, `isWaitNeeded()`)? (`EAGAIN` and `EINTR` stay
/// failures here: a way back taken only on an interrupt is read apart.)
static bool asksNotYet(const Expr *E, ASTContext &Ctx) {
  static constexpr StringRef Words[] = {"WOULDBLOCK", "INPROGRESS", "WANTREAD",
                                        "WANTWRITE", "WAITNEEDED"};
  bool Found = false;
  auto Says = [&](StringRef Name) {
    std::string Sq = StringRef(squashIdentifier(Name)).upper();
    Found = Found || llvm::any_of(Words, [&](StringRef W) {
              return StringRef(Sq).contains(W);
            });
  };
  const SourceManager &SM = Ctx.getSourceManager();
  forEachDescendant(E, [&](const Stmt *N) {
    const auto *X = dyn_cast<Expr>(N);
    if (const auto *Call = dyn_cast_or_null<CallExpr>(X)) {
      Says(calleeName(Call));
      return;
    }
    if (!X)
      return;
    Says(constantName(X, Ctx));
    // Each macro the code went through: `EWOULDBLOCK` is `EAGAIN` on Linux.
    for (SourceLocation L = X->getBeginLoc(); L.isMacroID();
         L = SM.getImmediateMacroCallerLoc(L))
      Says(Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts()));
  });
  return Found;
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
/// Is \p T a record named as an error or exception (`error_code`,
/// `exception_ptr`, `Error`), whose truth says that it holds one?
static bool isErrorRecord(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getDeclName().isIdentifier())
    return false;
  for (const std::string &W : identifierWords(RD->getName()))
    if (llvm::is_contained({"error", "err", "exception", "failure"},
                           StringRef(W)))
      return true;
  return false;
}

/// What a predicate asked of the result says when it returns true: as
/// predicateOutcome(), and a dropped connection (`IsConnClosed(ec)`,
/// `timed_out(rc)`) is a failure too. (Not asked of any boolean call: an
/// operation may name its limit, `send_with_timeout(msg)`.)
/// Is \p E a variable named for an error (`err`, `errmsg`, `error`)?
static bool namesError(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!DRE || !DRE->getDecl()->getDeclName().isIdentifier())
    return false;
  llvm::SmallVector<std::string, 4> Words =
      identifierWords(DRE->getDecl()->getName());
  return llvm::any_of(Words, [](StringRef W) {
    return llvm::is_contained({"err", "error", "errmsg", "errstr"}, W);
  });
}

static Outcome resultPredicateOutcome(StringRef Name) {
  if (Outcome O = predicateOutcome(Name); O != Outcome::Unknown)
    return O;
  for (const std::string &W : identifierWords(Name))
    if (llvm::is_contained({"closed", "timeout", "timedout", "aborted",
                            "refused", "disconnected", "unavailable"},
                           StringRef(W)))
      return Outcome::Failure;
  return Outcome::Unknown;
}

/// What a predicate's name says holds when it returns true: a retryable
/// or transient failure (`shouldRetry`, `is_transient`, `isError`) or a
/// success (`succeeded`, `is_ok`).
Outcome predicateOutcome(StringRef Name) {
  for (const std::string &W : identifierWords(Name)) {
    if (llvm::is_contained({"retry", "retryable", "retriable", "again",
                            "transient", "temporary", "recoverable", "error",
                            "failed", "failure", "fail"},
                           StringRef(W)))
      return Outcome::Failure;
    if (llvm::is_contained({"ok", "okay", "success", "succeeded", "successful"},
                           StringRef(W)))
      return Outcome::Success;
  }
  return Outcome::Unknown;
}

/// A bool method asked of the result (`res.ok()`, `res.failed()`): what
/// its name says; nullopt when \p S is no such call.
static std::optional<Outcome>
methodOutcome(const Expr *S, llvm::function_ref<bool(const Expr *)> IsResult) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && M->getDeclName().isIdentifier() &&
        M->getReturnType()->isBooleanType() &&
        IsResult(MC->getImplicitObjectArgument())) {
      if (isSuccessAccessor(M->getName()))
        return Outcome::Success;
      if (isFailureAccessor(M->getName()))
        return Outcome::Failure;
      // `res.is_retryable()`, `res.timed_out_or_error()`: its words say.
      return predicateOutcome(M->getName());
    }
  }
  return std::nullopt;
}

/// What a predicate's argument \p A asks about: what it points to, or the
/// object whose member it reads (`wouldRetry(r.status)`).
static const Expr *predicateSubject(const Expr *A) {
  const Expr *X = ignoreWrappers(A);
  // `should_retry(*reply)`, through a pointer or a smart pointer.
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(X);
      UO && UO->getOpcode() == UO_Deref)
    X = ignoreWrappers(UO->getSubExpr());
  else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(X);
           OC && OC->getOperator() == OO_Star && OC->getNumArgs() == 1)
    X = ignoreWrappers(OC->getArg(0));
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(X))
    X = ME->getBase();
  return X;
}

/// A predicate asked of the result: what its name, or the name of the local
/// holding it, says; nullopt when \p S is no such call or has no name.
static std::optional<Outcome>
askedPredicateOutcome(const Expr *S,
                      llvm::function_ref<bool(const Expr *)> IsResult) {
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && Call->getType()->isBooleanType() &&
      llvm::any_of(Call->arguments(), [&](const Expr *A) {
        return IsResult(predicateSubject(A));
      })) {
    if (const FunctionDecl *FD = calleeDecl(Call);
        FD && FD->getDeclName().isIdentifier())
      return resultPredicateOutcome(FD->getName());
    // A lambda or function object held in a named local
    // (`should_retry(res->status)`): the variable's name says.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
        OC && OC->getOperator() == OO_Call && OC->getNumArgs() > 0)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts()))
        if (DRE->getDecl()->getDeclName().isIdentifier())
          return predicateOutcome(DRE->getDecl()->getName());
  }
  return std::nullopt;
}

/// A bool member of the result (`res.ok`, `r.retryable_error`): what its
/// name says; nullopt when \p S is no such member.
static std::optional<Outcome>
memberFlagOutcome(const Expr *S,
                  llvm::function_ref<bool(const Expr *)> IsResult) {
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (ME->getType()->isBooleanType() && IsResult(ME->getBase()) &&
        ME->getMemberDecl()->getDeclName().isIdentifier()) {
      if (isSuccessAccessor(ME->getMemberDecl()->getName()))
        return Outcome::Success;
      if (isFailureAccessor(ME->getMemberDecl()->getName()))
        return Outcome::Failure;
      // A flag of the result named for what it says (`retryable_error`,
      // `okay`).
      return predicateOutcome(ME->getMemberDecl()->getName());
    }
  return std::nullopt;
}

/// Is \p T a size (`size_t`, a typedef named for a size): a count of
/// what the call found or did, never negative?
static bool isSize(QualType T) {
  while (const auto *TT = T->getAs<TypedefType>()) {
    if (llvm::is_contained(identifierWords(TT->getDecl()->getName()), "size"))
      return T->isUnsignedIntegerType();
    T = TT->desugar();
  }
  return false;
}

Outcome OutcomeReader::readBinary(const BinaryOperator *BO) {
  if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
    bool L = mentions(BO->getLHS()), R = mentions(BO->getRHS());
    // `n < 0 && errno == EWOULDBLOCK`, `ret < 0 && isWaitNeeded()`: the
    // call waits for its socket; that is no outcome of it.
    if (BO->getOpcode() == BO_LAnd && L != R &&
        asksNotYet(L ? BO->getRHS() : BO->getLHS(), Ctx))
      return Outcome::Unknown;
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
  // An assignment used as a value (`!(c = connect(h))`) is the value
  // assigned.
  if (BO->getOpcode() == BO_Assign)
    return readImpl(BO->getRHS());
  return Outcome::Unknown;
}

Outcome OutcomeReader::readImpl(const Expr *E) {
  if (!E)
    return Outcome::Unknown;
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_LNot)
    return flip(readImpl(UO->getSubExpr()));
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return readBinary(BO);
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
    // An error object is true when it holds an error (`std::error_code`,
    // `boost::system::error_code`, `std::exception_ptr`).
    if (isErrorRecord(ignoreWrappers(S)->getType()))
      return Outcome::Failure;
    // So is a pointer named for an error (`const char *err =
    // add_pattern(...); if (err)`): the message of a failure, null when
    // none.
    if (S->getType()->isPointerType() && namesError(ignoreWrappers(S)))
      return Outcome::Failure;
    // (The result's own type: C++ converts an `int` tested for truth to
    // bool, and `if (rc)` still says nothing of which value succeeds.)
    if (S->getType()->isBooleanType() || S->getType()->isPointerType() ||
        S->getType()->isRecordType() || S->getType()->isDependentType() ||
        isSize(S->getType()))
      return Outcome::Success;
    return zeroIsSuccess(S->getType()) ? Outcome::Failure : Outcome::Unknown;
  }
  // `x.operator bool()`: the truth of x.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
    if (const auto *Conv =
            dyn_cast_or_null<CXXConversionDecl>(MC->getMethodDecl());
        Conv && Conv->getConversionType()->isBooleanType())
      return readImpl(MC->getImplicitObjectArgument());
  // A local flag computed from the result (`bool again = !reply ||
  // should_retry(*reply); if (!again) return reply;`): its initializer.
  if (const VarDecl *Flag = resultFlag(S)) {
    if (FlagDepth >= 2)
      return Outcome::Unknown;
    ++FlagDepth;
    Outcome O = readImpl(Flag->getInit());
    --FlagDepth;
    return O;
  }
  // A value built from the result to be tested for truth: gtest's
  // `AssertionResult gtest_ar_ = AssertionResult(res)`.
  if (const Expr *From = builtFrom(S))
    return readImpl(From);
  auto ResultTest = [this](const Expr *X) { return isResult(X); };
  if (std::optional<Outcome> O = methodOutcome(S, ResultTest))
    return *O;
  // A predicate asked of the result (`wouldRetry(r.status)`,
  // `is_transient(rc)`, `succeeded(res)`): its name says which outcome.
  if (std::optional<Outcome> O = askedPredicateOutcome(S, ResultTest))
    return *O;
  if (std::optional<Outcome> O = memberFlagOutcome(S, ResultTest))
    return *O;
  return Outcome::Unknown;
}

bool OutcomeReader::mentions(const Expr *E) {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *N) {
    if (const auto *X = dyn_cast<Expr>(N))
      Found = Found || IsResult(X) || resultFlag(X);
  });
  return Found;
}

const VarDecl *OutcomeReader::resultFlag(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || !V->getType()->isBooleanType() ||
      !V->getInit() || isa<ParmVarDecl>(V))
    return nullptr;
  // The initializer reads the result directly (one level: no flag of a
  // flag is followed from here).
  bool Reads = false;
  forEachDescendant(V->getInit(), [&](const Stmt *N) {
    if (const auto *X = dyn_cast<Expr>(N))
      Reads = Reads || IsResult(X);
  });
  return Reads ? V : nullptr;
}

bool OutcomeReader::zeroIsSuccess(QualType T) {
  const auto *ET = T->getAs<EnumType>();
  const EnumDecl *ED = ET ? ET->getDecl()->getDefinition() : nullptr;
  if (!ED)
    return false;
  for (const EnumConstantDecl *C : ED->enumerators())
    if (C->getInitVal() == 0 && C->getDeclName().isIdentifier())
      return constantOutcome(C->getName()) == Outcome::Success;
  return false;
}

const Expr *OutcomeReader::builtFrom(const Expr *S) {
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

/// The variable or field \p E reads, casts aside.
static const ValueDecl *readDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    E = CE->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl>(DRE->getDecl()) ? DRE->getDecl() : nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

/// Does \p E, a returned value, say the function failed?
static bool failureValue(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return false;
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(S))
    return !B->getValue();
  StringRef Name = constantName(E, Ctx);
  if (Name == "false" || Name == "FALSE")
    return true;
  if (!Name.empty() && constantOutcome(Name) == Outcome::Failure)
    return true;
  return S->getType()->isIntegerType() && constInt(S, Ctx, 0) < 0;
}

bool handlesFailure(const Stmt *S, ASTContext &Ctx) {
  bool Found = false;
  forEachInFunction(S, [&](const Stmt *N) {
    if (const auto *R = dyn_cast<ReturnStmt>(N)) {
      Found = Found || failureValue(R->getRetValue(), Ctx);
      return;
    }
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call || Found)
      return;
    StringRef Name = calleeName(Call);
    // glibc's errno is `(*__errno_location ())`, BSD's `(*__error())`.
    Found = hasWord(Name, "errno") || Name == "__error" || Name == "perror" ||
            Name == "strerror" || hasWord(Name, "reconnect");
  });
  return Found;
}

Outcome OutcomeReader::readTest(const IfStmt *If) {
  Outcome O = read(If->getCond());
  if (O != Outcome::Unknown || !If->getCond())
    return O;
  const Expr *E = If->getCond()->IgnoreParenImpCasts();
  bool Negated = false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    Negated = true;
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  }
  QualType T = E->getType();
  if (!isResult(E) || !T->isIntegerType() || T->isBooleanType())
    return Outcome::Unknown;
  // C's convention, when the code hands the result up as its own status:
  // zero succeeded, any other value is the error passed on.
  Outcome Then = handlesFailure(If->getThen(), Ctx)   ? Outcome::Failure
                 : handlesFailure(If->getElse(), Ctx) ? Outcome::Success
                 : returnsResult()                    ? Outcome::Failure
                                                      : Outcome::Unknown;
  return Negated ? flip(Then) : Then;
}

bool OutcomeReader::returnsResult() {
  bool Found = false;
  if (Region)
    forEachInFunction(Region, [&](const Stmt *N) {
      const auto *R = dyn_cast<ReturnStmt>(N);
      Found = Found || (R && R->getRetValue() && isResult(R->getRetValue()));
    });
  return Found;
}

bool OutcomeReader::handedToCall(const Expr *E) const {
  const ValueDecl *D = readDecl(E);
  if (!Call || !D || D->getType()->isPointerType())
    return false;
  return llvm::any_of(Call->arguments(),
                      [&](const Expr *A) { return readDecl(A) == D; });
}

/// What comparing a result with the number \p N by \p Op says: a size
/// (\p Size) is zero when the call found or did nothing (`len == 0` after
/// `len = name_len(pkt)`); C's zero-is-success is for statuses; -1 fails;
/// HTTP ranges.
static Outcome numberOutcome(BinaryOperatorKind Op, int64_t N, bool Size) {
  if (N == 0 && Size)
    return Op == BO_EQ || Op == BO_LE   ? Outcome::Failure
           : Op == BO_NE || Op == BO_GT ? Outcome::Success
                                        : Outcome::Unknown;
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
  if (N >= 200 && N <= 299 && (Op == BO_EQ || Op == BO_NE))
    return Op == BO_EQ ? Outcome::Success : Outcome::Failure;
  // An HTTP status below the errors (`status < 400`) or among them
  // (`status >= 500`).
  if ((Op == BO_LT && N >= 300 && N <= 400) ||
      (Op == BO_LE && N >= 299 && N <= 399))
    return Outcome::Success;
  if ((Op == BO_GE && N >= 400 && N <= 599) ||
      (Op == BO_GT && N >= 399 && N <= 598))
    return Outcome::Failure;
  return Outcome::Unknown;
}

Outcome OutcomeReader::compare(BinaryOperatorKind Op, const Expr *L,
                               const Expr *R) {
  if (!mentions(L)) {
    std::swap(L, R);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!mentions(L) || mentions(R))
    return Outcome::Unknown;
  const Expr *K = R->IgnoreParenImpCasts();
  // A null handle is the failure (`(c = open(h)) == NULL`, `p != 0`),
  // whatever the C convention says of an integer zero.
  // (A pointer named for an error is null when none happened.)
  if (L->getType()->isPointerType() &&
      R->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull)) {
    Outcome Null =
        namesError(ignoreWrappers(L)) ? Outcome::Success : Outcome::Failure;
    return Op == BO_EQ ? Null : Op == BO_NE ? flip(Null) : Outcome::Unknown;
  }
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(K)) {
    Outcome O = readImpl(L);
    if (Op == BO_EQ)
      return B->getValue() ? O : flip(O);
    if (Op == BO_NE)
      return B->getValue() ? flip(O) : O;
    return Outcome::Unknown;
  }
  // A count of work done against the size the call was handed (`sent ==
  // len` after `sent = send_buf(fd, buf, len)`): all of it is a success,
  // less a short call, a failure.
  if (handedToCall(R)) {
    Short = true;
    return Op == BO_EQ || Op == BO_GE   ? Outcome::Success
           : Op == BO_NE || Op == BO_LT ? Outcome::Failure
                                        : Outcome::Unknown;
  }
  // A negated named code (`ret == -EPERM`): the kernel's convention, one
  // named failure among the negative values.
  if (const auto *Neg = dyn_cast<UnaryOperator>(K);
      Neg && Neg->getOpcode() == UO_Minus &&
      !constantName(Neg->getSubExpr(), Ctx).empty() && Op == BO_EQ) {
    Specific = true;
    return Outcome::Failure;
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
  return numberOutcome(Op, V.Val.getInt().getSExtValue(), isSize(L->getType()));
}

} // namespace clang::tidy::retry::model
