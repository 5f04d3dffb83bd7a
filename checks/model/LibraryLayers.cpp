// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "LibraryLayers.h"
#include "GrpcServiceConfig.h"
#include "utils/AstWalk.h"
#include "utils/LiteralText.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The first call in \p S whose callee is named one of \p Names.
static const CallExpr *findCall(const Stmt *S,
                                llvm::ArrayRef<StringRef> Names) {
  const CallExpr *Found = nullptr;
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      if (!Found && llvm::is_contained(Names, calleeName(Call)))
        Found = Call;
  });
  return Found;
}

/// The first integer constant among \p Args.
static std::optional<int64_t> firstIntArg(llvm::ArrayRef<const Expr *> Args,
                                          ASTContext &Ctx) {
  for (const Expr *A : Args) {
    if (!A || isa<CXXDefaultArgExpr>(A) || !A->getType()->isIntegerType())
      continue;
    int64_t V = constInt(A, Ctx, INT64_MIN);
    if (V != INT64_MIN)
      return V;
  }
  return std::nullopt;
}

std::optional<AwsStrategy> awsStrategy(const Expr *E, ASTContext &Ctx) {
  if (!E || !(isa<CallExpr>(E) || isa<CXXConstructExpr>(E)))
    return std::nullopt;
  std::string T = E->getType().getAsString();
  StringRef Kind(T);
  if (!Kind.contains("RetryStrategy"))
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Args;
  if (const auto *CE = dyn_cast<CallExpr>(E))
    Args.append(CE->arg_begin(), CE->arg_end());
  else
    for (const Expr *X : cast<CXXConstructExpr>(E)->arguments())
      Args.push_back(X);
  std::optional<int64_t> N = firstIntArg(Args, Ctx);
  AwsStrategy S;
  S.Explicit = N.has_value();
  S.Known = true;
  if (Kind.contains("NoRetry"))
    S.Attempts = 1;
  else if (Kind.contains("DefaultRetryStrategy"))
    S.Attempts = unsigned(std::max<int64_t>(N.value_or(10), 0) + 1);
  else if (Kind.contains("StandardRetryStrategy") ||
           Kind.contains("AdaptiveRetryStrategy"))
    S.Attempts = unsigned(std::max<int64_t>(N.value_or(3), 1));
  else
    S.Known = false; // a custom strategy: unknown
  return S;
}

bool mayMakeAwsStrategy(ASTContext &Ctx) {
  if (!identifierTableComplete(Ctx))
    return true;
  return llvm::any_of(Ctx.Idents, [](const auto &Entry) {
    return Entry.getKey().contains("RetryStrategy");
  });
}

LibraryLayers::LibraryLayers(ASTContext &Ctx, const AnalysedFiles &Files,
                             const ApiModel &Api,
                             RetryingCallList RetryingCalls)
    : Ctx(Ctx), Files(Files), Api(Api),
      RetryingCalls(std::move(RetryingCalls)) {}

namespace {
/// Main-file assignments and member calls, for following a stub back to its
/// channel and a client back to its configuration.
class AssignmentCollector : public MainFileVisitor<AssignmentCollector> {
public:
  using MainFileVisitor::MainFileVisitor;
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      add(BO->getLHS(), BO->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      add(OC->getArg(0), OC->getArg(1));
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *CD) {
    for (const CXXCtorInitializer *Init : CD->inits())
      if (Init->getMember() && Init->isWritten())
        Out.push_back({Init->getMember(), Init->getInit()});
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    if (const ValueDecl *D = objectDecl(MC->getImplicitObjectArgument()))
      Calls.push_back({D, MC});
    return true;
  }
  void add(const Expr *LHS, const Expr *RHS) {
    LHS = ignoreWrappers(LHS);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS))
      Out.push_back({DRE->getDecl(), RHS});
    else if (const auto *ME = dyn_cast<MemberExpr>(LHS)) {
      Out.push_back({ME->getMemberDecl(), RHS});
      // cfg.retryStrategy = ...: also a fact about cfg.
      if (const ValueDecl *Base = objectDecl(ME->getBase()))
        Fields.push_back({Base, {ME->getMemberDecl(), RHS}});
    }
  }
  std::vector<std::pair<const ValueDecl *, const Expr *>> Out;
  std::vector<std::pair<const ValueDecl *, const CXXMemberCallExpr *>> Calls;
  std::vector<
      std::pair<const ValueDecl *, std::pair<const ValueDecl *, const Expr *>>>
      Fields;
};

} // namespace

void LibraryLayers::indexAssignments() {
  AssignmentsIndexed = true;
  AssignmentCollector C(Files);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (auto &[D, E] : C.Out)
    Sources[D].push_back(E);
  for (auto &[D, MC] : C.Calls)
    MemberCalls[D].push_back(MC);
  for (auto &[Base, FieldValue] : C.Fields)
    FieldSources[Base].push_back(FieldValue);
}

llvm::ArrayRef<const Expr *> LibraryLayers::sourcesOf(const ValueDecl *D) {
  if (!AssignmentsIndexed)
    indexAssignments();
  auto &List = Sources[D];
  if (const auto *VD = dyn_cast<VarDecl>(D))
    if (VD->getInit() && llvm::find(List, VD->getInit()) == List.end())
      List.insert(List.begin(), VD->getInit());
  if (const auto *FD = dyn_cast<FieldDecl>(D))
    if (FD->getInClassInitializer() &&
        llvm::find(List, FD->getInClassInitializer()) == List.end())
      List.insert(List.begin(), FD->getInClassInitializer());
  return List;
}

llvm::ArrayRef<const CXXMemberCallExpr *>
LibraryLayers::callsOn(const ValueDecl *D) {
  if (!AssignmentsIndexed)
    indexAssignments();
  return MemberCalls[D];
}

/// The object a member call is made on, unless it is a parameter: a stub or
/// client passed in from elsewhere has no visible configuration and is
/// assumed not to retry.
static const ValueDecl *localObject(const CallExpr *Call) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const ValueDecl *D =
      MC ? objectDecl(MC->getImplicitObjectArgument()) : nullptr;
  return D && !isa<ParmVarDecl>(D) ? D : nullptr;
}

/// The layer of the retry policy in the service config \p Config that
/// applies to the stub call \p Call, if one does.
static std::optional<LayerFact> grpcPolicyLayer(const CallExpr *Call,
                                                const Operation &Op,
                                                const StringLiteral *Config,
                                                ASTContext &Ctx) {
  // The method and service the stub call reaches: Service::Stub::Method.
  StringRef Method = calleeName(Call);
  Method.consume_front("PrepareAsync");
  Method.consume_front("Async");
  std::string Service;
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(calleeDecl(Call)))
    if (const auto *Outer =
            dyn_cast<CXXRecordDecl>(MD->getParent()->getDeclContext()))
      Service = Outer->getQualifiedNameAsString();
  for (const GrpcRetryPolicy &P :
       parseGrpcServiceConfig(Config->getString(), nullptr)) {
    bool Applies = P.Names.empty();
    for (const auto &[Svc, Meth] : P.Names) {
      std::string Dotted = Service;
      for (size_t Pos; (Pos = Dotted.find("::")) != std::string::npos;)
        Dotted.replace(Pos, 2, ".");
      bool SvcOk = Svc.empty() || Svc == Dotted ||
                   StringRef(Dotted).ends_with("." + Svc);
      if (SvcOk && (Meth.empty() || Meth == Method))
        Applies = true;
    }
    // gRPC requires at least 2 attempts and caps them at 5.
    if (!Applies || P.MaxAttempts < 2)
      continue;
    LayerFact L;
    L.What = "gRPC retry policy";
    L.Attempts = std::min(P.MaxAttempts, 5u);
    L.Retries = P.RetryableCodes;
    L.Library = true;
    L.ReadsOnly = Op.onlyReads();
    L.Loc = Config->getBeginLoc();
    L.Where = factLocOf(Ctx.getSourceManager(), L.Loc);
    return L;
  }
  return std::nullopt;
}

std::optional<LayerFact> LibraryLayers::grpcLayer(const CallExpr *Call,
                                                  const Operation &Op) {
  const ValueDecl *Stub = localObject(Call);
  if (!Stub)
    return std::nullopt;
  const CallExpr *NewStub = nullptr;
  for (const Expr *S : sourcesOf(Stub))
    if ((NewStub = findCall(S, {"NewStub"})))
      break;
  if (!NewStub || NewStub->getNumArgs() < 1)
    return std::nullopt;
  auto ChannelCall = [&](const Expr *E) -> const CallExpr * {
    static constexpr StringRef Makers[] = {
        "CreateCustomChannel", "CreateCustomChannelWithInterceptors",
        "CreateChannel"};
    if (const CallExpr *C = findCall(E, Makers))
      return C;
    if (const ValueDecl *Ch = objectDecl(E))
      if (!isa<ParmVarDecl>(Ch))
        for (const Expr *S : sourcesOf(Ch))
          if (const CallExpr *C = findCall(S, Makers))
            return C;
    return nullptr;
  };
  const CallExpr *Channel = ChannelCall(NewStub->getArg(0));
  if (!Channel || calleeName(Channel) == "CreateChannel" ||
      Channel->getNumArgs() < 3)
    return std::nullopt;
  const ValueDecl *Args = objectDecl(Channel->getArg(2));
  if (!Args)
    return std::nullopt;
  const StringLiteral *Config = nullptr;
  for (const CXXMemberCallExpr *Set : callsOn(Args)) {
    StringRef M = calleeName(Set);
    if (M == "SetInt" && Set->getNumArgs() == 2) {
      const StringLiteral *Key = firstLiteralIn(Set->getArg(0));
      if (Key && Key->getString() == "grpc.enable_retries" &&
          constInt(Set->getArg(1), Ctx, 1) == 0)
        return std::nullopt; // retries switched off on this channel
    } else if (M == "SetServiceConfigJSON" && Set->getNumArgs() == 1) {
      Config = firstLiteralIn(Set->getArg(0));
    } else if (M == "SetString" && Set->getNumArgs() == 2) {
      const StringLiteral *Key = firstLiteralIn(Set->getArg(0));
      if (Key && Key->getString() == "grpc.service_config")
        Config = firstLiteralIn(Set->getArg(1));
    }
  }
  if (!Config)
    return std::nullopt;
  return grpcPolicyLayer(Call, Op, Config, Ctx);
}

/// The first construction of an AWS SDK client in \p S (a declaration that
/// constructs it, or a make_shared/MakeShared of it); \p Args is set to its
/// arguments.
static const Expr *builtClient(const Expr *S,
                               llvm::ArrayRef<const Expr *> &Args) {
  const Expr *Built = nullptr;
  forEachDescendant(S, [&](const Stmt *N) {
    if (Built)
      return;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(N)) {
      if (const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl())
        if (StringRef(RD->getQualifiedNameAsString()).starts_with("Aws::") &&
            RD->getName().ends_with("Client")) {
          Built = CE;
          Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
        }
    } else if (const auto *CallE = dyn_cast<CallExpr>(N)) {
      std::string T = CallE->getType().getAsString();
      StringRef Name = calleeName(CallE);
      if (StringRef(T).contains("Aws::") && StringRef(T).contains("Client") &&
          (Name.contains("make") || Name.contains("Make"))) {
        Built = CallE;
        Args = llvm::ArrayRef(CallE->getArgs(), CallE->getNumArgs());
      }
    }
  });
  return Built;
}

/// The configuration a client argument \p A names: a local, or the local a
/// same-file factory returns (`DynamoDBClient(make_config())`).
static const ValueDecl *configOf(const Expr *A) {
  if (const ValueDecl *Cfg = objectDecl(A))
    return Cfg;
  const auto *C = dyn_cast_or_null<CallExpr>(ignoreWrappers(A));
  const FunctionDecl *FD = C ? calleeDecl(C) : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  const VarDecl *Ret = nullptr;
  bool One = true;
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    if (const auto *RS = dyn_cast<ReturnStmt>(N)) {
      const VarDecl *V = refVar(RS->getRetValue());
      One = One && V && (!Ret || Ret == V);
      Ret = V;
    }
  });
  return One ? Ret : nullptr;
}

/// The retry strategy that the value \p V assigned to retryStrategy makes.
static const Expr *strategyMaker(const Expr *V, ASTContext &Ctx) {
  const Expr *Maker = nullptr;
  bool MakerSpecific = false;
  // The most specific strategy type wins: the assignment converts
  // shared_ptr<DefaultRetryStrategy> to shared_ptr<RetryStrategy>.
  forEachDescendant(V, [&](const Stmt *N) {
    std::optional<AwsStrategy> S = awsStrategy(dyn_cast<Expr>(N), Ctx);
    if (S && (!Maker || (S->Known && !MakerSpecific))) {
      Maker = cast<Expr>(N);
      MakerSpecific = S->Known;
    }
  });
  return Maker;
}

std::optional<LayerFact> LibraryLayers::awsLayer(const CallExpr *Call) {
  const ValueDecl *Client = localObject(Call);
  if (!Client)
    return std::nullopt;
  // The client must be built where we can see it: a declaration that
  // constructs it, or a make_shared/MakeShared of it.
  const Expr *Built = nullptr;
  llvm::ArrayRef<const Expr *> Args;
  for (const Expr *S : sourcesOf(Client))
    if ((Built = builtClient(S, Args)))
      break;
  if (!Built)
    return std::nullopt;
  LayerFact L;
  L.What = "AWS SDK client";
  L.Attempts = 3; // the SDK's default (standard) retry strategy
  L.Library = true;
  L.Retries = StatusSet::http(429, 429) | StatusSet::http(500, 504) |
              StatusSet::transport(unsigned(Transport::All));
  L.Loc = Client->getLocation();
  // A ClientConfiguration whose retryStrategy is set decides: a local, or
  // the local a same-file factory returns (`DynamoDBClient(make_config())`).
  for (const Expr *A : Args) {
    const ValueDecl *Cfg = configOf(A);
    if (!Cfg || !StringRef(Cfg->getType().getAsString())
                     .contains("ClientConfiguration"))
      continue;
    if (!AssignmentsIndexed)
      indexAssignments();
    for (const auto &[Field, V] : FieldSources[Cfg]) {
      if (!Field->getDeclName().isIdentifier() ||
          Field->getName() != "retryStrategy")
        continue;
      const Expr *Maker = strategyMaker(V, Ctx);
      if (!Maker)
        continue;
      L.Loc = Maker->getBeginLoc();
      L.Attempts = awsStrategy(Maker, Ctx)->Attempts;
      if (L.Attempts && *L.Attempts <= 1)
        return std::nullopt;
    }
  }
  L.Where = factLocOf(Ctx.getSourceManager(), L.Loc);
  return L;
}

std::optional<LayerFact> LibraryLayers::layerOf(const CallExpr *Call) {
  if (std::optional<Operation> Op = Api.operation(Call)) {
    if (Op->Kind == OperationKind::Grpc)
      return grpcLayer(Call, *Op);
    if (Op->Kind == OperationKind::AwsSdk)
      return awsLayer(Call);
  }
  if (std::optional<unsigned> Attempts = retryingCallAttempts(Call)) {
    LayerFact L;
    L.What = "retrying library call";
    if (*Attempts)
      L.Attempts = *Attempts;
    L.Library = true;
    L.Loc = Call->getBeginLoc();
    L.Where = factLocOf(Ctx.getSourceManager(), L.Loc);
    return L;
  }
  return std::nullopt;
}

std::optional<unsigned>
LibraryLayers::retryingCallAttempts(const CallExpr *Call) const {
  if (const FunctionDecl *FD = calleeDecl(Call))
    for (const auto &[Names, Attempts] : RetryingCalls)
      if (Names.matches(FD))
        return Attempts;
  return std::nullopt;
}

std::optional<Operation>
LibraryLayers::retryingCallOperation(const CallExpr *Call) const {
  if (!retryingCallAttempts(Call))
    return std::nullopt;
  Operation Op;
  Op.Call = Call;
  Op.InnerCall = Call;
  Op.Name = calleeDecl(Call)->getQualifiedNameAsString();
  return Op;
}

} // namespace clang::tidy::retry::model
