// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "StatusConditions.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <functional>

namespace clang::tidy::retry::model {

static std::string typeName(QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->getQualifiedNameAsString();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl()->getQualifiedNameAsString();
  if (const auto *TT = T->getAs<TypedefType>())
    return TT->getDecl()->getQualifiedNameAsString();
  return T.getAsString();
}

static bool isStatusName(StringRef N) {
  std::string L = N.lower();
  return L == "status" || L == "status_code" || L == "statuscode" ||
         L == "http_status" || L == "httpstatus" || L == "response_code" ||
         L == "http_code" || L == "code";
}

/// Is \p X a truth value: a bool, a comparison, `&&`, `||` or `!`?
static bool isCondition(const Expr *X) {
  if (X->getType()->isBooleanType())
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(X))
    return BO->isComparisonOp() || BO->isLogicalOp();
  const auto *UO = dyn_cast<UnaryOperator>(X);
  return UO && UO->getOpcode() == UO_LNot;
}

StatusConditions::StatusConditions(const ApiModel &Api, ASTContext &Ctx)
    : Api(Api), Ctx(Ctx) {}

std::optional<ResponseKind> StatusConditions::classify(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (auto It = Vars.find(V); It != Vars.end())
        return It->second;
      std::string T = typeName(V->getType());
      if (T == "httplib::Result")
        return ResponseKind::HttpResult;
      if (T == "grpc::Status")
        return ResponseKind::GrpcStatus;
      if (T == "CURLcode")
        return ResponseKind::CurlCode;
      if (T == "grpc::StatusCode")
        return ResponseKind::GrpcCode;
      if (T == "boost::system::error_code" || T == "std::error_code")
        return ResponseKind::ErrorCode;
    }
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
      if (FD->getDeclName().isIdentifier() && isStatusName(FD->getName()) &&
          FD->getType()->isIntegerType() && mentionsResponse(ME->getBase()))
        return ResponseKind::HttpStatus;
      if (typeName(FD->getType()) == "cpr::ErrorCode")
        return ResponseKind::CprError;
    }
    return std::nullopt;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (!M || !M->getDeclName().isIdentifier())
      return std::nullopt;
    StringRef N = M->getName();
    std::string Cls = M->getParent()->getQualifiedNameAsString();
    if (N == "result_int")
      return ResponseKind::HttpStatus;
    if (N == "result" && StringRef(Cls).starts_with("boost::beast::http::"))
      return ResponseKind::HttpStatus;
    if (N == "error_code" && Cls == "grpc::Status")
      return ResponseKind::GrpcCode;
    if (M->getOverloadedOperator() == OO_None && N == "status" &&
        StringRef(Cls).starts_with("boost::beast"))
      return ResponseKind::HttpStatus;
    // outcome.GetError().GetResponseCode() (AWS SDK)
    if (N == "GetResponseCode" && StringRef(Cls).starts_with("Aws::"))
      return ResponseKind::HttpStatus;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (std::optional<Operation> Op = Api.operation(Call)) {
      if (Op->Kind == OperationKind::Curl)
        return ResponseKind::CurlCode;
      if (Op->Kind == OperationKind::Http &&
          typeName(Call->getType()) == "httplib::Result")
        return ResponseKind::HttpResult;
      if (Op->Kind == OperationKind::Grpc)
        return ResponseKind::GrpcStatus;
    }
  }
  return std::nullopt;
}

bool StatusConditions::mentionsResponse(const Expr *E) {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *S) {
    if (Found)
      return;
    if (const auto *Ex = dyn_cast<Expr>(S))
      if (classify(Ex))
        Found = true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
        std::string T = typeName(V->getType());
        StringRef TN(T);
        if (TN.contains("Response") || TN.contains("response") ||
            TN.starts_with("httplib::") ||
            TN.starts_with("boost::beast::http") ||
            (TN.starts_with("Aws::") && TN.contains("Outcome")))
          Found = true;
      }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (Api.operation(Call))
        Found = true;
    if (const auto *Ex = dyn_cast<Expr>(S))
      if (wrapperResult(Ex))
        Found = true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (CondVars.count(V) || RaisedFlags.count(V) || OutcomeVars.count(V))
          Found = true;
  });
  return Found;
}

void StatusConditions::learnCondition(const VarDecl *V, const Expr *Value) {
  const Expr *X = ignoreWrappers(Value);
  if (!V || !X || !V->getType()->isIntegralOrEnumerationType() ||
      !isCondition(X) || !mentionsResponse(X))
    return;
  // A flag that reads itself (`ok = ok && ...`) or is set from two
  // different conditions is not one condition.
  bool ReadsItself = false;
  forEachDescendant(X, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      ReadsItself = ReadsItself || DRE->getDecl() == V;
  });
  auto [It, New] = CondVars.try_emplace(V, X);
  if (ReadsItself || (!New && It->second != X))
    It->second = nullptr;
}

/// `V = K` of a local flag (bool or integer) initialised to another
/// constant (`bool again = false; ... again = true;`, `int rc = -1; ...
/// rc = 0;`), or null.
static const VarDecl *raiseOf(const Stmt *S, ASTContext &Ctx,
                              int64_t *Raised = nullptr,
                              int64_t *Initial = nullptr) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(S);
  if (!BO || BO->getOpcode() != BO_Assign)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() ||
      !V->getType()->isIntegralOrEnumerationType() || !V->getInit())
    return nullptr;
  int64_t K = constInt(BO->getRHS(), Ctx, INT64_MIN);
  int64_t I = constInt(V->getInit(), Ctx, INT64_MIN);
  if (K == INT64_MIN || I == INT64_MIN || K == I)
    return nullptr;
  if (Raised)
    *Raised = K;
  if (Initial)
    *Initial = I;
  return V;
}

/// The value a valid raised flag is raised to, and its initial value.
static bool raisedValues(const llvm::SmallPtrSetImpl<const Stmt *> &Covered,
                         ASTContext &Ctx, int64_t &Raised, int64_t &Initial) {
  bool First = true;
  for (const Stmt *S : Covered) {
    int64_t K = 0, I = 0;
    if (!raiseOf(S, Ctx, &K, &I) || (!First && (K != Raised || I != Initial)))
      return false;
    Raised = K;
    Initial = I;
    First = false;
  }
  return !First;
}

void StatusConditions::learnRaisedFlag(const IfStmt *If) {
  // Any integer set in a branch of a test on the response depends on the
  // response: a condition on it that is not understood is imprecise, not
  // "about something else" (`if (perform(c) == CURLE_OK) rc = 0;` then
  // `while (rc != 0)`).
  if (!mentionsResponse(If->getCond()))
    return;
  for (const Stmt *Branch : {If->getThen(), If->getElse()})
    forEachDescendant(Branch, [&](const Stmt *N) {
      if (const auto *BO = dyn_cast<BinaryOperator>(N))
        if (BO->isAssignmentOp())
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
            if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
              if (V->hasLocalStorage() &&
                  V->getType()->isIntegralOrEnumerationType())
                RaisedFlags.try_emplace(V);
    });
  // The raise is the branch, or one of the statements of its block.
  const Stmt *Then = If->getThen();
  const VarDecl *V = raiseOf(Then, Ctx);
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    for (const Stmt *Child : CS->body())
      if (!V && (V = raiseOf(Child, Ctx)))
        Then = Child;
  if (!V)
    return;
  // Only a test made at the top of a block or as an `else if`: a test
  // nested in another branch holds only together with that branch's.
  auto Parents = Ctx.getParents(*If);
  if (Parents.empty())
    return;
  const auto *Outer = Parents[0].get<IfStmt>();
  if (!Parents[0].get<CompoundStmt>() && !(Outer && Outer->getElse() == If))
    return;
  RaisedFlag &F = RaisedFlags[V];
  if (F.Covered.insert(Then).second)
    F.Tests.push_back(If->getCond());
}

const StatusConditions::RaisedFlag *
StatusConditions::raisedFlag(const Expr *E, int64_t &Raised, int64_t &Initial) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E));
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto It = V ? RaisedFlags.find(V) : RaisedFlags.end();
  if (It == RaisedFlags.end() || CondVars.count(V) ||
      It->second.Tests.empty() ||
      It->second.Raises.size() != It->second.Covered.size() ||
      !raisedValues(It->second.Covered, Ctx, Raised, Initial))
    return nullptr;
  return &It->second;
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

const std::vector<StatusConditions::ReturnValue> *
StatusConditions::wrapperResult(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    auto It = V ? WrapperVars.find(V) : WrapperVars.end();
    return It != WrapperVars.end() ? returnMap(It->second) : nullptr;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (!Api.operation(Call))
      return returnMap(calleeDecl(Call));
  // A field of the struct a wrapper returned: r.retryable, fetch().ok.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const Expr *Base = ignoreWrappers(ME->getBase());
    if (!Field || !Base || ME->isArrow())
      return nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      auto It = V ? StructWrapperVars.find(V) : StructWrapperVars.end();
      return It != StructWrapperVars.end() ? fieldReturnMap(It->second, Field)
                                           : nullptr;
    }
    if (const auto *Call = dyn_cast<CallExpr>(Base))
      if (!Api.operation(Call))
        return fieldReturnMap(calleeDecl(Call), Field);
  }
  return nullptr;
}

void StatusConditions::learnWrapperVar(const VarDecl *V, const Expr *Init) {
  const auto *Call = dyn_cast_or_null<CallExpr>(ignoreWrappers(Init));
  if (!Call || Api.operation(Call))
    return;
  const FunctionDecl *FD = calleeDecl(Call);
  if (returnMap(FD))
    WrapperVars[V] = FD;
  else if (FD && FD->getReturnType()->getAsRecordDecl() && FD->hasBody())
    StructWrapperVars[V] = FD;
}

const std::vector<StatusConditions::ReturnValue> *
StatusConditions::returnMap(const FunctionDecl *FD) {
  return buildReturnMap(FD, nullptr);
}

const std::vector<StatusConditions::ReturnValue> *
StatusConditions::fieldReturnMap(const FunctionDecl *FD,
                                 const FieldDecl *Field) {
  return Field ? buildReturnMap(FD, Field) : nullptr;
}

/// \p E without a conjunct or disjunct that only compares an integer
/// parameter of \p Def other than \p Param (`status >= 400 && attempt < 3`
/// in a policy's ShouldRetry) beside a test of the response: the budget ends
/// the retry some time; the outcomes it is taken for are the other side's.
static const Expr *withoutBudgetTest(const Expr *E, const FunctionDecl *Def,
                                     unsigned Param, StatusConditions &Conds) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!BO || !BO->isLogicalOp())
    return E;
  auto IsBudget = [&](const Expr *X) {
    const auto *Cmp = dyn_cast<BinaryOperator>(X->IgnoreParenImpCasts());
    if (!Cmp || !Cmp->isRelationalOp() || Conds.mentionsResponse(Cmp))
      return false;
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      if (I != Param && Def->getParamDecl(I)->getType()->isIntegerType() &&
          references(Cmp, Def->getParamDecl(I)))
        return true;
    return false;
  };
  if (IsBudget(BO->getRHS()) && Conds.mentionsResponse(BO->getLHS()))
    return withoutBudgetTest(BO->getLHS(), Def, Param, Conds);
  if (IsBudget(BO->getLHS()) && Conds.mentionsResponse(BO->getRHS()))
    return withoutBudgetTest(BO->getRHS(), Def, Param, Conds);
  return E;
}

const std::vector<StatusConditions::ReturnValue> *
StatusConditions::buildReturnMap(const FunctionDecl *FD,
                                 const FieldDecl *Field) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def))
    return nullptr;
  if (Field ? (Def->getReturnType()->getAsRecordDecl() != Field->getParent() ||
               !Field->getType()->isIntegralOrEnumerationType())
            : !Def->getReturnType()->isIntegralOrEnumerationType())
    return nullptr;
  const std::pair<const FunctionDecl *, const FieldDecl *> Key{Def, Field};
  if (auto It = ReturnMaps.find(Key); It != ReturnMaps.end())
    return It->second.get();
  if (PredicateDepth > 2)
    return nullptr;
  ReturnMaps[Key] = nullptr; // a recursive wrapper is not mapped
  ++PredicateDepth;
  learnVariables(Def->getBody());

  std::vector<ReturnValue> Map;
  bool Understood = true;
  std::function<void(const Expr *, StatusSet)> Value = [&](const Expr *X,
                                                           StatusSet When) {
    X = ignoreWrappers(X);
    if (!Understood || !X || When.empty())
      return;
    // `return static_cast<bool>(res);`, `return res;` from a bool
    // function: the truth of what is returned.
    bool AsBool = Field ? Field->getType()->isBooleanType()
                        : Def->getReturnType()->isBooleanType();
    // `return (int)code;`: the value is the status.
    X = ignoreWrappers(X->IgnoreParenCasts());
    if (!X)
      return;
    if (AsBool && !isCondition(X) && mentionsResponse(X)) {
      StatusCond C = eval(withoutBudgetTest(X, Def, ~0u, *this));
      Map.push_back({When & C.May, 1, std::nullopt});
      Map.push_back({When & ~C.Must, 0, std::nullopt});
      return;
    }
    Expr::EvalResult R;
    if (!X->isValueDependent() && X->EvaluateAsInt(R, Ctx)) {
      Map.push_back({When, R.Val.getInt().getExtValue(), std::nullopt});
      return;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(X)) {
      StatusCond C = eval(CO->getCond());
      Value(CO->getTrueExpr(), When & C.May);
      Value(CO->getFalseExpr(), When & ~C.Must);
      return;
    }
    if (std::optional<ResponseKind> K = classify(X);
        K && (*K == ResponseKind::HttpStatus || *K == ResponseKind::GrpcCode ||
              *K == ResponseKind::CurlCode)) {
      Map.push_back({When, std::nullopt, K});
      return;
    }
    if (isCondition(X) && mentionsResponse(X)) {
      StatusCond C = eval(withoutBudgetTest(X, Def, ~0u, *this));
      Map.push_back({When & C.May, 1, std::nullopt});
      Map.push_back({When & ~C.Must, 0, std::nullopt});
      return;
    }
    if (const std::vector<ReturnValue> *Inner = wrapperResult(X)) {
      for (const ReturnValue &RV : *Inner)
        Map.push_back({RV.When & When, RV.Const, RV.Passes});
      return;
    }
    Understood = false;
  };
  // Which outcomes reach each return, loops (a wrapper may retry inside)
  // and jumps included.
  bool Inexact = false;
  walkToReturns(
      Def->getBody(), /*Jumps=*/true,
      [&](const ReturnStmt *RS, StatusSet In) {
        const Expr *X = RS->getRetValue();
        // `return {ok, retryable};`: the field's initializer.
        if (Field) {
          const Expr *Init = ignoreWrappers(X);
          if (const auto *CL = dyn_cast_or_null<CompoundLiteralExpr>(Init))
            Init = CL->getInitializer(); // C: return (struct r){0, 1};
          const auto *IL = dyn_cast_or_null<InitListExpr>(Init);
          X = IL && Field->getFieldIndex() < IL->getNumInits()
                  ? IL->getInit(Field->getFieldIndex())
                  : nullptr;
        }
        Understood = Understood && X;
        Value(X, In);
        return Understood;
      },
      Inexact);
  --PredicateDepth;
  // Useful only if some return depends on the outcome.
  bool Informative = llvm::any_of(Map, [](const ReturnValue &RV) {
    return RV.Passes || !(RV.When == StatusSet::all());
  });
  if (!Understood || Map.empty() || !Informative)
    return nullptr;
  auto Held = std::make_unique<std::vector<ReturnValue>>(std::move(Map));
  const std::vector<ReturnValue> *Out = Held.get();
  ReturnMaps[Key] = std::move(Held);
  return Out;
}

StatusCond StatusConditions::compareReturn(const std::vector<ReturnValue> &Map,
                                           BinaryOperatorKind Op, int64_t V,
                                           StatusConditions &Conds) {
  // An outcome must satisfy the test if every return it may reach does.
  StatusSet May, Not;
  for (const ReturnValue &RV : Map) {
    if (RV.Const) {
      int64_t C = *RV.Const;
      bool Sat = false;
      switch (Op) {
      case BO_EQ:
        Sat = C == V;
        break;
      case BO_NE:
        Sat = C != V;
        break;
      case BO_LT:
        Sat = C < V;
        break;
      case BO_LE:
        Sat = C <= V;
        break;
      case BO_GT:
        Sat = C > V;
        break;
      case BO_GE:
        Sat = C >= V;
        break;
      default:
        return {StatusSet::none(), StatusSet::all(), true};
      }
      (Sat ? May : Not) = (Sat ? May : Not) | RV.When;
      continue;
    }
    StatusCond C = Conds.compare(*RV.Passes, Op, V);
    if (C.Imprecise)
      return {StatusSet::none(), StatusSet::all(), true};
    May = May | (RV.When & C.May);
    Not = Not | (RV.When & ~C.Must);
  }
  return {May & ~Not, May, false};
}

StatusCond StatusConditions::compare(ResponseKind K, BinaryOperatorKind Op,
                                     int64_t V) {
  auto Range = [&](int64_t Lo, int64_t Hi, auto Make) {
    StatusSet S;
    for (int64_t C = std::max<int64_t>(Lo, 0); C <= Hi; ++C)
      S = S | Make(unsigned(C));
    return S;
  };
  auto Build = [&](auto Make, int64_t Max) {
    StatusSet S;
    switch (Op) {
    case BO_EQ:
      if (V >= 0 && V <= Max)
        S = Make(unsigned(V));
      break;
    case BO_NE:
      S = Range(0, Max, Make);
      if (V >= 0 && V <= Max)
        S = S & ~Make(unsigned(V));
      break;
    case BO_LT:
      S = Range(0, std::min(V - 1, Max), Make);
      break;
    case BO_LE:
      S = Range(0, std::min(V, Max), Make);
      break;
    case BO_GT:
      S = Range(V + 1, Max, Make);
      break;
    case BO_GE:
      S = Range(V, Max, Make);
      break;
    default:
      return StatusCond::unknown();
    }
    return StatusCond::exactly(S);
  };
  switch (K) {
  case ResponseKind::HttpStatus: {
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
  case ResponseKind::GrpcCode:
    return Build([](unsigned C) { return StatusSet::grpc(C); }, 16);
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

void StatusConditions::walkToReturns(
    const Stmt *Body, bool Jumps,
    llvm::function_ref<bool(const ReturnStmt *, StatusSet)> OnReturn,
    bool &Inexact) {
  bool Stopped = false;
  StatusSet Breaks; // outcomes at a `break` of the innermost loop or switch
  std::function<StatusSet(const Stmt *, StatusSet)> Walk =
      [&](const Stmt *S, StatusSet In) -> StatusSet {
    if (!S || In.empty() || Stopped)
      return In;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        In = Walk(C, In);
      return In;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      Stopped = !OnReturn(RS, In);
      return StatusSet::none();
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      StatusCond C = eval(If->getCond());
      Inexact = Inexact || C.Imprecise || !(C.Must == C.May);
      StatusSet T = Walk(If->getThen(), In & C.May);
      StatusSet E = Walk(If->getElse(), In & ~C.Must);
      return T | E;
    }
    const Stmt *LoopBody = nullptr;
    if (Jumps) {
      if (const auto *L = dyn_cast<LabelStmt>(S))
        return Walk(L->getSubStmt(), In);
      if (isa<GotoStmt, ContinueStmt>(S))
        return StatusSet::none();
      if (isa<BreakStmt>(S)) {
        Breaks = Breaks | In;
        return StatusSet::none();
      }
      if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
        StatusSet Out = Walk(Try->getTryBlock(), In);
        for (unsigned I = 0; I < Try->getNumHandlers(); ++I)
          Out = Out | Walk(Try->getHandler(I)->getHandlerBlock(), In);
        return Out;
      }
      LoopBody = loopParts(S).Body;
    }
    if (!LoopBody && !isa<SwitchStmt>(S))
      return In;
    StatusSet Saved = Breaks;
    Breaks = StatusSet::none();
    StatusSet Out = In;
    if (LoopBody) {
      Out = Walk(LoopBody, In);
    } else {
      const auto *SW = cast<SwitchStmt>(S);
      std::optional<ResponseKind> K = classify(SW->getCond());
      const auto *Cases = dyn_cast_or_null<CompoundStmt>(SW->getBody());
      if (K && Cases)
        Out = walkSwitch(Cases, *K, In, Walk, Inexact);
      else
        Inexact = true;
    }
    Out = Out | Breaks;
    Breaks = Saved;
    return Out;
  };
  Walk(Body, StatusSet::all());
}

StatusCond StatusConditions::evalPredicate(const FunctionDecl *FD,
                                           unsigned Param, ResponseKind K) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def || PredicateDepth > 2 ||
      Param >= Def->getNumParams())
    return {StatusSet::none(), StatusSet::all(), true};
  ++PredicateDepth;
  Vars[Def->getParamDecl(Param)] = K;
  // Predicates are small: `return cond;` or a switch/if chain returning
  // constants. Collect the outcomes for which it may/must return true.
  StatusSet MayTrue, MustTrue;
  bool Inexact = false;
  walkToReturns(
      Def->getBody(), /*Jumps=*/false,
      [&](const ReturnStmt *RS, StatusSet In) {
        StatusCond C =
            eval(withoutBudgetTest(RS->getRetValue(), Def, Param, *this));
        Inexact = Inexact || C.Imprecise || !(C.Must == C.May);
        MayTrue = MayTrue | (In & C.May);
        MustTrue = MustTrue | (In & C.Must);
        return true;
      },
      Inexact);
  Vars.erase(Def->getParamDecl(Param));
  --PredicateDepth;
  if (Inexact)
    return {StatusSet::none(), MayTrue, true};
  return {MustTrue, MayTrue, false};
}

StatusCond StatusConditions::eval(const Expr *E) {
  if (!E)
    return StatusCond::unknown();
  E = ignoreWrappers(E);
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
    if (BO->isComparisonOp()) {
      const Expr *A = BO->getLHS(), *B = BO->getRHS();
      // A raised flag compared with its raised or initial value:
      // `rc != 0` with `int rc = -1; ... rc = 0;` under the tests.
      for (bool Swapped : {false, true}) {
        int64_t Raised = 0, Initial = 0;
        const RaisedFlag *F = raisedFlag(Swapped ? B : A, Raised, Initial);
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
        if (const std::vector<ReturnValue> *Map = wrapperResult(W))
          if (!K->isValueDependent() && K->EvaluateAsInt(R, Ctx))
            return compareReturn(
                *Map, Swapped ? BinaryOperator::reverseComparisonOp(Op) : Op,
                R.Val.getInt().getExtValue(), *this);
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
  if (const std::vector<ReturnValue> *Map = wrapperResult(E))
    return compareReturn(*Map, BO_NE, 0, *this); // tested for truth
  int64_t Raised = 0, Initial = 0;
  if (const RaisedFlag *F = raisedFlag(E, Raised, Initial)) {
    // Tested for truth: true when raised to non-zero (`again`), or when
    // left at a non-zero start (`rc` raised to 0 on success).
    if ((Raised != 0) == (Initial != 0))
      return {StatusSet::none(), StatusSet::all(), true};
    StatusCond Out = raisedTests(*F);
    return Raised != 0 ? Out : StatusCond{~Out.May, ~Out.Must, Out.Imprecise};
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = CondVars.find(V); It != CondVars.end()) {
        if (!It->second || CondVarDepth > 4)
          return {StatusSet::none(), StatusSet::all(), true};
        ++CondVarDepth;
        StatusCond C = eval(It->second);
        --CondVarDepth;
        return C;
      }
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
          return evalPredicate(FD, I - Skip, *K);
    }
  }
  if (mentionsResponse(E))
    return {StatusSet::none(), StatusSet::all(), true};
  return StatusCond::unknown();
}

void StatusConditions::learnVariables(const Stmt *Region) {
  // int code; curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  // int status = res->status;  auto rc = curl_easy_perform(c);
  forEachDescendant(Region, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit()) {
            if (std::optional<ResponseKind> K = classify(V->getInit()))
              Vars[V] = *K;
            else if (learnWrapperVar(V, V->getInit());
                     !WrapperVars.count(V) && !StructWrapperVars.count(V))
              learnCondition(V, V->getInit());
          }
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      learnRaisedFlag(If);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (const VarDecl *V = raiseOf(BO, Ctx))
        RaisedFlags[V].Raises.insert(BO);
      if (BO->getOpcode() == BO_Assign)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
            if (std::optional<ResponseKind> K = classify(BO->getRHS()))
              Vars[V] = *K;
            else if (learnWrapperVar(V, BO->getRHS());
                     !WrapperVars.count(V) && !StructWrapperVars.count(V))
              learnCondition(V, BO->getRHS());
          }
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = calleeDecl(Call);
      if (FD && FD->getDeclName().isIdentifier() &&
          FD->getName() == "curl_easy_getinfo" && Call->getNumArgs() == 3) {
        Expr::EvalResult R;
        if (Call->getArg(1)->EvaluateAsInt(R, Ctx) &&
            R.Val.getInt().getExtValue() == 0x200002) // CURLINFO_RESPONSE_CODE
          if (const auto *UO = dyn_cast<UnaryOperator>(
                  Call->getArg(2)->IgnoreParenImpCasts()))
            if (const auto *DRE = dyn_cast<DeclRefExpr>(
                    UO->getSubExpr()->IgnoreParenImpCasts()))
              if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
                Vars[V] = ResponseKind::HttpStatus;
      }
    }
  });
}

StatusSet StatusConditions::walkSwitch(const CompoundStmt *Body, ResponseKind K,
                                       StatusSet In, CaseWalker WalkCase,
                                       bool &Inexact) {
  StatusSet Covered, After, Cur;
  bool HasDefault = false;
  for (const Stmt *Child : Body->body()) {
    const Stmt *Inner = Child;
    while (true) {
      if (const auto *Case = dyn_cast<CaseStmt>(Inner)) {
        Expr::EvalResult R;
        if (Case->getLHS()->EvaluateAsInt(R, Ctx)) {
          StatusSet V = compare(K, BO_EQ, R.Val.getInt().getExtValue()).May;
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
