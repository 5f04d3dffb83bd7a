// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "StatusSet.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/JSON.h"

namespace clang::tidy::retry::model {

// --- StatusSet
// ----------------------------------------------------------------

StatusSet StatusSet::all() {
  StatusSet S;
  S.Http.set();
  S.Grpc.set();
  S.TransportMask = unsigned(Transport::All);
  S.Exceptions = true;
  return S;
}

StatusSet StatusSet::http(unsigned Lo, unsigned Hi) {
  StatusSet S;
  for (unsigned C = Lo; C <= Hi && C < HttpMax; ++C)
    S.Http.set(C);
  return S;
}

StatusSet StatusSet::grpc(unsigned Code) {
  StatusSet S;
  if (Code < GrpcMax)
    S.Grpc.set(Code);
  return S;
}

StatusSet StatusSet::transport(unsigned Mask) {
  StatusSet S;
  S.TransportMask = Mask & unsigned(Transport::All);
  return S;
}

StatusSet StatusSet::exceptions() {
  StatusSet S;
  S.Exceptions = true;
  return S;
}

StatusSet StatusSet::operator|(const StatusSet &O) const {
  StatusSet S = *this;
  S.Http |= O.Http;
  S.Grpc |= O.Grpc;
  S.TransportMask |= O.TransportMask;
  S.Exceptions |= O.Exceptions;
  return S;
}

StatusSet StatusSet::operator&(const StatusSet &O) const {
  StatusSet S = *this;
  S.Http &= O.Http;
  S.Grpc &= O.Grpc;
  S.TransportMask &= O.TransportMask;
  S.Exceptions &= O.Exceptions;
  return S;
}

StatusSet StatusSet::operator~() const {
  StatusSet S;
  S.Http = ~Http;
  S.Grpc = ~Grpc;
  S.TransportMask = ~TransportMask & unsigned(Transport::All);
  S.Exceptions = !Exceptions;
  return S;
}

bool StatusSet::empty() const {
  return Http.none() && Grpc.none() && !TransportMask && !Exceptions;
}

bool StatusSet::operator==(const StatusSet &O) const {
  return Http == O.Http && Grpc == O.Grpc && TransportMask == O.TransportMask &&
         Exceptions == O.Exceptions;
}

StatusSet StatusSet::ambiguous() const {
  StatusSet A =
      http(500, 500) | http(502, 502) | http(504, 504) | grpc(14) | grpc(4) |
      grpc(2) | grpc(13) |
      transport(unsigned(Transport::Timeout) | unsigned(Transport::Other)) |
      exceptions();
  return *this & A;
}

StatusSet StatusSet::nonRetryable(const StatusSet &Extra) const {
  StatusSet N =
      http(400, 407) | http(409, 424) | http(426, 428) | http(430, 499);
  for (unsigned C : {3u, 5u, 6u, 7u, 16u, 9u, 11u, 12u})
    N = N | grpc(C);
  return *this & N & ~Extra;
}

StringRef grpcCodeName(unsigned Code) {
  static const char *Names[] = {"OK",
                                "CANCELLED",
                                "UNKNOWN",
                                "INVALID_ARGUMENT",
                                "DEADLINE_EXCEEDED",
                                "NOT_FOUND",
                                "ALREADY_EXISTS",
                                "PERMISSION_DENIED",
                                "RESOURCE_EXHAUSTED",
                                "FAILED_PRECONDITION",
                                "ABORTED",
                                "OUT_OF_RANGE",
                                "UNIMPLEMENTED",
                                "INTERNAL",
                                "UNAVAILABLE",
                                "DATA_LOSS",
                                "UNAUTHENTICATED"};
  return Code < StatusSet::GrpcMax ? Names[Code] : "?";
}

std::optional<unsigned> grpcCodeFromName(StringRef Name) {
  std::string U = Name.trim().upper();
  for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
    if (grpcCodeName(C) == U)
      return C;
  return std::nullopt;
}

std::string StatusSet::format() const {
  std::string Out;
  auto Sep = [&] {
    if (!Out.empty())
      Out += "; ";
  };
  if (Http.any()) {
    Sep();
    if (Http.all()) {
      Out += "any HTTP status";
    } else {
      Out += "HTTP ";
      bool First = true;
      for (unsigned C = 0; C < HttpMax; ++C) {
        if (!Http[C])
          continue;
        unsigned E = C;
        while (E + 1 < HttpMax && Http[E + 1])
          ++E;
        if (!First)
          Out += ", ";
        First = false;
        Out += std::to_string(C);
        if (E > C)
          Out += "-" + std::to_string(E);
        C = E;
      }
    }
  }
  if (Grpc.any()) {
    Sep();
    Out += "gRPC ";
    bool First = true;
    for (unsigned C = 0; C < GrpcMax; ++C)
      if (Grpc[C]) {
        Out += (First ? "" : ", ") + grpcCodeName(C).str();
        First = false;
      }
  }
  if (TransportMask == unsigned(Transport::All)) {
    Sep();
    Out += "transport failures";
  } else if (TransportMask) {
    std::vector<std::string> Kinds;
    if (TransportMask & unsigned(Transport::Refused))
      Kinds.push_back("connection refused");
    if (TransportMask & unsigned(Transport::Dns))
      Kinds.push_back("name resolution failures");
    if (TransportMask & unsigned(Transport::Timeout))
      Kinds.push_back("timeouts");
    if (TransportMask & unsigned(Transport::Other))
      Kinds.push_back("dropped connections");
    Sep();
    for (size_t I = 0; I < Kinds.size(); ++I)
      Out += (I ? ", " : "") + Kinds[I];
  }
  if (Exceptions) {
    Sep();
    Out += "exceptions";
  }
  return Out;
}

StatusCond StatusCond::unknown() {
  return {StatusSet::none(), StatusSet::all(), false};
}

// --- the analysis
// ---------------------------------------------------------------

namespace {

enum class Kind {
  HttpStatus,
  GrpcCode,
  CurlCode,
  HttpResult,
  GrpcStatus,
  ErrorCode, ///< boost::system/std error_code filled by the operation
};

std::string typeName(QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->getQualifiedNameAsString();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl()->getQualifiedNameAsString();
  if (const auto *TT = T->getAs<TypedefType>())
    return TT->getDecl()->getQualifiedNameAsString();
  return T.getAsString();
}

bool isStatusName(StringRef N) {
  std::string L = N.lower();
  return L == "status" || L == "status_code" || L == "statuscode" ||
         L == "http_status" || L == "httpstatus" || L == "response_code" ||
         L == "http_code" || L == "code";
}

class Analyzer {
public:
  Analyzer(const RetrySite &Site, RetrySiteIndex &Index)
      : Site(Site), Index(Index), Ctx(Index.context()) {}

  RetriedStatuses run();

private:
  std::optional<Kind> classify(const Expr *E);
  StatusCond eval(const Expr *E);
  StatusCond compare(Kind K, BinaryOperatorKind Op, int64_t V);
  StatusCond evalPredicate(const FunctionDecl *FD, unsigned Param, Kind K);
  StatusSet flow(const Stmt *S, StatusSet In);
  StatusSet flowSwitch(const SwitchStmt *SW, StatusSet In);
  bool mentionsResponse(const Expr *E);
  void retry(const StatusSet &S, const Stmt *Where) {
    if (S.empty())
      return;
    Retried = Retried | S;
    Paths.push_back({S, Where});
    if (!RetryWhere)
      RetryWhere = Where;
  }
  void learnVariables(const Stmt *Region);

  const RetrySite &Site;
  RetrySiteIndex &Index;
  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, Kind> Vars;
  StatusSet Retried;
  std::vector<std::pair<StatusSet, const Stmt *>> Paths;
  const Stmt *RetryWhere = nullptr;
  const Stmt *LastGate = nullptr;
  const Stmt *CurrentCond = nullptr;
  bool Imprecise = false;
  unsigned SwitchDepth = 0, TryDepth = 0;
  /// Statuses thrown inside the innermost try, by exception type (a null
  /// type for `throw;`).
  llvm::SmallVector<std::pair<QualType, StatusSet>, 2> Thrown;
  unsigned PredicateDepth = 0;
};

std::optional<Kind> Analyzer::classify(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (auto It = Vars.find(V); It != Vars.end())
        return It->second;
      std::string T = typeName(V->getType());
      if (T == "httplib::Result")
        return Kind::HttpResult;
      if (T == "grpc::Status")
        return Kind::GrpcStatus;
      if (T == "CURLcode")
        return Kind::CurlCode;
      if (T == "grpc::StatusCode")
        return Kind::GrpcCode;
      if (T == "boost::system::error_code" || T == "std::error_code")
        return Kind::ErrorCode;
    }
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (FD->getDeclName().isIdentifier() && isStatusName(FD->getName()) &&
          FD->getType()->isIntegerType() && mentionsResponse(ME->getBase()))
        return Kind::HttpStatus;
    return std::nullopt;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (!M || !M->getDeclName().isIdentifier())
      return std::nullopt;
    StringRef N = M->getName();
    std::string Cls = M->getParent()->getQualifiedNameAsString();
    if (N == "result_int")
      return Kind::HttpStatus;
    if (N == "result" && StringRef(Cls).starts_with("boost::beast::http::"))
      return Kind::HttpStatus;
    if (N == "error_code" && Cls == "grpc::Status")
      return Kind::GrpcCode;
    if (M->getOverloadedOperator() == OO_None && N == "status" &&
        StringRef(Cls).starts_with("boost::beast"))
      return Kind::HttpStatus;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (std::optional<Operation> Op = Index.api().operation(Call)) {
      if (Op->Kind == OperationKind::Curl)
        return Kind::CurlCode;
      if (Op->Kind == OperationKind::Http &&
          typeName(Call->getType()) == "httplib::Result")
        return Kind::HttpResult;
      if (Op->Kind == OperationKind::Grpc)
        return Kind::GrpcStatus;
    }
  }
  return std::nullopt;
}

bool Analyzer::mentionsResponse(const Expr *E) {
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
            TN.starts_with("httplib::") || TN.starts_with("boost::beast::http"))
          Found = true;
      }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (Index.api().operation(Call))
        Found = true;
  });
  return Found;
}

StatusCond Analyzer::compare(Kind K, BinaryOperatorKind Op, int64_t V) {
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
  case Kind::HttpStatus: {
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
  case Kind::GrpcCode:
    return Build([](unsigned C) { return StatusSet::grpc(C); }, 16);
  case Kind::CurlCode: {
    // CURLE_OK: a response arrived (any HTTP status); other codes are
    // transport failures of a class. Classes with several codes (Dns,
    // Other) are only "may" for one code.
    bool Exact = true;
    auto Of = [&](unsigned C) {
      if (C == 0)
        return StatusSet::http(0, 999);
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

StatusCond Analyzer::evalPredicate(const FunctionDecl *FD, unsigned Param,
                                   Kind K) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def || PredicateDepth > 2 ||
      Param >= Def->getNumParams())
    return {StatusSet::none(), StatusSet::all(), true};
  ++PredicateDepth;
  Vars[Def->getParamDecl(Param)] = K;
  // Predicates are small: `return cond;` or a switch/if chain returning
  // constants. Collect the outcomes for which it may/must return true.
  StatusSet MayTrue, MustTrue;
  bool Exact = true;
  std::function<StatusSet(const Stmt *, StatusSet)> Walk =
      [&](const Stmt *S, StatusSet In) -> StatusSet {
    if (!S || In.empty())
      return In;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        In = Walk(C, In);
      return In;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      StatusCond C = eval(RS->getRetValue());
      Exact = Exact && !C.Imprecise && C.Must == C.May;
      MayTrue = MayTrue | (In & C.May);
      MustTrue = MustTrue | (In & C.Must);
      return StatusSet::none();
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      StatusCond C = eval(If->getCond());
      Exact = Exact && !C.Imprecise && C.Must == C.May;
      StatusSet T = Walk(If->getThen(), In & C.May);
      StatusSet E = Walk(If->getElse(), In & ~C.Must);
      return T | E;
    }
    if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
      std::optional<Kind> SK = classify(SW->getCond());
      if (!SK) {
        Exact = false;
        return In;
      }
      StatusSet Covered, Out;
      const auto *Body = dyn_cast_or_null<CompoundStmt>(SW->getBody());
      if (!Body) {
        Exact = false;
        return In;
      }
      StatusSet Cur;
      bool HasDefault = false;
      for (const Stmt *Child : Body->body()) {
        const Stmt *Inner = Child;
        while (true) {
          if (const auto *Case = dyn_cast<CaseStmt>(Inner)) {
            Expr::EvalResult R;
            if (Case->getLHS()->EvaluateAsInt(R, Ctx)) {
              StatusSet V =
                  compare(*SK, BO_EQ, R.Val.getInt().getExtValue()).May;
              Covered = Covered | V;
              Cur = Cur | (In & V);
            } else {
              Exact = false;
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
        if (isa<BreakStmt>(Inner)) {
          Out = Out | Cur;
          Cur = StatusSet::none();
          continue;
        }
        Cur = Walk(Inner, Cur);
      }
      Out = Out | Cur;
      if (!HasDefault)
        Out = Out | (In & ~Covered);
      return Out;
    }
    return In;
  };
  Walk(Def->getBody(), StatusSet::all());
  Vars.erase(Def->getParamDecl(Param));
  --PredicateDepth;
  if (!Exact)
    return {StatusSet::none(), MayTrue, true};
  return {MustTrue, MayTrue, false};
}

StatusCond Analyzer::eval(const Expr *E) {
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
      std::optional<Kind> K = classify(A);
      if (!K) {
        std::swap(A, B);
        K = classify(A);
        // Mirror it: K > x is x < K. (<=> has no mirror here.)
        if (Op != BO_Cmp)
          Op = BinaryOperator::reverseComparisonOp(Op);
      }
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
      std::optional<Kind> K = classify(OC->getArg(0));
      Expr::EvalResult R;
      if (K && OC->getArg(1)->EvaluateAsInt(R, Ctx))
        return compare(*K,
                       BinaryOperator::getOverloadedOpcode(OC->getOperator()),
                       R.Val.getInt().getExtValue());
    }
  }
  if (std::optional<Kind> K = classify(E)) {
    // Truth value of the object itself.
    if (*K == Kind::HttpResult)
      return StatusCond::exactly(StatusSet::http(0, 999));
    if (*K == Kind::CurlCode) // nonzero = failure
      return StatusCond::exactly(
          StatusSet::transport(unsigned(Transport::All)));
    if (*K == Kind::HttpStatus)
      return StatusCond::exactly(StatusSet::http(1, 999));
    if (*K == Kind::ErrorCode) // set = the operation failed in transport
      return StatusCond::exactly(
          StatusSet::transport(unsigned(Transport::All)));
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && M->getDeclName().isIdentifier() && M->getName() == "ok" &&
        classify(MC->getImplicitObjectArgument()) == Kind::GrpcStatus)
      return StatusCond::exactly(StatusSet::grpc(0));
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A same-TU predicate over the response: is_retryable(res->status).
    if (const FunctionDecl *FD = calleeDecl(Call))
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (std::optional<Kind> K = classify(Call->getArg(I)))
          return evalPredicate(FD, I, *K);
  }
  if (mentionsResponse(E))
    return {StatusSet::none(), StatusSet::all(), true};
  return StatusCond::unknown();
}

/// A variable the body assigns in \p S and tests in \p Cond: a one-shot flag
/// (refresh credentials once, then retry once).
bool isOneShot(const Expr *Cond, const Stmt *Then) {
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

StatusSet Analyzer::flow(const Stmt *S, StatusSet In) {
  if (!S || In.empty())
    return In;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      In = flow(C, In);
    return In;
  }
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
  if (const auto *E = dyn_cast<Expr>(S)) {
    const Expr *Inner = ignoreWrappers(E);
    if (const auto *Throw = dyn_cast_or_null<CXXThrowExpr>(Inner)) {
      if (TryDepth)
        Thrown.push_back(
            {Throw->getSubExpr() ? Throw->getSubExpr()->getType() : QualType(),
             In});
      return StatusSet::none();
    }
    return In;
  }
  if (isa<BreakStmt>(S))
    return StatusSet::none(); // leaves the loop (switch breaks handled there)
  if (isa<ContinueStmt>(S)) {
    retry(In, CurrentCond ? CurrentCond : S);
    return StatusSet::none();
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    StatusCond C = eval(If->getCond());
    Imprecise = Imprecise || C.Imprecise;
    if (isOneShot(If->getCond(), If->getThen())) {
      // One retry after a state change is not a retry policy.
      StatusSet T = flow(If->getThen(), StatusSet::none());
      (void)T;
      return If->getElse() ? flow(If->getElse(), In & ~C.Must) : In & ~C.Must;
    }
    // An exit gate whose outcome on the response also depends on something
    // unknown (`if (flag && res->status < 500) return;`) leaves the retried
    // set uncertain.
    if (!(C.Must == C.May) && mentionsResponse(If->getCond()))
      Imprecise = true;
    const Stmt *SavedCur = CurrentCond;
    CurrentCond = If->getCond();
    StatusSet T = flow(If->getThen(), In & C.May);
    CurrentCond = SavedCur;
    StatusSet E =
        If->getElse() ? flow(If->getElse(), In & ~C.Must) : In & ~C.Must;
    // An exit gate: what passes it is decided by this condition.
    if (T.empty() && !E.empty())
      LastGate = If->getCond();
    return T | E;
  }
  if (const auto *SW = dyn_cast<SwitchStmt>(S))
    return flowSwitch(SW, In);
  if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
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
        const CXXRecordDecl *TR =
            T.isNull() ? nullptr : T->getAsCXXRecordDecl();
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
      CurrentCond = H;
      StatusSet HOut = flow(H->getHandlerBlock(), Reaching);
      CurrentCond = SavedCur;
      // A handler that falls through continues with the loop body.
      if (!HOut.empty())
        LastGate = H; // what falls out of a handler loops back from here
      Out = Out | HOut;
    }
    return Out;
  }
  // Nested loops and other statements do not decide this site's retries.
  return In;
}

StatusSet Analyzer::flowSwitch(const SwitchStmt *SW, StatusSet In) {
  std::optional<Kind> K = classify(SW->getCond());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(SW->getBody());
  if (!K || !Body) {
    if (mentionsResponse(SW->getCond()))
      Imprecise = true;
    return In;
  }
  StatusSet Covered, After, Cur;
  bool HasDefault = false;
  for (const Stmt *Child : Body->body()) {
    const Stmt *Inner = Child;
    while (true) {
      if (const auto *Case = dyn_cast<CaseStmt>(Inner)) {
        Expr::EvalResult R;
        if (Case->getLHS()->EvaluateAsInt(R, Ctx)) {
          StatusSet V = compare(*K, BO_EQ, R.Val.getInt().getExtValue()).May;
          Covered = Covered | V;
          Cur = Cur | (In & V);
        } else {
          Imprecise = true;
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
    const Stmt *SavedCur = CurrentCond;
    CurrentCond = SW->getCond();
    Cur = flow(Inner, Cur);
    CurrentCond = SavedCur;
  }
  After = After | Cur;
  if (!HasDefault)
    After = After | (In & ~Covered);
  return After;
}

void Analyzer::learnVariables(const Stmt *Region) {
  // int code; curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  // int status = res->status;  auto rc = curl_easy_perform(c);
  forEachDescendant(Region, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit())
            if (std::optional<Kind> K = classify(V->getInit()))
              Vars[V] = *K;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
            if (std::optional<Kind> K = classify(BO->getRHS()))
              Vars[V] = *K;
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
                Vars[V] = Kind::HttpStatus;
      }
    }
  });
}

RetriedStatuses Analyzer::run() {
  RetriedStatuses Out;
  // The outcomes the site's operations can produce.
  StatusSet Universe;
  for (const Operation &Op : Site.Operations) {
    if (Op.Kind == OperationKind::Grpc) {
      for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
        Universe = Universe | StatusSet::grpc(C);
    } else
      Universe = Universe | StatusSet::http(0, 999) |
                 StatusSet::transport(unsigned(Transport::All));
    if (Op.Kind == OperationKind::Beast || Op.Kind == OperationKind::AwsSdk ||
        Op.Kind == OperationKind::User || Op.Via)
      Universe = Universe | StatusSet::exceptions();
  }
  Universe = Universe | StatusSet::exceptions(); // only reach catch handlers

  if (Site.Kind == RetryKind::Helper) {
    // The helper decides; assume it retries failures of any kind.
    Out.Set = Universe & ~StatusSet::http(200, 299) & ~StatusSet::grpc(0);
    Out.Imprecise = true;
    Out.Where = Site.Site;
    return Out;
  }

  if (Site.Kind == RetryKind::Recursion || Site.Kind == RetryKind::Goto) {
    // Only the recursive call / the jump loops back; falling off the end
    // returns.
    for (const Stmt *S : Site.perAttemptCode())
      learnVariables(S);
    StatusSet S = Universe & ~StatusSet::exceptions();
    for (const Stmt *Code : Site.perAttemptCode())
      S = flow(Code, S);
    Out.Set = Retried & Universe;
    for (auto &[Set, At] : Paths)
      Out.Paths.push_back({Set & Universe, At});
    Out.Imprecise = Imprecise;
    Out.Where = RetryWhere ? RetryWhere : Site.Site;
    return Out;
  }

  const Stmt *Body = nullptr;
  const Expr *Cond = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(Site.Site)) {
    Body = F->getBody();
    Cond = F->getCond();
  } else if (const auto *W = dyn_cast<WhileStmt>(Site.Site)) {
    Body = W->getBody();
    Cond = W->getCond();
  } else if (const auto *D = dyn_cast<DoStmt>(Site.Site)) {
    Body = D->getBody();
    Cond = D->getCond();
  }
  learnVariables(Site.Site);
  // Exceptions only loop back through a handler; they do not fall through.
  StatusSet End = flow(Body, Universe & ~StatusSet::exceptions());
  StatusCond C = Cond ? eval(Cond) : StatusCond::unknown();
  Imprecise = Imprecise || C.Imprecise;
  StatusSet Tail = End & C.May;
  if (!Tail.empty())
    retry(Tail, LastGate
                    ? LastGate
                    : (Cond ? static_cast<const Stmt *>(Cond) : Site.Site));
  Out.Set = Retried & Universe;
  for (auto &[Set, At] : Paths)
    Out.Paths.push_back({Set & Universe, At});
  Out.Imprecise = Imprecise;
  Out.Where = RetryWhere ? RetryWhere : Site.Site;
  return Out;
}

} // namespace

RetriedStatuses retriedStatuses(const RetrySite &Site, RetrySiteIndex &Index) {
  return Analyzer(Site, Index).run();
}

std::vector<GrpcRetryPolicy> parseGrpcServiceConfig(StringRef Json,
                                                    std::string *Error) {
  // llvm::json, not nlohmann: this code is built without exceptions and
  // shares binaries with the probe, which uses nlohmann with exceptions.
  std::vector<GrpcRetryPolicy> Out;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed) {
    if (Error)
      *Error = llvm::toString(Parsed.takeError());
    else
      llvm::consumeError(Parsed.takeError());
    return Out;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root) {
    if (Error)
      *Error = "not a JSON object";
    return Out;
  }
  auto Seconds = [](const llvm::json::Object &O, StringRef Key) -> double {
    std::optional<StringRef> V = O.getString(Key);
    if (!V)
      return 0;
    StringRef S = *V;
    S.consume_back("s");
    double D = 0;
    return S.getAsDouble(D) ? 0 : D;
  };
  const llvm::json::Array *Configs = Root->getArray("methodConfig");
  if (!Configs)
    return Out;
  for (const llvm::json::Value &MCV : *Configs) {
    const llvm::json::Object *MC = MCV.getAsObject();
    if (!MC)
      continue;
    const llvm::json::Object *RP = MC->getObject("retryPolicy");
    if (!RP)
      continue;
    GrpcRetryPolicy P;
    if (const llvm::json::Array *Names = MC->getArray("name"))
      for (const llvm::json::Value &N : *Names)
        if (const llvm::json::Object *NO = N.getAsObject()) {
          if (NO->get("method"))
            P.NamesMethods = true;
          P.Names.push_back({NO->getString("service").value_or("").str(),
                             NO->getString("method").value_or("").str()});
        }
    if (std::optional<int64_t> M = RP->getInteger("maxAttempts"))
      P.MaxAttempts = *M < 0 ? 0 : unsigned(*M);
    if (const llvm::json::Array *Codes = RP->getArray("retryableStatusCodes"))
      for (const llvm::json::Value &Code : *Codes) {
        if (std::optional<int64_t> N = Code.getAsInteger()) {
          if (*N >= 0)
            P.RetryableCodes = P.RetryableCodes | StatusSet::grpc(unsigned(*N));
        } else if (std::optional<StringRef> Name = Code.getAsString()) {
          if (std::optional<unsigned> C = grpcCodeFromName(*Name))
            P.RetryableCodes = P.RetryableCodes | StatusSet::grpc(*C);
          else
            P.UnknownCodes.push_back(Name->str());
        }
      }
    P.InitialBackoffSeconds = Seconds(*RP, "initialBackoff");
    P.MaxBackoffSeconds = Seconds(*RP, "maxBackoff");
    if (std::optional<double> B = RP->getNumber("backoffMultiplier"))
      P.BackoffMultiplier = *B;
    Out.push_back(std::move(P));
  }
  return Out;
}

} // namespace clang::tidy::retry::model
