// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DedupStore.h"
#include "LockScopes.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "utils/AssignedVars.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The object a member call or member operator acts on.
static const Expr *objectOf(const CallExpr *Call) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    return MC->getImplicitObjectArgument();
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
    if (OC->getNumArgs() > 0 &&
        isa_and_nonnull<CXXMethodDecl>(OC->getCalleeDecl()))
      return OC->getArg(0);
  return nullptr;
}

/// The declaration of a store when it is shared between calls or threads: a
/// field, a global or static, or a local that a lambda captured.
static const ValueDecl *sharedStore(const Expr *Obj) {
  Obj = ignoreWrappers(Obj);
  if (!Obj)
    return nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(Obj)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return nullptr;
    const Expr *Base = ignoreWrappers(ME->getBase());
    if (isa<CXXThisExpr>(Base))
      return FD;
    if (const ValueDecl *B = sharedStore(Base))
      return B ? FD : nullptr;
    return nullptr;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return nullptr;
    if (VD->hasGlobalStorage() || DRE->refersToEnclosingVariableOrCapture())
      return VD;
    // A store handed in by reference is owned by the caller, which hands it
    // to every request (`handle(req, seen)` from a route lambda).
    if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
      QualType T = P->getType();
      if ((T->isLValueReferenceType() &&
           !T.getNonReferenceType().isConstQualified()) ||
          (T->isPointerType() && !T->getPointeeType().isConstQualified()))
        return P;
    }
  }
  return nullptr;
}

/// The key of an insert argument: k, {k, v}, std::pair(k, v), make_pair(k, v).
static const Expr *keyOfElement(const Expr *Arg) {
  const Expr *E = ignoreWrappers(Arg);
  for (int I = 0; I < 4 && E; ++I) {
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      if (IL->getNumInits() != 2)
        return Arg;
      return IL->getInit(0);
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 2)
        return CE->getArg(0);
      if (CE->getNumArgs() == 1) {
        E = ignoreWrappers(CE->getArg(0));
        continue;
      }
      return Arg;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (calleeName(Call) == "make_pair" && Call->getNumArgs() == 2)
        return Call->getArg(0);
      return Arg;
    }
    break;
  }
  return Arg;
}

/// Is the value of \p E used (tested, stored, returned) rather than dropped?
static bool resultUsed(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (int Steps = 0; Steps < 8; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<Decl>())
      return true;
    const Stmt *PS = P.get<Stmt>();
    if (!PS)
      return false;
    if (isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups,
            MaterializeTemporaryExpr, CXXBindTemporaryExpr>(PS)) {
      N = P;
      continue;
    }
    if (const auto *CE = dyn_cast<CastExpr>(PS))
      return !CE->getType()->isVoidType();
    if (isa<Expr, ReturnStmt>(PS))
      return true;
    const Stmt *Child = N.get<Stmt>();
    if (const auto *If = dyn_cast<IfStmt>(PS))
      return If->getCond() == Child;
    if (const auto *W = dyn_cast<WhileStmt>(PS))
      return W->getCond() == Child;
    return false;
  }
  return false;
}

static bool inTryBlock(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (int Steps = 0; Steps < 64; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    if (const auto *Try = Parents[0].get<CXXTryStmt>())
      return Try->getTryBlock() == N.get<Stmt>();
    if (Parents[0].get<Decl>())
      return false;
    N = Parents[0];
  }
  return false;
}

void DedupOptions::read(const ClangTidyCheck::OptionsView &Opts) {
  StoreLookupFunctions =
      Opts.getLocalOrGlobal("StoreLookupFunctions", "").str();
  StoreRecordFunctions =
      Opts.getLocalOrGlobal("StoreRecordFunctions", "").str();
  StoreNames = Opts.getLocalOrGlobal("StoreNames", "").str();
}

void DedupOptions::store(const ClangTidyCheck::OptionsView &Opts,
                         ClangTidyOptions::OptionMap &Map) const {
  Opts.store(Map, "StoreLookupFunctions", StoreLookupFunctions);
  Opts.store(Map, "StoreRecordFunctions", StoreRecordFunctions);
  Opts.store(Map, "StoreNames", StoreNames);
}

bool sameKey(const Expr *A, const Expr *B) {
  auto Names = [](const Expr *E) {
    llvm::SmallVector<const Decl *, 4> Out;
    forEachDescendant(E, [&](const Stmt *S) {
      const Decl *D = nullptr;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        D = DRE->getDecl();
      else if (const auto *ME = dyn_cast<MemberExpr>(S))
        D = ME->getMemberDecl();
      if (D && !isa<FunctionDecl>(D) && !llvm::is_contained(Out, D))
        Out.push_back(D);
    });
    llvm::sort(Out);
    return Out;
  };
  if (!A || !B)
    return false;
  auto NA = Names(A), NB = Names(B);
  if (!NA.empty())
    return NA == NB;
  // Literal keys: compare the text.
  std::optional<StringRef> LA = stringLiteralText(A), LB = stringLiteralText(B);
  return LA && LB && *LA == *LB;
}

DedupStore::DedupStore(const ApiModel &Api, const DedupOptions &Opts)
    : Api(Api) {
  LookupNames = {"find",   "count", "contains", "exists",  "has",
                 "lookup", "get",   "seen",     "is_seen", "was_seen"};
  RecordNames = {"insert", "emplace", "emplace_hint", "put",  "set",     "mark",
                 "add",    "store",   "record",       "save", "remember"};
  StoreWords = {"idem",    "dedup",  "seen",     "processed",
                "handled", "replay", "inflight", "claimed"};
  auto Add = [&](std::vector<std::string> &To, StringRef Option,
                 StringRef Value, bool Squash) {
    for (StringRef S : identifierList(Value, [&](StringRef Bad) {
           ConfigErrors.emplace_back(
               Option.str(), "'" + Bad.str() + "' is not an identifier");
         }))
      To.push_back(Squash ? squashIdentifier(S) : S.str());
  };
  Add(LookupNames, "StoreLookupFunctions", Opts.StoreLookupFunctions, false);
  Add(RecordNames, "StoreRecordFunctions", Opts.StoreRecordFunctions, false);
  Add(StoreWords, "StoreNames", Opts.StoreNames, true);
}

bool DedupStore::isStoreName(StringRef Name) const {
  std::string S = squashIdentifier(Name);
  return llvm::any_of(StoreWords, [&](const std::string &W) {
    return StringRef(S).contains(W);
  });
}

const std::vector<StoreOp> &DedupStore::wrapperOps(const FunctionDecl *Def,
                                                   ASTContext &Ctx) const {
  auto It = WrapperOps.find(Def);
  if (It != WrapperOps.end())
    return It->second;
  ++WrapperDepth;
  std::vector<StoreOp> Inner = opsIn(Def->getBody(), Ctx);
  --WrapperDepth;
  return WrapperOps[Def] = std::move(Inner);
}

/// The one store operation a same-file wrapper performs on its parameter
/// (`bool has(const std::string &k) const { return keys_.count(k); }`,
/// `void add(const std::string &k) { keys_.insert(k); }`): the call is that
/// operation, on the wrapped container, keyed by the caller's argument.
static std::optional<StoreOp> wrappedOp(const DedupStore &Store,
                                        const CallExpr *Call, ASTContext &Ctx) {
  const FunctionDecl *Callee = calleeDecl(Call);
  const FunctionDecl *Def = nullptr;
  // The key reaches the wrapper as an argument: no argument, no wrapper.
  if (Store.insideWrapper() || Call->getNumArgs() == 0 || !Callee ||
      isStdLibrary(Callee) || !Callee->hasBody(Def) || !Def ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  const std::vector<StoreOp> &Inner = Store.wrapperOps(Def, Ctx);
  if (Inner.size() != 1)
    return std::nullopt;
  StoreOp Op = Inner.front();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Op.Key));
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || P->getDeclContext() != Def)
    return std::nullopt;
  const Expr *KeyArg = argForParam(Call, P);
  if (!KeyArg)
    return std::nullopt;
  // A look-up wrapper's answer guards the caller only when the caller uses
  // it; a record wrapper that reports whether the key was new is atomic.
  if (Op.Kind == StoreOpKind::AtomicRecord && !resultUsed(Call, Ctx) &&
      !Callee->getReturnType()->isVoidType())
    Op.Kind = StoreOpKind::Record;
  if (Op.Kind == StoreOpKind::Lookup && !resultUsed(Call, Ctx))
    return std::nullopt;
  Op.Call = Call;
  Op.Key = KeyArg;
  if (Callee->getDeclName().isIdentifier())
    Op.Method = Callee->getName().str();
  return Op;
}

std::optional<StoreOp> DedupStore::classify(const CallExpr *Call,
                                            ASTContext &Ctx) const {
  if (std::optional<StoreOp> W = wrappedOp(*this, Call, Ctx))
    return W;
  const Expr *Obj = objectOf(Call);
  if (!Obj)
    return std::nullopt;
  const FunctionDecl *Callee = calleeDecl(Call);
  if (!Callee)
    return std::nullopt;
  StoreOp Op;
  Op.Call = Call;
  unsigned FirstArg = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  if (Call->getNumArgs() <= FirstArg)
    return std::nullopt;
  Op.Key = Call->getArg(FirstArg);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (OC->getOperator() != OO_Subscript)
      return std::nullopt;
    // m[k] inserts a default value when k is missing: a record.
    Op.Kind = StoreOpKind::Record;
    Op.Method = "operator[]";
  } else {
    if (!Callee->getDeclName().isIdentifier())
      return std::nullopt;
    StringRef Name = Callee->getName();
    Op.Method = Name.str();
    if (Name == "try_emplace") {
      Op.Kind = StoreOpKind::AtomicRecord;
    } else if (Name == "at") {
      if (!inTryBlock(Call, Ctx))
        return std::nullopt;
      Op.Kind = StoreOpKind::Lookup;
    } else if (llvm::is_contained(LookupNames, Name)) {
      // A look-up guards something only when its result is tested or kept.
      if (!resultUsed(Call, Ctx))
        return std::nullopt;
      Op.Kind = StoreOpKind::Lookup;
    } else if (llvm::is_contained(RecordNames, Name)) {
      // insert(...).second, if (!store.put(k)): the record reports whether
      // the key was new, so it is the atomic de-dup step itself.
      Op.Kind = !Callee->getReturnType()->isVoidType() &&
                        !Callee->getReturnType()->isReferenceType() &&
                        resultUsed(Call, Ctx)
                    ? StoreOpKind::AtomicRecord
                    : StoreOpKind::Record;
      if (Name == "insert" || Name == "emplace")
        Op.Key = keyOfElement(Op.Key);
    } else {
      return std::nullopt;
    }
  }
  // Mutex, string and stream members with these names are not stores.
  QualType ObjT = Obj->getType();
  if (isMutexType(ObjT))
    return std::nullopt;
  if (const CXXRecordDecl *RD = recordOf(ObjT))
    if (isStdLibrary(RD) && RD->getDeclName().isIdentifier() &&
        (RD->getName().contains("string") || RD->getName().contains("stream")))
      return std::nullopt;
  Op.Store = sharedStore(Obj);
  if (!Op.Store)
    return std::nullopt;
  return Op;
}

std::vector<StoreOp> DedupStore::opsIn(const Stmt *Body,
                                       ASTContext &Ctx) const {
  std::vector<StoreOp> Out;
  // Every store operation is a member call on the store (objectOf), or a
  // wrapper around exactly one: C has neither.
  if (!Ctx.getLangOpts().CPlusPlus)
    return Out;
  forEachInFunction(Body, [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (std::optional<StoreOp> Op = classify(Call, Ctx))
        Out.push_back(*Op);
  });
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::stable_sort(Out, [&](const StoreOp &A, const StoreOp &B) {
    return SM.isBeforeInTranslationUnit(A.Call->getBeginLoc(),
                                        B.Call->getBeginLoc());
  });
  return Out;
}

bool DedupStore::isKeyHeaderRead(const Expr *E) const {
  const auto *Call = dyn_cast_or_null<CallExpr>(ignoreWrappers(E));
  if (!Call)
    return false;
  const Expr *Obj = objectOf(Call);
  if (!Obj)
    return false;
  // A request object: httplib::Request, beast::http::request<...>
  // (message<true, ...>), or anything whose class is named *Request*.
  // Beast's operator[] lives in basic_fields: look through the
  // derived-to-base cast to the message type.
  const CXXRecordDecl *RD = recordOf(Obj->IgnoreParenImpCasts()->getType());
  if (!RD || !RD->getDeclName().isIdentifier())
    return false;
  bool IsRequest = RD->getName().contains_insensitive("request");
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getName() == "message" && Spec->getTemplateArgs().size() > 0 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
      IsRequest = Spec->getTemplateArgs()[0].getAsIntegral().getBoolValue();
  if (!IsRequest)
    return false;
  // A header write (req["Idempotency-Key"] = k) is not a read.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && OC->getOperator() != OO_Subscript)
    return false;
  for (const Expr *Arg : Call->arguments())
    if (std::optional<StringRef> S = stringLiteralText(Arg))
      if (Api.isKeyHeader(*S))
        return true;
  return false;
}

bool DedupStore::isRequestKeyField(const Expr *E,
                                   const FunctionDecl *Fn) const {
  E = E->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  const NamedDecl *Member = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    if (llvm::any_of(MC->arguments(),
                     [](const Expr *A) { return !isa<CXXDefaultArgExpr>(A); }))
      return false;
    Base = MC->getImplicitObjectArgument();
    Member = MC->getMethodDecl();
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (!isa<FieldDecl>(ME->getMemberDecl()))
      return false;
    Base = ME->getBase();
    Member = ME->getMemberDecl();
  }
  if (!Base || !Member || !Member->getDeclName().isIdentifier() ||
      !Api.isKeySinkName(Member->getName()))
    return false;
  const auto *P = dyn_cast_or_null<ParmVarDecl>(rootDecl(Base));
  return P && llvm::is_contained(Fn->parameters(), P);
}

bool DedupStore::isKeyExpr(const Expr *E) const {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *S) {
    if (Found)
      return;
    if (const auto *X = dyn_cast<Expr>(S); X && isKeyHeaderRead(X)) {
      Found = true;
      return;
    }
    // An accessor of the request message: req->idempotency_key().
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
        MC && MC->getNumArgs() == 0 && MC->getMethodDecl() &&
        MC->getMethodDecl()->getDeclName().isIdentifier() &&
        Api.isKeySinkName(MC->getMethodDecl()->getName())) {
      Found = true;
      return;
    }
    const NamedDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(S))
      D = ME->getMemberDecl();
    if (!D || !D->getDeclName().isIdentifier() || isa<FunctionDecl>(D))
      return;
    std::string N = squashIdentifier(D->getName());
    if (Api.isKeySinkName(D->getName()) || StringRef(N).contains("idempot") ||
        StringRef(N).contains("dedup")) {
      Found = true;
      return;
    }
    // A local initialized from a header read: auto k = req.get_header_value(..)
    if (const auto *VD = dyn_cast<VarDecl>(D))
      if (VD->hasLocalStorage() && VD->getInit() &&
          isKeyHeaderRead(VD->getInit()))
        Found = true;
  });
  return Found;
}

bool DedupStore::isDedupStore(const StoreOp &Op) const {
  if (!Op.Store)
    return false;
  if (Op.Store->getDeclName().isIdentifier() &&
      isStoreName(Op.Store->getName()))
    return true;
  if (const CXXRecordDecl *RD = recordOf(Op.Store->getType()))
    if (!isStdLibrary(RD) && RD->getDeclName().isIdentifier() &&
        isStoreName(RD->getName()))
      return true;
  // The container inside a store class: SeenRequests::ids_.
  if (const auto *FD = dyn_cast<FieldDecl>(Op.Store))
    if (FD->getParent()->getDeclName().isIdentifier() &&
        isStoreName(FD->getParent()->getName()))
      return true;
  return isKeyExpr(Op.Key);
}

std::optional<std::string>
DedupStore::blockingCall(const CallExpr *Call, RetrySiteIndex &Sites) const {
  if (std::optional<Operation> Op = Api.operation(Call))
    return "'" + Op->Name + "'";
  StringRef N = calleeName(Call);
  if (N.empty())
    return std::nullopt;
  static const llvm::StringLiteral Blocking[] = {
      "sleep_for",      "sleep_until",  "sleep",     "usleep",
      "nanosleep",      "fwrite",       "fread",     "fputs",
      "fflush",         "fsync",        "fdatasync", "write",
      "read",           "send",         "recv",      "sendto",
      "recvfrom",       "connect",      "poll",      "select",
      "sqlite3_step",   "sqlite3_exec", "PQexec",    "PQexecParams",
      "PQexecPrepared", "redisCommand"};
  if (llvm::is_contained(Blocking, N))
    return "'" + N.str() + "'";
  const FunctionDecl *FD = calleeDecl(Call);
  if (FD && !isStdLibrary(FD))
    if (std::optional<Operation> Op = Sites.operationIn(FD))
      return "'" + N.str() + "'";
  return std::nullopt;
}

bool DedupStore::isDurableWrite(const CallExpr *Call) const {
  StringRef N = calleeName(Call);
  static const llvm::StringLiteral Durable[] = {
      "sqlite3_exec",   "sqlite3_step", "PQexec",       "PQexecParams",
      "PQexecPrepared", "PQsendQuery",  "redisCommand", "fwrite",
      "fputs",          "fprintf",      "write",        "pwrite",
      "fsync",          "fdatasync"};
  if (llvm::is_contained(Durable, N))
    return true;
  // std::ofstream << / write.
  if (const Expr *Obj = objectOf(Call))
    if (const CXXRecordDecl *RD = recordOf(ignoreWrappers(Obj)->getType()))
      if (isStdLibrary(RD) && RD->getDeclName().isIdentifier() &&
          (RD->getName() == "basic_ofstream" ||
           RD->getName() == "basic_fstream"))
        return true;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
    if (OC->getOperator() == OO_LessLess && OC->getNumArgs() == 2) {
      const Expr *Base = OC->getArg(0);
      while (const auto *In =
                 dyn_cast<CXXOperatorCallExpr>(ignoreWrappers(Base)))
        if (In->getOperator() == OO_LessLess && In->getNumArgs() == 2)
          Base = In->getArg(0);
        else
          break;
      // Through the derived-to-base cast to std::ostream&.
      if (const CXXRecordDecl *RD = recordOf(ignoreWrappers(Base)->getType()))
        if (RD->getDeclName().isIdentifier() &&
            (RD->getName() == "basic_ofstream" ||
             RD->getName() == "basic_fstream"))
          return true;
    }
  return false;
}

} // namespace clang::tidy::retry::model
