// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which expressions hold a status (an HTTP status, a gRPC code, a curl code,
// a result object, an error_code) and which locals carry one: variables set
// from a status, flags set from a condition on the response, flags raised
// under tests of it.

#include "StatusVariables.h"
#include "StatusWrappers.h"
#include "utils/AstWalk.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::retry::model {

using namespace utils;

bool isCondition(const Expr *X) {
  if (X->getType()->isBooleanType())
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(X))
    return BO->isComparisonOp() || BO->isLogicalOp();
  const auto *UO = dyn_cast<UnaryOperator>(X);
  return UO && UO->getOpcode() == UO_LNot;
}

StatusVariables::StatusVariables(const ApiModel &Api, ASTContext &Ctx,
                                 StatusWrappers &Wrappers)
    : Api(Api), Ctx(Ctx), Wrappers(Wrappers) {}

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

/// Can a field of type \p T hold an HTTP status: an integer, or an enum
/// with an enumerator in 100-599 (`ImATeapot_418 = 418`)?
static bool holdsHttpStatus(QualType T) {
  if (T->isIntegerType() && !T->isEnumeralType())
    return true;
  const auto *ET = T->getAs<EnumType>();
  const EnumDecl *ED = ET ? ET->getDecl()->getDefinition() : nullptr;
  return ED && llvm::any_of(ED->enumerators(), [](const EnumConstantDecl *C) {
           return C->getInitVal().getSExtValue() >= 100 &&
                  C->getInitVal().getSExtValue() <= 599;
         });
}

/// The record \p T holds: itself, or what it points to through a pointer or
/// a class with `operator->` (a smart pointer, an optional, a result
/// wrapper); \p Indirect says it was reached through one.
static const CXXRecordDecl *heldRecord(QualType T, bool &Indirect) {
  Indirect = false;
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (T->isPointerType()) {
    Indirect = true;
    T = T->getPointeeType();
  }
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Indirect)
    return RD;
  for (const CXXMethodDecl *M : RD->getDefinition()->methods())
    if (M->getOverloadedOperator() == OO_Arrow &&
        M->getReturnType()->isPointerType()) {
      Indirect = true;
      return M->getReturnType()->getPointeeType()->getAsCXXRecordDecl();
    }
  return RD;
}

/// Is \p M a status accessor: `int status() const` (not `code()`, an
/// error's code as often as a reply's status)?
static bool isStatusAccessor(const CXXMethodDecl *M) {
  return M && M->getDeclName().isIdentifier() && M->isConst() &&
         M->getNumParams() == 0 && isStatusName(M->getName()) &&
         M->getName().lower() != "code" && holdsHttpStatus(M->getReturnType());
}

/// Does \p RD (or a base) carry a status: a status-named integer or enum
/// field, or an accessor that returns one?
static bool carriesStatus(const CXXRecordDecl *RD, unsigned Depth = 0) {
  if (!RD || Depth > 3 || !(RD = RD->getDefinition()))
    return false;
  // `code` alone is an error's code as often as a reply's status.
  for (const FieldDecl *F : RD->fields())
    if (F->getDeclName().isIdentifier() && isStatusName(F->getName()) &&
        F->getName().lower() != "code" && holdsHttpStatus(F->getType()))
      return true;
  if (llvm::any_of(RD->methods(), isStatusAccessor))
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (carriesStatus(B.getType()->getAsCXXRecordDecl(), Depth + 1))
      return true;
  return false;
}

const CXXRecordDecl *StatusVariables::responseRecord(QualType T,
                                                     bool *Indirect) {
  // Asked of every expression mentionsResponse() walks: remembered by type.
  const Type *Key = T.isNull() ? nullptr : T.getCanonicalType().getTypePtr();
  auto [It, New] = ResponseRecords.try_emplace(Key);
  if (New) {
    bool Ind = false;
    const CXXRecordDecl *RD = heldRecord(T, Ind);
    It->second = {carriesStatus(RD) ? RD : nullptr, Ind};
  }
  if (Indirect)
    *Indirect = It->second.second;
  return It->second.first;
}

std::optional<ResponseKind> StatusVariables::classify(const Expr *E) {
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
          holdsHttpStatus(FD->getType()) && mentionsResponse(ME->getBase()))
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
    // A response object's own accessor (`res.status()`).
    if (isStatusAccessor(M) &&
        !MC->getImplicitObjectArgument()->isTypeDependent() &&
        responseRecord(MC->getImplicitObjectArgument()->getType()))
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

bool StatusVariables::mentionsResponse(const Expr *E) {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *S) {
    if (Found)
      return;
    if (const auto *Ex = dyn_cast<Expr>(S))
      if (classify(Ex) ||
          (!Ex->isTypeDependent() && responseRecord(Ex->getType())))
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
      if (Wrappers.wrapperResult(Ex))
        Found = true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (CondVars.count(V) || RaisedFlags.count(V) || OutcomeVars.count(V))
          Found = true;
  });
  return Found;
}

void StatusVariables::learnCondition(const VarDecl *V, const Expr *Value) {
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

void StatusVariables::learnRaisedFlag(const IfStmt *If) {
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

const StatusVariables::RaisedFlag *
StatusVariables::raisedFlag(const Expr *E, int64_t &Raised, int64_t &Initial) {
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

std::optional<const Expr *>
StatusVariables::conditionOf(const VarDecl *V) const {
  auto It = CondVars.find(V);
  if (It == CondVars.end())
    return std::nullopt;
  return It->second;
}

void StatusVariables::learnVariables(const Stmt *Region) {
  // int code; curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  // int status = res->status;  auto rc = curl_easy_perform(c);
  forEachDescendant(Region, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit()) {
            if (std::optional<ResponseKind> K = classify(V->getInit()))
              Vars[V] = *K;
            else if (Wrappers.learnWrapperVar(V, V->getInit());
                     !Wrappers.holdsWrapperResult(V))
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
            else if (Wrappers.learnWrapperVar(V, BO->getRHS());
                     !Wrappers.holdsWrapperResult(V))
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

} // namespace clang::tidy::retry::model
