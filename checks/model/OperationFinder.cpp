// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The operations calls perform (OperationFinder.h): the ones the model
// knows, through same-TU callees and retry helpers' callables, and calls the
// API model does not know that may still be operations: a callable value, a
// function declared but not defined in the TU, a virtual call, or a same-TU
// function that reaches one of these.

#include "OperationFinder.h"
#include "CallOutcomes.h"
#include "RetrySiteIndex.h"
#include "WaitNames.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

constexpr unsigned MaxUnknownDepth = 3;
constexpr unsigned MaxCallDepth = 3;

} // namespace

OperationFinder::OperationFinder(RetrySiteIndex &Index)
    : Index(Index), Model(Index.api()), Ctx(Index.context()) {}

/// The variable or field a call goes through when it calls a callable
/// value: `op()`, `(*fp)(ctx)`, `fn_()` on a `std::function` member, a
/// parameter of a template type.
const ValueDecl *callableTarget(const CallExpr *Call) {
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
/// Is \p Name a question (`is_shutting_down`, `has_more`, `should_stop`)?
static bool isQueryName(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  // A callable named for what it tests (`pred`, `condition`) asks too, and
  // so does one named for a state the program is in (`stopping()`,
  // `cancelled()`).
  return !Words.empty() &&
         llvm::is_contained(
             {"is",         "has",       "can",         "should",
              "ready",      "done",      "finished",    "empty",
              "pred",       "predicate", "cond",        "condition",
              "stopping",   "stopped",   "cancelled",   "canceled",
              "cancelling", "shutting",  "terminating", "terminated",
              "exiting",    "quitting",  "interrupted"},
             StringRef(Words.front()));
}

bool isLastErrorGetter(const FunctionDecl *FD) {
  if (!FD || !FD->getDeclName().isIdentifier() || FD->getNumParams() > 1)
    return false;
  StringRef Name = FD->getName();
  if (!Name.ends_with_insensitive("error") &&
      !Name.ends_with_insensitive("errno") &&
      !Name.ends_with_insensitive("errcode"))
    return false;
  llvm::SmallVector<std::string, 4> Words = identifierWords(FD->getName());
  if (Words.empty())
    return false;
  StringRef Last = Words.back();
  return llvm::is_contained({"errno", "errcode"}, Last) ||
         (Last == "error" && (llvm::is_contained(Words, "get") ||
                              llvm::is_contained(Words, "last")));
}

bool isLocalName(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  if (Words.empty())
    return true;
  // Taking a lock, or parsing and formatting in memory.
  for (StringRef W : Words)
    if (llvm::is_contained({"lock", "trylock", "spinlock", "mutex", "parse",
                            "lex", "tokenize", "format"},
                           W))
      return true;
  // A question, a search, or reading, waiting or reporting.
  return isQueryName(Name) ||
         llvm::is_contained({"poll", "wait", "check", "size", "count", "peek",
                             "find", "log", "print", "trace", "debug", "notify",
                             "on", "report", "warn"},
                            StringRef(Words.front()));
}

bool OperationFinder::reachesUnknown(const FunctionDecl *FD, unsigned Depth) {
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
    if (knownOperation(Call) || callableTarget(Call)) {
      Reaches = true;
      return;
    }
    const FunctionDecl *Callee = calleeDecl(Call);
    if (!Callee || isStdLibrary(Callee) || isPlatformDecl(Callee))
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

const Operation *OperationFinder::knownOperation(const CallExpr *Call) {
  auto [It, New] = KnownOps.try_emplace(Call);
  if (New)
    if (std::optional<Operation> Op = Model.operation(Call))
      It->second = std::make_unique<Operation>(std::move(*Op));
  return It->second.get();
}

std::optional<Operation>
OperationFinder::unknownOperation(const CallExpr *Call) {
  auto It = UnknownOps.find(Call);
  if (It == UnknownOps.end()) {
    std::optional<Operation> Op = unknownOperationImpl(Call);
    It = UnknownOps
             .try_emplace(Call, Op ? std::make_unique<Operation>(std::move(*Op))
                                   : nullptr)
             .first;
  }
  if (!It->second)
    return std::nullopt;
  return *It->second;
}

/// Is \p Call, to \p FD of a library in a system header, written by a
/// macro of a system header (glog's `VLOG(1)` calls `InitVLOG3__`)? A
/// library's macro logs or checks for the caller: no operation.
static bool librarysOwnMacro(const CallExpr *Call, const FunctionDecl *FD) {
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  SourceLocation Loc = Call->getBeginLoc();
  return Loc.isMacroID() && SM.isInSystemHeader(SM.getSpellingLoc(Loc)) &&
         SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
}

bool OperationFinder::guardsReport(const CallExpr *Call) {
  DynTypedNode N = DynTypedNode::create(*Call);
  for (const Stmt *From = Call;; From = N.get<Stmt>()) {
    auto Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return false;
    N = Parents[0];
    if (const auto *If = N.get<IfStmt>()) {
      if (If->getElse() || If->getCond() != From)
        return false;
      // Each statement of the branch a call that makes no operation: no
      // exit, no state set for later.
      const Stmt *Then = If->getThen();
      const auto *Block = dyn_cast<CompoundStmt>(Then);
      llvm::ArrayRef<const Stmt *> Stmts =
          Block ? llvm::ArrayRef(Block->body_begin(), Block->body_end())
                : llvm::ArrayRef(Then);
      return !Stmts.empty() && llvm::all_of(Stmts, [&](const Stmt *S) {
        const auto *E = dyn_cast<Expr>(S);
        const auto *C =
            E ? dyn_cast<CallExpr>(E->IgnoreUnlessSpelledInSource()) : nullptr;
        return C && !unknownOperation(C);
      });
    }
    const auto *UO = N.get<UnaryOperator>();
    if (!N.get<ImplicitCastExpr>() && !N.get<ParenExpr>() &&
        !(UO && UO->getOpcode() == UO_LNot))
      return false;
  }
}

std::optional<Operation>
OperationFinder::unknownOperationImpl(const CallExpr *Call) {
  if (knownOperation(Call))
    return std::nullopt;
  Operation Op;
  Op.Call = Call;
  Op.InnerCall = Call;
  Op.Kind = OperationKind::Unknown;
  if (const ValueDecl *Target = callableTarget(Call)) {
    // What the callable does is decided at each call site; one named as a
    // query (`is_shutting_down()`, `should_stop`) asks, it makes no attempt.
    if (Target->getDeclName().isIdentifier() && isQueryName(Target->getName()))
      return std::nullopt;
    Op.Name = Target->getNameAsString();
    return Op;
  }
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD || Model.waitDurationArg(Call) || Model.perAttemptSource(Call) ||
      librarysOwnMacro(Call, FD))
    return std::nullopt;
  // The rest depends on the callee alone, read once per callee: a C loop
  // calls the same few functions over and over.
  auto It = UnknownCallees.find(FD);
  if (It == UnknownCallees.end())
    It = UnknownCallees.try_emplace(FD, unknownCallee(FD)).first;
  if (!It->second || guardsReport(Call))
    return std::nullopt;
  Op.Name = It->second->first;
  Op.SideEffect = It->second->second;
  return Op;
}

bool isProjectFunction(const FunctionDecl *FD) {
  return !isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(FD) &&
         !FD->isOverloadedOperator() && !isStdLibrary(FD) &&
         FD->getBuiltinID() == 0 && !isPlatformDecl(FD);
}

/// Does \p FD format a message and return nothing: a variadic function
/// with a printf-style format (`void x_msg(flags, const char *format,
/// ...)`)? It reports; no outcome of it can send a loop back, and what it
/// is handed (a level, the attempt) goes nowhere.
static bool formatsReport(const FunctionDecl *FD) {
  if (!FD->isVariadic() || !FD->getReturnType()->isVoidType() ||
      FD->getNumParams() == 0)
    return false;
  if (FD->hasAttr<FormatAttr>())
    return true;
  const ParmVarDecl *Last = FD->getParamDecl(FD->getNumParams() - 1);
  QualType T = Last->getType();
  return T->isPointerType() && T->getPointeeType()->isCharType() &&
         Last->getDeclName().isIdentifier() &&
         (Last->getName().contains_insensitive("fmt") ||
          Last->getName().contains_insensitive("format"));
}

/// Does \p FD name a code: given only numbers (an error code, a family),
/// return constant text (`gai_strerror(int)`, `error_str(rc)`)? It looks a
/// message up; nothing it could reach is handed to it.
static bool namesCode(const FunctionDecl *FD) {
  QualType R = FD->getReturnType();
  return R->isPointerType() && R->getPointeeType()->isCharType() &&
         R->getPointeeType().isConstQualified() && FD->getNumParams() > 0 &&
         llvm::all_of(FD->parameters(), [](const ParmVarDecl *P) {
           return P->getType()->isIntegralOrEnumerationType();
         });
}

/// The lowercase word before the first capital of \p Name (`ipp` in
/// `ippFindAttribute`), or empty.
static StringRef camelPrefix(StringRef Name) {
  size_t Cap = Name.find_if([](char C) { return llvm::isUpper(C); });
  StringRef Prefix = Name.take_front(Cap);
  return Cap != StringRef::npos && Cap > 0 &&
                 llvm::all_of(Prefix, [](char C) { return llvm::isLower(C); })
             ? Prefix
             : StringRef();
}

StringRef OperationFinder::withoutLibraryPrefix(StringRef Name) {
  // A library names its functions after itself; ten of them make a prefix.
  constexpr unsigned MinFunctions = 10;
  StringRef Prefix = camelPrefix(Name);
  if (Prefix.empty())
    return Name;
  if (!PrefixCounts) {
    PrefixCounts.emplace();
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D);
          FD && FD->getDeclName().isIdentifier())
        if (StringRef P = camelPrefix(FD->getName()); !P.empty())
          ++(*PrefixCounts)[P];
  }
  return PrefixCounts->lookup(Prefix) >= MinFunctions
             ? Name.drop_front(Prefix.size())
             : Name;
}

/// Is \p FD a question put to a timer, a deadline or a backoff record it is
/// handed (`stun_timer_refresh(&timer)`, `deadline_left(&dl)`)? Its answer
/// is the retry's budget or pace, not an attempt (docs/rules.md, budget
/// exits).
static bool asksBudgetRecord(const FunctionDecl *FD) {
  return llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
    QualType T = P->getType();
    T = T->isPointerType() ? T->getPointeeType() : T.getNonReferenceType();
    const auto *RD = T->getAsRecordDecl();
    if (!RD || !RD->getDeclName().isIdentifier())
      return false;
    for (const std::string &W : identifierWords(RD->getName()))
      if (llvm::is_contained({"timer", "deadline", "backoff"}, W))
        return true;
    return false;
  });
}

std::optional<std::pair<std::string, bool>>
OperationFinder::unknownCallee(const FunctionDecl *FD) {
  if (!isProjectFunction(FD) || !FD->getDeclName().isIdentifier())
    return std::nullopt;
  // The coroutine protocol's own calls (`co_await x` calls
  // x.await_suspend(), `co_return` the promise's return_void()).
  if (isCoroutineProtocolName(FD->getName()) && isa<CXXMethodDecl>(FD))
    return std::nullopt;
  // A project's own sleep (`seastar::sleep(d)`, `MySleep(ms)`) waits.
  if (isSleepName(FD->getName()))
    return std::nullopt;
  if (Model.isRetryHelper(FD) || Model.isPolicyCall(FD) || Model.isLookup(FD) ||
      Model.isValueTransform(FD) || isLocalName(FD->getName()) ||
      isLocalName(withoutLibraryPrefix(FD->getName())) ||
      isLastErrorGetter(FD) || formatsReport(FD) || namesCode(FD) ||
      asksBudgetRecord(FD))
    return std::nullopt;
  // A predicate asked of a result (`go_again(call, *reply)`,
  // `should_retry(status)`) judges an attempt; it makes none.
  if (FD->getReturnType()->isBooleanType() &&
      predicateOutcome(FD->getName()) != Outcome::Unknown)
    return std::nullopt;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  // Accessors of a result (status.ok(), error_code()) are not operations.
  if (MD && MD->isConst() && !MD->isVirtual())
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  bool Defined = FD->hasBody(Def) && Def;
  if (Defined && !(MD && MD->isVirtual()) && !reachesUnknown(FD, 0))
    return std::nullopt; // visibly local
  return std::pair(FD->getQualifiedNameAsString(),
                   isSideEffectName(FD->getName()));
}

llvm::SmallVector<Operation, 2>
OperationFinder::unknownOperationsIn(const Stmt *S) {
  llvm::SmallVector<Operation, 2> Out;
  // Not into lambdas: their calls run elsewhere.
  forEachInFunction(S, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      if (std::optional<Operation> Op = unknownOperation(Call))
        Out.push_back(*Op);
  });
  return Out;
}

std::optional<Operation> OperationFinder::operationIn(const FunctionDecl *FD,
                                                      unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return std::nullopt;
  if (auto It = FnOps.find(Def); It != FnOps.end())
    return It->second;
  if (Depth > MaxCallDepth || FnOpsInProgress.lookup(Def))
    return std::nullopt;
  FnOpsInProgress[Def] = true;
  llvm::SmallVector<Operation, 2> Ops;
  collectOperations(Def->getBody(), Depth + 1, Ops);
  FnOpsInProgress[Def] = false;
  std::optional<Operation> Result;
  if (!Ops.empty())
    Result = Ops.front();
  FnOps[Def] = Result;
  return Result;
}

/// Like forEachDescendant, but does not enter lambda bodies: a lambda made
/// in the retried code runs where it is called, not where it is created;
/// what it captures is evaluated here.
template <typename Fn> static void forEachEvaluated(const Stmt *S, Fn &&F) {
  walkStatements(
      S,
      [&](const Stmt *N) {
        F(N);
        if (const auto *L = dyn_cast<LambdaExpr>(N))
          for (const Expr *Init : L->capture_inits())
            forEachEvaluated(Init, F);
      },
      [](const Stmt *N) { return !isa<LambdaExpr>(N); });
}

void OperationFinder::collectOperations(const Stmt *S, unsigned Depth,
                                        llvm::SmallVectorImpl<Operation> &Out) {
  forEachEvaluated(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call)
      return;
    if (const Operation *Op = knownOperation(Call)) {
      Out.push_back(*Op);
      return;
    }
    const FunctionDecl *Callee = calleeDecl(Call);
    // A call to a retry helper performs what its callable does, once per
    // attempt: a loop around it repeats those operations.
    if (Callee && !isStdLibrary(Callee) && Call->getNumArgs() > 0)
      if (const RetrySite *H = Index.helperSite(Call)) {
        for (const Operation &Inner : H->Operations) {
          Operation Op = Inner;
          Op.Call = Call;
          Op.Via = Callee;
          Out.push_back(Op);
        }
        return;
      }
    if (!Callee || isStdLibrary(Callee) || Model.isRetryHelper(Callee))
      return;
    if (std::optional<Operation> Inner = operationIn(Callee, Depth)) {
      Operation Op = *Inner;
      Op.Call = Call;
      Op.Via = Callee;
      Out.push_back(Op);
    } else if (External) {
      if (std::optional<Operation> Ext = External(Call))
        Out.push_back(*Ext);
    }
  });
}

llvm::SmallVector<Operation, 2> OperationFinder::operationsIn(const Stmt *S) {
  llvm::SmallVector<Operation, 2> Out;
  collectOperations(S, 0, Out);
  return Out;
}

} // namespace clang::tidy::retry::model
