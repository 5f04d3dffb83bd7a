// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For which outcomes a condition on a status must or may be true:
// comparisons with constants, `&&`, `||`, `!`, the truth of a result
// object, switches on a status. Which expressions hold a status is decided
// by its StatusVariables (StatusVariables.h); what same-TU wrappers and
// predicates return, by its StatusWrappers (StatusWrappers.h).

#include "StatusConditions.h"
#include "FixedFields.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Does \p RD convert to bool (`explicit operator bool() const`)?
static bool convertsToBool(const CXXRecordDecl *RD) {
  RD = RD ? RD->getDefinition() : nullptr;
  return RD && llvm::any_of(RD->methods(), [](const CXXMethodDecl *M) {
           const auto *C = dyn_cast<CXXConversionDecl>(M);
           return C && C->getConversionType()->isBooleanType();
         });
}

StatusConditions::StatusConditions(const ApiModel &Api, ASTContext &Ctx,
                                   FixedFields &Fixed)
    : Ctx(Ctx), Fixed(Fixed), Variables(Api, Ctx, Wrappers),
      Wrappers(Api, Ctx, Variables, *this) {}

/// The codes \p Make gives for \p Lo..\p Hi (negative codes skipped).
template <typename MakeFn>
static StatusSet codeRange(int64_t Lo, int64_t Hi, MakeFn Make) {
  StatusSet S;
  for (int64_t C = std::max<int64_t>(Lo, 0); C <= Hi; ++C)
    S = S | Make(unsigned(C));
  return S;
}

/// `code <Op> V` over the codes 0..\p Max that \p Make gives a set of.
template <typename MakeFn>
static StatusCond compareCodes(BinaryOperatorKind Op, int64_t V, MakeFn Make,
                               int64_t Max) {
  StatusSet S;
  switch (Op) {
  case BO_EQ:
    if (V >= 0 && V <= Max)
      S = Make(unsigned(V));
    break;
  case BO_NE:
    S = codeRange(0, Max, Make);
    if (V >= 0 && V <= Max)
      S = S & ~Make(unsigned(V));
    break;
  case BO_LT:
    S = codeRange(0, std::min(V - 1, Max), Make);
    break;
  case BO_LE:
    S = codeRange(0, std::min(V, Max), Make);
    break;
  case BO_GT:
    S = codeRange(V + 1, Max, Make);
    break;
  case BO_GE:
    S = codeRange(V, Max, Make);
    break;
  default:
    return StatusCond::unknown();
  }
  return StatusCond::exactly(S);
}

/// `status <Op> V` for an HTTP status.
static StatusCond compareHttp(BinaryOperatorKind Op, int64_t V) {
  // Compare in one go: ranges of 1000 codes.
  StatusSet S;
  switch (Op) {
  case BO_EQ:
    S = StatusSet::http(V, V);
    break;
  case BO_NE:
    S = StatusSet::http(0, 999) & ~StatusSet::http(V, V);
    break;
  case BO_LT:
    S = V > 0 ? StatusSet::http(0, V - 1) : StatusSet::none();
    break;
  case BO_LE:
    S = StatusSet::http(0, V);
    break;
  case BO_GT:
    S = StatusSet::http(V + 1, 999);
    break;
  case BO_GE:
    S = StatusSet::http(V < 0 ? 0 : V, 999);
    break;
  default:
    return StatusCond::unknown();
  }
  return StatusCond::exactly(S & StatusSet::http(0, 999));
}

StatusCond StatusConditions::compare(ResponseKind K, BinaryOperatorKind Op,
                                     int64_t V) {
  switch (K) {
  case ResponseKind::HttpStatus:
    return compareHttp(Op, V);
  case ResponseKind::GrpcCode:
    return compareCodes(
        Op, V, [](unsigned C) { return StatusSet::grpc(C); }, 16);
  case ResponseKind::CurlCode: {
    // CURLE_OK: a response arrived (any HTTP status); other codes are
    // transport failures of a class. Classes with several codes (Dns,
    // Other) are only "may" for one code.
    bool Exact = true;
    // With CURLOPT_FAILONERROR an HTTP status >= 400 is curl error 22.
    bool FailOnError = curlFailsOnHttpError();
    auto Of = [&](unsigned C) {
      if (C == 0)
        return StatusSet::http(0, FailOnError ? 399 : 999);
      if (C == 22 && FailOnError)
        return StatusSet::http(400, 999);
      if (C == 7)
        return StatusSet::transport(unsigned(Transport::Refused));
      if (C == 28)
        return StatusSet::transport(unsigned(Transport::Timeout));
      Exact = false;
      if (C == 6 || C == 5)
        return StatusSet::transport(unsigned(Transport::Dns));
      return StatusSet::transport(unsigned(Transport::Other));
    };
    StatusSet Class = Of(unsigned(V));
    StatusCond Eq{Exact ? Class : StatusSet::none(), Class, false};
    StatusSet All = StatusSet::http(0, 999) |
                    StatusSet::transport(unsigned(Transport::All));
    if (Op == BO_EQ)
      return Eq;
    if (Op == BO_NE)
      return {All & ~Eq.May, All & ~Eq.Must, false};
    return StatusCond::unknown();
  }
  default:
    return StatusCond::unknown();
  }
}

/// `r.error.code == cpr::ErrorCode::X`: cpr names the transport failure;
/// OK means a response arrived, whatever its status.
StatusCond StatusConditions::compareCprError(BinaryOperatorKind Op,
                                             const Expr *Value) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts());
  const auto *EC = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
  if (!EC || (Op != BO_EQ && Op != BO_NE))
    return {StatusSet::none(), StatusSet::all(), true};
  std::string N = StringRef(squashIdentifier(EC->getName())).upper();
  StringRef Name(N);
  StatusSet Class;
  bool Exact = true;
  if (Name == "OK")
    Class = StatusSet::http(0, 999);
  else if (Name.contains("TIMEDOUT") || Name.contains("TIMEOUT"))
    Class = StatusSet::transport(unsigned(Transport::Timeout));
  else if (Name.contains("CONNECTIONFAILURE") ||
           Name.contains("COULDNTCONNECT"))
    Class = StatusSet::transport(unsigned(Transport::Refused));
  else if (Name.contains("RESOLVE")) {
    Class = StatusSet::transport(unsigned(Transport::Dns));
    Exact = false;
  } else {
    Class = StatusSet::transport(unsigned(Transport::Other));
    Exact = false;
  }
  StatusCond Eq{Exact ? Class : StatusSet::none(), Class, false};
  StatusSet All =
      StatusSet::http(0, 999) | StatusSet::transport(unsigned(Transport::All));
  if (Op == BO_EQ)
    return Eq;
  return {All & ~Eq.May, All & ~Eq.Must, false};
}

std::optional<StatusCond> StatusConditions::evalFixedTruth(const Expr *E,
                                                           bool AsCondition) {
  // A constant (`return true;` in a predicate) holds for every outcome or
  // for none.
  if (bool B = false; !E->isValueDependent() && E->getType()->isBooleanType() &&
                      E->EvaluateAsBooleanCondition(B, Ctx))
    return StatusCond::exactly(B ? StatusSet::all() : StatusSet::none());
  // So does a gate on a configuration member nothing changes
  // (`retry_on_ & RETRY_ON_5XX`).
  if (bool ReadsField = false; AsCondition || E->getType()->isBooleanType())
    if (std::optional<int64_t> V = Fixed.valueOf(E, ReadsField);
        V && ReadsField)
      return StatusCond::exactly(*V ? StatusSet::all() : StatusSet::none());
  return std::nullopt;
}

StatusCond StatusConditions::evalComparison(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *A = BO->getLHS(), *B = BO->getRHS();
  // A raised flag compared with its raised or initial value:
  // `rc != 0` with `int rc = -1; ... rc = 0;` under the tests.
  for (bool Swapped : {false, true}) {
    int64_t Raised = 0, Initial = 0;
    const RaisedFlag *F =
        Variables.raisedFlag(Swapped ? B : A, Raised, Initial);
    int64_t C = constInt(Swapped ? A : B, Ctx, INT64_MIN);
    if (!F || C == INT64_MIN)
      continue;
    if ((Op != BO_EQ && Op != BO_NE) || (C != Raised && C != Initial))
      return {StatusSet::none(), StatusSet::all(), true};
    StatusCond Out = raisedTests(*F);
    bool Holds = (C == Raised) == (Op == BO_EQ);
    return Holds ? Out : StatusCond{~Out.May, ~Out.Must, Out.Imprecise};
  }
  // A same-TU wrapper's result: `post_charge(...) == -1`.
  for (bool Swapped : {false, true}) {
    const Expr *W = Swapped ? B : A, *K = Swapped ? A : B;
    Expr::EvalResult R;
    if (const std::vector<ReturnValue> *Map = Wrappers.wrapperResult(W))
      if (!K->isValueDependent() && K->EvaluateAsInt(R, Ctx))
        return Wrappers.compareReturn(
            *Map, Swapped ? BinaryOperator::reverseComparisonOp(Op) : Op,
            R.Val.getInt().getExtValue());
  }
  std::optional<ResponseKind> K = classify(A);
  if (!K) {
    std::swap(A, B);
    K = classify(A);
    // Mirror it: K > x is x < K. (<=> has no mirror here.)
    if (Op != BO_Cmp)
      Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (K == ResponseKind::CprError)
    return compareCprError(Op, B);
  Expr::EvalResult R;
  if (K && B->EvaluateAsInt(R, Ctx))
    return compare(*K, Op, R.Val.getInt().getExtValue());
  if (K || mentionsResponse(BO))
    return {StatusSet::none(), StatusSet::all(), true};
  return StatusCond::unknown();
}

std::optional<StatusCond> StatusConditions::evalTestedFlag(const Expr *E) {
  if (const std::vector<ReturnValue> *Map = Wrappers.wrapperResult(E))
    return Wrappers.compareReturn(*Map, BO_NE, 0); // tested for truth
  int64_t Raised = 0, Initial = 0;
  if (const RaisedFlag *F = Variables.raisedFlag(E, Raised, Initial)) {
    // Tested for truth: true when raised to non-zero (`again`), or when
    // left at a non-zero start (`rc` raised to 0 on success).
    if ((Raised != 0) == (Initial != 0))
      return StatusCond{StatusSet::none(), StatusSet::all(), true};
    StatusCond Out = raisedTests(*F);
    return Raised != 0 ? Out : StatusCond{~Out.May, ~Out.Must, Out.Imprecise};
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (std::optional<const Expr *> Cond = Variables.conditionOf(V)) {
        if (!*Cond || CondVarDepth > 4)
          return StatusCond{StatusSet::none(), StatusSet::all(), true};
        ++CondVarDepth;
        StatusCond C = eval(*Cond);
        --CondVarDepth;
        return C;
      }
  return std::nullopt;
}

StatusCond StatusConditions::raisedTests(const RaisedFlag &F) {
  if (CondVarDepth > 4)
    return {StatusSet::none(), StatusSet::all(), true};
  ++CondVarDepth;
  StatusCond Out{StatusSet::none(), StatusSet::none(), false};
  for (const Expr *Test : F.Tests) {
    StatusCond C = eval(Test);
    Out = {Out.Must | C.Must, Out.May | C.May, Out.Imprecise || C.Imprecise};
  }
  --CondVarDepth;
  return Out;
}

std::optional<StatusCond> StatusConditions::evalResponseObject(const Expr *E) {
  if (std::optional<ResponseKind> K = classify(E)) {
    // Truth value of the object itself.
    if (*K == ResponseKind::HttpResult)
      return StatusCond::exactly(StatusSet::http(0, 999));
    if (*K == ResponseKind::CurlCode) // nonzero = failure
      return StatusCond::exactly(
          StatusSet::transport(unsigned(Transport::All)) |
          (curlFailsOnHttpError() ? StatusSet::http(400, 999)
                                  : StatusSet::none()));
    if (*K == ResponseKind::HttpStatus)
      return StatusCond::exactly(StatusSet::http(1, 999));
    if (*K ==
        ResponseKind::ErrorCode) // set = the operation failed in transport
      return StatusCond::exactly(
          StatusSet::transport(unsigned(Transport::All)));
  }
  // A pointer (smart or raw) to a response object is set when a reply
  // came; so is a response held by value that converts to bool (a stream
  // result that is true once the server answered).
  const Expr *Held = E;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
      MC && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
    Held = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
  if (bool Indirect = false; !Held->isTypeDependent()) {
    const CXXRecordDecl *RD = responseRecord(Held->getType(), &Indirect);
    if (RD && (Indirect || convertsToBool(RD)))
      return StatusCond::exactly(StatusSet::http(0, 999));
  }
  return std::nullopt;
}

std::optional<StatusCond> StatusConditions::evalResponseCall(const Expr *E) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && M->getDeclName().isIdentifier() && M->getName() == "ok" &&
        classify(MC->getImplicitObjectArgument()) == ResponseKind::GrpcStatus)
      return StatusCond::exactly(StatusSet::grpc(0));
    // AWS SDK outcomes: IsSuccess() is a 2xx reply; the error's
    // ShouldRetry() is the SDK's own classification (throttling, 5xx,
    // network errors), which never includes the client errors it marks
    // final.
    if (M && M->getDeclName().isIdentifier() &&
        StringRef(M->getParent()->getQualifiedNameAsString())
            .starts_with("Aws::")) {
      if (M->getName() == "IsSuccess")
        return StatusCond::exactly(StatusSet::http(200, 299));
      if (M->getName() == "ShouldRetry")
        return StatusCond::exactly(
            StatusSet::transport(unsigned(Transport::All)) |
            StatusSet::http(429, 429) | StatusSet::http(500, 599));
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A same-TU predicate over the response: is_retryable(res->status), or
    // a local lambda should_retry(res->status), whose call operator's
    // parameters start after the closure object.
    if (const FunctionDecl *FD = calleeDecl(Call)) {
      unsigned Skip =
          isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
      for (unsigned I = Skip; I < Call->getNumArgs(); ++I)
        if (std::optional<ResponseKind> K = classify(Call->getArg(I)))
          return Wrappers.evalPredicate(FD, I - Skip, *K);
    }
    if (std::optional<StatusCond> C = Wrappers.evalResponsePredicate(Call))
      return *C;
  }
  return std::nullopt;
}

StatusCond StatusConditions::eval(const Expr *E) {
  if (!E)
    return StatusCond::unknown();
  bool AsCondition = E->getType()->isBooleanType();
  E = ignoreWrappers(E);
  if (std::optional<StatusCond> C = evalFixedTruth(E, AsCondition))
    return *C;
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_LNot) {
      StatusCond C = eval(UO->getSubExpr());
      return {~C.May, ~C.Must, C.Imprecise};
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_LAnd || Op == BO_LOr) {
      StatusCond L = eval(BO->getLHS()), R = eval(BO->getRHS());
      if (Op == BO_LAnd)
        return {L.Must & R.Must, L.May & R.May, L.Imprecise || R.Imprecise};
      return {L.Must | R.Must, L.May | R.May, L.Imprecise || R.Imprecise};
    }
    if (BO->isComparisonOp())
      return evalComparison(BO);
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    // Enum-class comparisons (res.result() == http::status::ok) and
    // res.error() != httplib::Error::Success go through operator overloads
    // only for class types; builtin enums land above.
    if (OC->getNumArgs() == 2 && OC->isComparisonOp()) {
      std::optional<ResponseKind> K = classify(OC->getArg(0));
      Expr::EvalResult R;
      if (K && OC->getArg(1)->EvaluateAsInt(R, Ctx))
        return compare(*K,
                       BinaryOperator::getOverloadedOpcode(OC->getOperator()),
                       R.Val.getInt().getExtValue());
    }
  }
  if (std::optional<StatusCond> C = evalTestedFlag(E))
    return *C;
  if (std::optional<StatusCond> C = evalResponseObject(E))
    return *C;
  if (std::optional<StatusCond> C = evalResponseCall(E))
    return *C;
  if (mentionsResponse(E))
    return {StatusSet::none(), StatusSet::all(), true};
  return StatusCond::unknown();
}

StatusSet StatusConditions::walkSwitch(const CompoundStmt *Body,
                                       std::optional<ResponseKind> K,
                                       StatusSet In, CaseWalker WalkCase,
                                       bool &Inexact) {
  StatusSet Covered, After, Cur;
  bool HasDefault = false;
  for (const Stmt *Child : Body->body()) {
    const Stmt *Inner = Child;
    while (true) {
      if (const auto *Case = dyn_cast<CaseStmt>(Inner)) {
        Expr::EvalResult R;
        if (!K) {
          Cur = Cur | In;
        } else if (Case->getLHS()->EvaluateAsInt(R, Ctx)) {
          StatusSet V = compare(*K, BO_EQ, R.Val.getInt().getExtValue()).May;
          Covered = Covered | V;
          Cur = Cur | (In & V);
        } else {
          Inexact = true;
        }
        Inner = Case->getSubStmt();
        continue;
      }
      if (const auto *Def = dyn_cast<DefaultStmt>(Inner)) {
        HasDefault = true;
        Cur = Cur | (In & ~Covered);
        Inner = Def->getSubStmt();
        continue;
      }
      break;
    }
    if (isa<BreakStmt>(Inner)) { // leaves the switch, not the loop
      After = After | Cur;
      Cur = StatusSet::none();
      continue;
    }
    Cur = WalkCase(Inner, Cur);
  }
  After = After | Cur;
  if (!HasDefault)
    After = After | (In & ~Covered);
  return After;
}

bool StatusConditions::curlFailsOnHttpError() {
  if (CurlFailOnError)
    return *CurlFailOnError;
  using namespace ast_matchers;
  bool Found = false;
  for (const BoundNodes &N : match(
           traverse(TK_IgnoreUnlessSpelledInSource,
                    callExpr(callee(functionDecl(hasName("curl_easy_setopt"))),
                             argumentCountIs(3))
                        .bind("c")),
           Ctx)) {
    const auto *Call = N.getNodeAs<CallExpr>("c");
    const auto *DRE =
        dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
    if (!DRE || !DRE->getDecl()->getDeclName().isIdentifier() ||
        DRE->getDecl()->getName() != "CURLOPT_FAILONERROR")
      continue;
    Expr::EvalResult R;
    if (Call->getArg(2)->EvaluateAsInt(R, Ctx) && R.Val.getInt() != 0)
      Found = true;
  }
  CurlFailOnError = Found;
  return Found;
}

} // namespace clang::tidy::retry::model
