// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DedupStore.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>
#include <functional>

namespace clang::tidy::retry::model {

namespace {

/// Like forEachDescendant, but does not enter lambda bodies: a lambda is a
/// function of its own, run at another time.
template <typename Fn> void forEachInFunction(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  F(S);
  if (isa<LambdaExpr>(S))
    return;
  for (const Stmt *Child : S->children())
    forEachInFunction(Child, F);
}

std::string squash(StringRef S) {
  std::string Out;
  for (char C : S)
    if (C != '_' && C != '-')
      Out.push_back(llvm::toLower(C));
  return Out;
}

const CXXRecordDecl *recordOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  return T->getAsCXXRecordDecl();
}

bool isStdNamed(const CXXRecordDecl *RD, llvm::ArrayRef<StringRef> Names) {
  if (!RD || !RD->getDeclName().isIdentifier())
    return false;
  std::string QN = RD->getQualifiedNameAsString();
  StringRef Q(QN);
  for (StringRef N : Names) {
    if (RD->getName() != N)
      continue;
    if (RD->isInStdNamespace() || Q.starts_with("absl::") ||
        Q.starts_with("boost::"))
      return true;
  }
  return false;
}

bool isMutexType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && RD->getDeclName().isIdentifier() &&
         StringRef(RD->getName()).contains_insensitive("mutex");
}

/// The object a member call or member operator acts on.
const Expr *objectOf(const CallExpr *Call) {
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
const ValueDecl *sharedStore(const Expr *Obj) {
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
  }
  return nullptr;
}

/// The key of an insert argument: k, {k, v}, std::pair(k, v), make_pair(k, v).
const Expr *keyOfElement(const Expr *Arg) {
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
bool resultUsed(const Expr *E, ASTContext &Ctx) {
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

bool inTryBlock(const Expr *E, ASTContext &Ctx) {
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

std::string collapse(StringRef S) {
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (llvm::isSpace(C)) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out.push_back(' ');
    Space = false;
    Out.push_back(llvm::toUpper(C));
  }
  return Out;
}

std::string wordAfter(StringRef S, StringRef Marker) {
  size_t P = S.find(Marker);
  if (P == StringRef::npos)
    return "";
  StringRef Rest = S.drop_front(P + Marker.size()).ltrim();
  Rest.consume_front("IF NOT EXISTS ");
  size_t End = Rest.find_first_of(" (;,");
  StringRef W = Rest.take_front(End);
  W = W.trim("\"`[]");
  return W.lower();
}

} // namespace

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

std::string formatSeconds(double S) {
  auto Num = [](double V) {
    if (std::fabs(V - std::round(V)) < 1e-9)
      return std::to_string(static_cast<long long>(std::round(V)));
    std::string Str = std::to_string(V);
    while (!Str.empty() && Str.back() == '0')
      Str.pop_back();
    if (!Str.empty() && Str.back() == '.')
      Str.pop_back();
    return Str;
  };
  // The largest unit that divides the value: 24 h, 90 min, 90 s.
  if (S < 1)
    return Num(S * 1000) + " ms";
  if (S >= 172800 && std::fmod(S, 86400) == 0)
    return Num(S / 86400) + " days";
  if (S >= 3600 && std::fmod(S, 3600) == 0)
    return Num(S / 3600) + " h";
  if (S >= 60 && std::fmod(S, 60) == 0)
    return Num(S / 60) + " min";
  return Num(S) + " s";
}

std::optional<double> parseDuration(StringRef Text) {
  Text = Text.trim();
  size_t Split = Text.find_first_not_of("0123456789.");
  if (Split == 0 || Split == StringRef::npos)
    return std::nullopt;
  double V;
  if (Text.take_front(Split).getAsDouble(V) || V <= 0)
    return std::nullopt;
  std::optional<double> Unit =
      llvm::StringSwitch<std::optional<double>>(Text.drop_front(Split).trim())
          .Cases({"ms", "msec"}, 0.001)
          .Cases({"s", "sec", "secs", "seconds"}, 1.0)
          .Cases({"min", "mins", "minutes"}, 60.0)
          .Cases({"h", "hours"}, 3600.0)
          .Cases({"d", "days"}, 86400.0)
          .Cases({"w", "weeks"}, 604800.0)
          .Default(std::nullopt);
  if (!Unit)
    return std::nullopt;
  return V * *Unit;
}

const ValueDecl *refDecl(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = ignoreWrappers(UO->getSubExpr());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
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
  std::optional<StringRef> LA = stringLiteral(A), LB = stringLiteral(B);
  return LA && LB && *LA == *LB;
}

bool within(const SourceManager &SM, SourceLocation Loc, SourceLocation Begin,
            SourceLocation End) {
  if (Loc.isInvalid() || Begin.isInvalid() || End.isInvalid())
    return false;
  return !SM.isBeforeInTranslationUnit(Loc, Begin) &&
         !SM.isBeforeInTranslationUnit(End, Loc);
}

std::optional<StringRef> literalText(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return std::nullopt;
  if (std::optional<StringRef> S = stringLiteral(E))
    return S;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *M = MC->getMethodDecl())
      if (M->getDeclName().isIdentifier() &&
          (M->getName() == "c_str" || M->getName() == "data"))
        return literalText(MC->getImplicitObjectArgument());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() >= 1)
      return literalText(CE->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (const Expr *Init = VD->getInit())
        // Only variables that are never reassigned: const ones or a
        // literal pointer whose value stays put in practice.
        if (VD->getType().isConstQualified() ||
            VD->getType()->isPointerType() ||
            VD->getType().getNonReferenceType()->isRecordType())
          return literalText(Init);
  return std::nullopt;
}

llvm::SmallVector<std::string, 4> identifierWords(StringRef Name) {
  llvm::SmallVector<std::string, 4> Out;
  std::string Cur;
  auto Flush = [&] {
    if (!Cur.empty())
      Out.push_back(Cur);
    Cur.clear();
  };
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (!llvm::isAlnum(C)) {
      Flush();
      continue;
    }
    bool Upper = llvm::isUpper(C);
    if (Upper && !Cur.empty() &&
        (llvm::isLower(Name[I - 1]) || llvm::isDigit(Name[I - 1]) ||
         (I + 1 < Name.size() && llvm::isLower(Name[I + 1]))))
      Flush();
    Cur.push_back(llvm::toLower(C));
  }
  Flush();
  return Out;
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
    for (StringRef S : utils::options::parseStringList(Value)) {
      S = S.trim();
      if (S.empty())
        continue;
      if (!llvm::all_of(S,
                        [](char C) { return llvm::isAlnum(C) || C == '_'; })) {
        ConfigErrors.emplace_back(Option.str(),
                                  "'" + S.str() + "' is not an identifier");
        continue;
      }
      To.push_back(Squash ? squash(S) : S.str());
    }
  };
  Add(LookupNames, "StoreLookupFunctions", Opts.StoreLookupFunctions, false);
  Add(RecordNames, "StoreRecordFunctions", Opts.StoreRecordFunctions, false);
  Add(StoreWords, "StoreNames", Opts.StoreNames, true);
}

bool DedupStore::isStoreName(StringRef Name) const {
  std::string S = squash(Name);
  return llvm::any_of(StoreWords, [&](const std::string &W) {
    return StringRef(S).contains(W);
  });
}

std::optional<StoreOp> DedupStore::classify(const CallExpr *Call,
                                            ASTContext &Ctx) const {
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
    if (RD->isInStdNamespace() && RD->getDeclName().isIdentifier() &&
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
    if (std::optional<StringRef> S = stringLiteral(Arg))
      if (Api.isKeyHeader(*S))
        return true;
  return false;
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
    const NamedDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(S))
      D = ME->getMemberDecl();
    if (!D || !D->getDeclName().isIdentifier() || isa<FunctionDecl>(D))
      return;
    std::string N = squash(D->getName());
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
    if (!RD->isInStdNamespace() && RD->getDeclName().isIdentifier() &&
        isStoreName(RD->getName()))
      return true;
  return isKeyExpr(Op.Key);
}

std::vector<LockScope> DedupStore::lockScopes(const Stmt *Body,
                                              ASTContext &Ctx) const {
  std::vector<LockScope> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned NextId = 1;
  auto Emit = [&](llvm::ArrayRef<const ValueDecl *> Mutexes, SourceLocation B,
                  SourceLocation E, bool Shared) {
    LockScope L;
    L.Mutexes.assign(Mutexes.begin(), Mutexes.end());
    L.Begin = B;
    L.End = E;
    L.Shared = Shared;
    L.Id = NextId++;
    Out.push_back(std::move(L));
  };
  // Member calls named lock/unlock on \p Target inside [From, end of CS).
  auto Toggles = [&](const CompoundStmt *CS, const Stmt *const *From,
                     const ValueDecl *Target) {
    llvm::SmallVector<std::pair<SourceLocation, bool>, 4> T; // (loc, locks)
    for (auto It = From; It != CS->body_end(); ++It)
      forEachInFunction(*It, [&](const Stmt *S) {
        const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
        if (!MC || !MC->getMethodDecl() ||
            !MC->getMethodDecl()->getDeclName().isIdentifier() ||
            refDecl(MC->getImplicitObjectArgument()) != Target)
          return;
        StringRef N = MC->getMethodDecl()->getName();
        if (N == "unlock" || N == "unlock_shared" || N == "Unlock" ||
            N == "ReaderUnlock" || N == "WriterUnlock")
          T.push_back({MC->getBeginLoc(), false});
        else if (N == "lock" || N == "lock_shared" || N == "Lock" ||
                 N == "ReaderLock" || N == "WriterLock")
          T.push_back({MC->getBeginLoc(), true});
      });
    llvm::stable_sort(T, [&](const auto &A, const auto &B) {
      return SM.isBeforeInTranslationUnit(A.first, B.first);
    });
    return T;
  };

  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    const auto *CS = dyn_cast<CompoundStmt>(S);
    if (!CS) {
      for (const Stmt *C : S->children())
        Walk(C);
      return;
    }
    for (auto It = CS->body_begin(); It != CS->body_end(); ++It) {
      const Stmt *Child = *It;
      if (const auto *DS = dyn_cast<DeclStmt>(Child)) {
        for (const Decl *D : DS->decls()) {
          const auto *VD = dyn_cast<VarDecl>(D);
          if (!VD || !VD->getInit())
            continue;
          const CXXRecordDecl *RD = recordOf(VD->getType());
          bool Exclusive =
              isStdNamed(RD, {"lock_guard", "scoped_lock", "unique_lock",
                              "MutexLock", "WriterMutexLock"});
          bool Shared = isStdNamed(RD, {"shared_lock", "ReaderMutexLock"});
          if (!Exclusive && !Shared)
            continue;
          // Not ignoreWrappers: it looks through one-argument constructors,
          // which is what lock_guard(mu) is.
          const auto *CE =
              dyn_cast<CXXConstructExpr>(VD->getInit()->IgnoreImplicit());
          if (!CE)
            continue;
          llvm::SmallVector<const ValueDecl *, 1> Mutexes;
          bool Deferred = false;
          for (const Expr *Arg : CE->arguments()) {
            if (const CXXRecordDecl *AR = recordOf(Arg->getType());
                AR && AR->getDeclName().isIdentifier() &&
                (AR->getName() == "defer_lock_t" ||
                 AR->getName() == "try_to_lock_t")) {
              Deferred = true;
              continue;
            }
            if (const ValueDecl *M = refDecl(Arg))
              Mutexes.push_back(M);
          }
          if (Mutexes.empty())
            continue;
          bool Held = !Deferred;
          SourceLocation Start = VD->getBeginLoc();
          for (auto [Loc, Locks] : Toggles(CS, It + 1, VD)) {
            if (!Locks && Held) {
              Emit(Mutexes, Start, Loc, Shared);
              Held = false;
            } else if (Locks && !Held) {
              Start = Loc;
              Held = true;
            }
          }
          if (Held)
            Emit(Mutexes, Start, CS->getRBracLoc(), Shared);
        }
      } else if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(
                     ignoreWrappers(dyn_cast<Expr>(Child)))) {
        // mu.lock(); ... mu.unlock();
        const CXXMethodDecl *M = MC->getMethodDecl();
        const ValueDecl *Mu = refDecl(MC->getImplicitObjectArgument());
        if (M && Mu && M->getDeclName().isIdentifier() &&
            isMutexType(MC->getImplicitObjectArgument()->getType()) &&
            (M->getName() == "lock" || M->getName() == "lock_shared" ||
             M->getName() == "Lock" || M->getName() == "ReaderLock")) {
          bool Shared =
              M->getName() == "lock_shared" || M->getName() == "ReaderLock";
          SourceLocation End = CS->getRBracLoc();
          for (auto [Loc, Locks] : Toggles(CS, It + 1, Mu))
            if (!Locks) {
              End = Loc;
              break;
            }
          Emit({Mu}, MC->getBeginLoc(), End, Shared);
        }
      }
      Walk(Child);
    }
  };
  Walk(Body);
  return Out;
}

std::vector<DbStmt> DedupStore::parseDb(StringRef Text, bool Redis) {
  std::vector<DbStmt> Out;
  if (Redis) {
    llvm::SmallVector<StringRef, 8> Tok;
    Text.split(Tok, ' ', -1, false);
    if (Tok.size() < 2)
      return Out;
    DbStmt D;
    D.Sql = collapse(Text);
    std::string Cmd = Tok[0].upper();
    D.Table = Tok[1].str();
    auto HasTok = [&](StringRef W) {
      return llvm::any_of(Tok,
                          [&](StringRef T) { return T.equals_insensitive(W); });
    };
    if (Cmd == "GET" || Cmd == "EXISTS" || Cmd == "HGET" || Cmd == "HEXISTS") {
      D.K = DbStmt::RedisGet;
    } else if (Cmd == "SET" || Cmd == "HSET" || Cmd == "SETEX" ||
               Cmd == "PSETEX") {
      D.K = DbStmt::RedisSet;
      D.Conditional = HasTok("NX");
    } else if (Cmd == "SETNX" || Cmd == "HSETNX" || Cmd == "SADD") {
      D.K = DbStmt::RedisSet;
      D.Conditional = true;
    }
    Out.push_back(std::move(D));
    return Out;
  }
  llvm::SmallVector<StringRef, 4> Parts;
  Text.split(Parts, ';', -1, false);
  for (StringRef P : Parts) {
    std::string S = collapse(P);
    if (S.empty())
      continue;
    StringRef SR(S);
    DbStmt D;
    D.Sql = S;
    if (SR.starts_with("SELECT")) {
      D.K = DbStmt::Select;
      D.Table = wordAfter(SR, " FROM ");
      D.HasWhere = SR.contains(" WHERE ");
    } else if (SR.starts_with("INSERT") || SR.starts_with("UPSERT") ||
               SR.starts_with("REPLACE")) {
      D.K = DbStmt::Insert;
      D.Table = wordAfter(SR, "INTO ");
      D.Conditional = !SR.starts_with("INSERT") || SR.contains("ON CONFLICT") ||
                      SR.starts_with("INSERT OR IGNORE") ||
                      SR.starts_with("INSERT OR REPLACE") ||
                      SR.starts_with("INSERT IGNORE") ||
                      SR.contains("ON DUPLICATE KEY") ||
                      SR.contains("WHERE NOT EXISTS");
    } else if (SR.starts_with("BEGIN") || SR.starts_with("START TRANSACTION")) {
      D.K = DbStmt::TxBegin;
      D.Serializing = SR.contains("IMMEDIATE") || SR.contains("EXCLUSIVE") ||
                      SR.contains("SERIALIZABLE");
    } else if (SR.starts_with("COMMIT") || SR.starts_with("END") ||
               SR.starts_with("ROLLBACK")) {
      D.K = DbStmt::TxEnd;
    } else if (SR.starts_with("LOCK TABLE") ||
               (SR.starts_with("SET TRANSACTION") &&
                SR.contains("SERIALIZABLE"))) {
      // Serializes the rest of the enclosing transaction.
      D.K = DbStmt::TxBegin;
      D.Serializing = true;
    } else if (SR.starts_with("DELETE")) {
      D.K = DbStmt::Delete;
      D.Table = wordAfter(SR, " FROM ");
      if (D.Table.empty())
        D.Table = wordAfter(SR, "DELETE ");
      D.HasWhere = SR.contains(" WHERE ");
    }
    Out.push_back(std::move(D));
  }
  return Out;
}

std::vector<DbStmt> DedupStore::dbStmtsIn(const Stmt *Body) const {
  std::vector<DbStmt> Out;
  forEachInFunction(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return;
    StringRef N = calleeName(Call);
    int Arg = llvm::StringSwitch<int>(N)
                  .Cases({"sqlite3_prepare", "sqlite3_prepare_v2",
                          "sqlite3_prepare_v3", "sqlite3_exec"},
                         1)
                  .Cases({"PQexec", "PQexecParams", "PQsendQuery",
                          "PQsendQueryParams"},
                         1)
                  .Case("PQprepare", 2)
                  .Case("redisCommand", 1)
                  .Case("redisAsyncCommand", 3)
                  .Default(-1);
    if (Arg < 0 || static_cast<unsigned>(Arg) >= Call->getNumArgs())
      return;
    std::optional<StringRef> Text = literalText(Call->getArg(Arg));
    if (!Text)
      return;
    bool Redis = N.starts_with("redis");
    for (DbStmt D : parseDb(*Text, Redis)) {
      D.Call = Call;
      D.Text = Call->getArg(Arg);
      D.Postgres = N.starts_with("PQ");
      Out.push_back(std::move(D));
    }
  });
  return Out;
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
  if (FD && !FD->isInStdNamespace())
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
      if (RD->isInStdNamespace() && RD->getDeclName().isIdentifier() &&
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

std::optional<double> DedupStore::durationSeconds(const Expr *E,
                                                  const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return durationSeconds(EWC->getSubExpr(), Ctx);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return durationSeconds(MT->getSubExpr(), Ctx);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return durationSeconds(BT->getSubExpr(), Ctx);
  // 10min, 30s, 500ms.
  if (const auto *UDL = dyn_cast<UserDefinedLiteral>(E)) {
    const FunctionDecl *Op = UDL->getDirectCallee();
    if (!Op || !UDL->getUDSuffix())
      return std::nullopt;
    std::optional<double> Unit =
        llvm::StringSwitch<std::optional<double>>(UDL->getUDSuffix()->getName())
            .Case("h", 3600.0)
            .Case("min", 60.0)
            .Case("s", 1.0)
            .Case("ms", 1e-3)
            .Case("us", 1e-6)
            .Case("ns", 1e-9)
            .Default(std::nullopt);
    if (!Unit)
      return std::nullopt;
    const Expr *Lit = UDL->getCookedLiteral();
    Expr::EvalResult R;
    if (!Lit || !Lit->EvaluateAsRValue(R, Ctx)) {
      // A literal operator template: evaluate the whole duration.
      Expr::EvalResult Whole;
      if (!UDL->isValueDependent() && UDL->EvaluateAsRValue(Whole, Ctx) &&
          Whole.Val.isStruct() && Whole.Val.getStructNumFields() >= 1 &&
          Whole.Val.getStructField(0).isInt())
        return Whole.Val.getStructField(0).getInt().getSExtValue() * *Unit;
      return std::nullopt;
    }
    if (R.Val.isInt())
      return R.Val.getInt().getSExtValue() * *Unit;
    if (R.Val.isFloat())
      return R.Val.getFloat().convertToDouble() * *Unit;
    return std::nullopt;
  }
  // The unit from the type: a std::chrono typedef, or duration<Rep, ratio>.
  auto UnitOf = [](QualType T) -> std::optional<double> {
    for (int I = 0; I < 8 && !T.isNull(); ++I) {
      if (const auto *TT = T->getAs<TypedefType>()) {
        const TypedefNameDecl *TD = TT->getDecl();
        if (TD->getDeclName().isIdentifier()) {
          std::optional<double> U =
              llvm::StringSwitch<std::optional<double>>(TD->getName())
                  .Case("nanoseconds", 1e-9)
                  .Case("microseconds", 1e-6)
                  .Case("milliseconds", 1e-3)
                  .Case("seconds", 1.0)
                  .Case("minutes", 60.0)
                  .Case("hours", 3600.0)
                  .Case("days", 86400.0)
                  .Case("weeks", 604800.0)
                  .Default(std::nullopt);
          // std::chrono::minutes: "in std" but not directly, so compare
          // the qualified name.
          if (U &&
              StringRef(TD->getQualifiedNameAsString()).starts_with("std::"))
            return U;
        }
        T = TD->getUnderlyingType();
        continue;
      }
      break;
    }
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T.isNull() ? nullptr : T->getAsCXXRecordDecl());
    if (!Spec || Spec->getName() != "duration" ||
        Spec->getTemplateArgs().size() < 2)
      return std::nullopt;
    const TemplateArgument &P = Spec->getTemplateArgs()[1];
    if (P.getKind() != TemplateArgument::Type)
      return std::nullopt;
    const auto *Ratio = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        P.getAsType()->getAsCXXRecordDecl());
    if (!Ratio || Ratio->getName() != "ratio" ||
        Ratio->getTemplateArgs().size() < 2 ||
        Ratio->getTemplateArgs()[0].getKind() != TemplateArgument::Integral ||
        Ratio->getTemplateArgs()[1].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    double Num = Ratio->getTemplateArgs()[0].getAsIntegral().getSExtValue();
    double Den = Ratio->getTemplateArgs()[1].getAsIntegral().getSExtValue();
    if (Den == 0)
      return std::nullopt;
    return Num / Den;
  };
  QualType T = E->getType();
  const Expr *Count = nullptr;
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
    T = FC->getTypeAsWritten();
    const Expr *Sub = FC->getSubExpr()->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Sub)) {
      if (CE->getNumArgs() == 1)
        Count = CE->getArg(0);
    } else if (const auto *IL = dyn_cast<InitListExpr>(Sub)) {
      if (IL->getNumInits() == 1)
        Count = IL->getInit(0);
    } else {
      Count = Sub;
    }
  } else if (const auto *TO = dyn_cast<CXXTemporaryObjectExpr>(E)) {
    T = TO->getTypeSourceInfo() ? TO->getTypeSourceInfo()->getType()
                                : TO->getType();
    if (TO->getNumArgs() == 1)
      Count = TO->getArg(0);
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    const Expr *Arg = CE->getArg(0)->IgnoreImplicit();
    // A copy of another duration: look at that one.
    if (recordOf(Arg->getType()))
      return durationSeconds(Arg, Ctx);
    Count = Arg;
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A named constant.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType().isConstQualified() && VD->getInit())
        return durationSeconds(VD->getInit(), Ctx);
    return std::nullopt;
  }
  if (!Count) {
    // A constexpr duration we cannot take apart (a literal operator
    // template such as libstdc++'s 90s): evaluate it and read its count,
    // the only member of std::chrono::duration.
    std::optional<double> Unit = UnitOf(E->getType());
    Expr::EvalResult R;
    if (!Unit || E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) ||
        !R.Val.isStruct() || R.Val.getStructNumFields() < 1)
      return std::nullopt;
    const APValue &V = R.Val.getStructField(0);
    if (V.isInt())
      return V.getInt().getSExtValue() * *Unit;
    if (V.isFloat())
      return V.getFloat().convertToDouble() * *Unit;
    return std::nullopt;
  }
  std::optional<double> Unit = UnitOf(T);
  if (!Unit)
    return std::nullopt;
  Count = Count->IgnoreImpCasts();
  if (recordOf(Count->getType()))
    return std::nullopt;
  Expr::EvalResult R;
  if (Count->isValueDependent() || !Count->EvaluateAsRValue(R, Ctx))
    return std::nullopt;
  if (R.Val.isInt())
    return R.Val.getInt().getSExtValue() * *Unit;
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble() * *Unit;
  return std::nullopt;
}

} // namespace clang::tidy::retry::model
