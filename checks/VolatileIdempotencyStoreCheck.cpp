// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "VolatileIdempotencyStoreCheck.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "model/DbStatements.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

/// Does \p S read the key: one of \p Vars, or \p IsKeyRead holds?
static bool mentions(const Stmt *S, llvm::ArrayRef<const VarDecl *> Vars,
                     llvm::function_ref<bool(const Expr *)> IsKeyRead) {
  bool Found = false;
  forEachInFunction(S, [&](const Stmt *N) {
    if (Found)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Found = llvm::is_contained(Vars, VD);
    if (const auto *E = dyn_cast<Expr>(N); E && IsKeyRead(E))
      Found = true;
  });
  return Found;
}

VolatileIdempotencyStoreCheck::VolatileIdempotencyStoreCheck(
    StringRef Name, ClangTidyContext *Context)
    : RetryCheck(Name, Context, Uses::ApiAndStore),
      InMemoryContainersOpt(Options.get("InMemoryContainers", "").str()) {
  for (StringRef S : {"std::map",
                      "std::unordered_map",
                      "std::set",
                      "std::unordered_set",
                      "std::multimap",
                      "std::unordered_multimap",
                      "std::vector",
                      "std::deque",
                      "std::list",
                      "absl::flat_hash_map",
                      "absl::flat_hash_set",
                      "absl::node_hash_map",
                      "absl::node_hash_set",
                      "absl::btree_map",
                      "absl::btree_set",
                      "folly::F14FastMap",
                      "folly::F14FastSet",
                      "folly::ConcurrentHashMap",
                      "tbb::concurrent_hash_map",
                      "tbb::concurrent_unordered_map",
                      "tbb::concurrent_unordered_set",
                      "boost::unordered_map",
                      "boost::unordered_set"})
    InMemoryContainers.add(S);
  for (StringRef S : tidy::utils::options::parseStringList(InMemoryContainersOpt))
    if (std::optional<std::string> Err = InMemoryContainers.add(S))
      configError("InMemoryContainers", *Err);
}

void VolatileIdempotencyStoreCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  RetryCheck::storeOptions(Opts);
  Options.store(Opts, "InMemoryContainers", InMemoryContainersOpt);
}

void VolatileIdempotencyStoreCheck::onStartOfTranslationUnit() {
  RetryCheck::onStartOfTranslationUnit();
  Reported.clear();
}

void VolatileIdempotencyStoreCheck::registerMatchers(MatchFinder *Finder) {
  addUnitMatcher(Finder);
}

void VolatileIdempotencyStoreCheck::check(
    const MatchFinder::MatchResult &Result) {
  forEachBody(*Result.Context, [&](const Stmt *Body, const FunctionDecl *Fn) {
    checkBody(Body, Fn, *Result.Context);
  });
}

bool VolatileIdempotencyStoreCheck::isInMemoryContainer(
    const ValueDecl *D) const {
  QualType T = D->getType().getNonReferenceType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  // By its qualified name, which the list reads without the standard
  // libraries' inline namespaces (libc++'s std::__1::unordered_map).
  return InMemoryContainers.matches(StringRef(RD->getQualifiedNameAsString()));
}

const CallExpr *
VolatileIdempotencyStoreCheck::durableEffect(const Stmt *S, unsigned Depth,
                                             std::string &What) {
  const CallExpr *Found = nullptr;
  forEachInFunction(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call || Found)
      return;
    if (store().isDurableWrite(Call)) {
      Found = Call;
      const FunctionDecl *FD = calleeDecl(Call);
      What = FD ? FD->getNameAsString() : "write";
      return;
    }
    if (std::optional<model::Operation> Op = api().operation(Call);
        Op && Op->SideEffect) {
      Found = Call;
      What = Op->Name;
      return;
    }
    const FunctionDecl *FD = calleeDecl(Call);
    const FunctionDecl *Def = nullptr;
    // A storage layer the file does not show (a virtual `InsertOrder`, a
    // function of another file) named with a mutating verb.
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (FD && !isStdLibrary(FD) && FD->getDeclName().isIdentifier() &&
        (!FD->hasBody(Def) || (MD && MD->isVirtual())) &&
        !FD->getASTContext().getSourceManager().isInSystemHeader(
            FD->getLocation()) &&
        model::isSideEffectName(FD->getName())) {
      Found = Call;
      What = FD->getNameAsString();
      return;
    }
    if (Depth < 2 && FD && !isStdLibrary(FD) && FD->hasBody(Def) && Def) {
      std::string Inner;
      if (durableEffect(Def->getBody(), Depth + 1, Inner)) {
        Found = Call;
        What = FD->getNameAsString();
      }
    }
  });
  return Found;
}

/// The first expression of \p Body (in traversal order) that \p Pred holds
/// for; \p Pred is not asked again once one is found.
static const Expr *firstExpr(const Stmt *Body,
                             llvm::function_ref<bool(const Expr *)> Pred) {
  const Expr *Found = nullptr;
  forEachInFunction(Body, [&](const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S); E && !Found && Pred(E))
      Found = E;
  });
  return Found;
}

/// Is \p E (under its wrappers) one of the store calls \p Ops?
static bool isStoreCall(llvm::ArrayRef<model::StoreOp> Ops, const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(ignoreWrappers(E));
  return Call && llvm::any_of(Ops, [&](const model::StoreOp &O) {
           return O.Call == Call;
         });
}

/// Adds to \p KeyVars the locals of \p Body that hold the key.
static void addKeyLocals(const Stmt *Body, llvm::ArrayRef<model::StoreOp> Ops,
                         llvm::SmallVectorImpl<const VarDecl *> &KeyVars,
                         llvm::function_ref<bool(const Expr *)> IsKeyRead) {
  // Locals that hold the key: auto k = req.get_header_value(...); auto k2 = k.
  // What a look-up returns (`auto it = done_.find(key)`) is the store's
  // answer, not the key.
  for (int Round = 0; Round < 2; ++Round)
    forEachInFunction(Body, [&](const Stmt *S) {
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (VD->getInit() && !llvm::is_contained(KeyVars, VD) &&
                !isStoreCall(Ops, VD->getInit()) &&
                mentions(VD->getInit(), KeyVars, IsKeyRead))
              KeyVars.push_back(VD);
    });
}

void VolatileIdempotencyStoreCheck::checkBody(const Stmt *Body,
                                              const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  if (!Body || !Fn)
    return;
  // Records in a shared in-memory container. Without one there is nothing
  // to report, whatever the key: in C, in every function.
  std::vector<model::StoreOp> Ops = store().opsIn(Body, Ctx);
  if (llvm::none_of(Ops, [&](const model::StoreOp &Op) {
        return Op.Kind != model::StoreOpKind::Lookup &&
               isInMemoryContainer(Op.Store);
      }))
    return;
  // Where the key comes from: a key header of the incoming request, or a
  // parameter named as a key sink.
  const Expr *HeaderRead = firstExpr(
      Body, [&](const Expr *E) { return store().isKeyHeaderRead(E); });
  const Expr *FieldRead = nullptr;
  if (!HeaderRead)
    FieldRead = firstExpr(
        Body, [&](const Expr *E) { return store().isRequestKeyField(E, Fn); });
  auto IsKeyRead = [&](const Expr *E) {
    return store().isKeyHeaderRead(E) ||
           (FieldRead && store().isRequestKeyField(E, Fn));
  };
  llvm::SmallVector<const VarDecl *, 4> KeyVars;
  const ParmVarDecl *KeyParam = nullptr;
  if (!HeaderRead && !FieldRead)
    for (const ParmVarDecl *P : Fn->parameters())
      if (P->getDeclName().isIdentifier() &&
          api().isKeySinkName(P->getName())) {
        KeyParam = P;
        KeyVars.push_back(P);
        break;
      }
  if (!HeaderRead && !FieldRead && !KeyParam)
    return;
  addKeyLocals(Body, Ops, KeyVars, IsKeyRead);

  // The last one: an earlier m[k] may be the replay path reading it back.
  const model::StoreOp *Rec = nullptr;
  for (const model::StoreOp &Op : Ops)
    if (Op.Kind != model::StoreOpKind::Lookup &&
        mentions(Op.Key, KeyVars, IsKeyRead) && isInMemoryContainer(Op.Store) &&
        (!Rec || Rec->Store == Op.Store))
      Rec = &Op;
  if (!Rec || Reported.count(Rec->Store))
    return;

  // The key also goes somewhere durable (an SQL insert, a file, a same-TU
  // function that writes, or a function we cannot see): silent.
  if (keyLeaves(Body, Ops, KeyVars, IsKeyRead))
    return;

  // A durable side effect in the same handler.
  std::string What;
  const CallExpr *Effect = durableEffect(Body, 0, What);
  if (!Effect)
    return;
  // A key parameter without a request: only the serving side, which writes
  // locally rather than calling out.
  if ((KeyParam || FieldRead) && !store().isDurableWrite(Effect) &&
      api().operation(Effect))
    return;
  report(*Rec, Effect, What, HeaderRead ? HeaderRead : FieldRead, KeyParam,
         Ctx);
}

bool VolatileIdempotencyStoreCheck::keyLeaves(
    const Stmt *Body, llvm::ArrayRef<model::StoreOp> Ops,
    llvm::ArrayRef<const VarDecl *> KeyVars,
    llvm::function_ref<bool(const Expr *)> IsKeyRead) {
  bool KeyLeaves = false;
  forEachInFunction(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call || KeyLeaves)
      return;
    if (llvm::any_of(Ops,
                     [&](const model::StoreOp &O) { return O.Call == Call; }))
      return;
    bool Passes = false;
    for (const Expr *Arg : Call->arguments())
      Passes |= mentions(Arg, KeyVars, IsKeyRead) && !IsKeyRead(Arg);
    if (!Passes)
      return;
    if (store().isDurableWrite(Call)) {
      KeyLeaves = true;
      return;
    }
    // Assignments and other operators (m[k] = v, s + k) keep nothing.
    if (isa<CXXOperatorCallExpr>(Call))
      return;
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD) {
      KeyLeaves = true;
      return;
    }
    if (FD->getDeclName().isIdentifier() &&
        model::passesToDatabase(FD->getName())) {
      KeyLeaves = true;
      return;
    }
    if (isStdLibrary(FD) || api().operation(Call))
      return;
    // Library request/response objects (res.set_header(...)) store nothing.
    std::string QN = FD->getQualifiedNameAsString();
    if (StringRef(QN).starts_with("httplib::") ||
        StringRef(QN).starts_with("boost::beast::"))
      return;
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def) {
      KeyLeaves = true; // cannot tell: it may persist the key
      return;
    }
    std::string Ignored;
    if (durableEffect(Def->getBody(), 1, Ignored))
      KeyLeaves = true;
  });
  return KeyLeaves;
}

void VolatileIdempotencyStoreCheck::report(
    const model::StoreOp &Rec, const CallExpr *Effect, const std::string &What,
    const Expr *KeyRead, const ParmVarDecl *KeyParam, ASTContext &Ctx) {
  Reported.insert(Rec.Store);
  diag(Rec.Store->getLocation(),
       "idempotency records in '%0' live only in process memory: after a "
       "restart the service forgets the keys of requests it already "
       "committed, and their retries execute again")
      << Rec.Store->getName();
  // Notes in source order, so they read like the handler.
  struct Note {
    SourceLocation Loc;
    std::string Text;
  };
  llvm::SmallVector<Note, 3> Notes;
  if (KeyRead)
    Notes.push_back(
        {KeyRead->getBeginLoc(), "the key is read from the request here"});
  else
    Notes.push_back(
        {KeyParam->getLocation(),
         "the key arrives as parameter '" + KeyParam->getName().str() + "'"});
  Notes.push_back({callBeginLoc(Rec.Call),
                   "'" + Rec.Method + "' records the key in memory only"});
  Notes.push_back(
      {callBeginLoc(Effect), "the side effect is durable: '" + What + "'"});
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::stable_sort(Notes, [&](const Note &A, const Note &B) {
    return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
  });
  for (const Note &N : Notes)
    diag(N.Loc, N.Text, DiagnosticIDs::Note);
}

} // namespace clang::tidy::retry
