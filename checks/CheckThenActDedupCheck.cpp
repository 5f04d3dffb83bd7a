// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CheckThenActDedupCheck.h"
#include "model/DbStatements.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

/// Why the look-up at \p A and the record at \p B are not one critical
/// section, or none when one exclusive lock scope covers both.
static std::optional<std::string>
notAtomicReason(llvm::ArrayRef<model::LockScope> Scopes, SourceLocation A,
                SourceLocation B, const SourceManager &SM) {
  bool ACovered = false, BCovered = false, SharedBoth = false;
  const ValueDecl *CommonMutex = nullptr;
  const model::LockScope *AScope = nullptr;
  for (const model::LockScope &S : Scopes) {
    bool HasA = within(SM, A, S.Begin, S.End);
    bool HasB = within(SM, B, S.Begin, S.End);
    if (HasA && HasB) {
      if (!S.Shared)
        return std::nullopt;
      SharedBoth = true;
    }
    if (HasA) {
      ACovered = true;
      AScope = &S;
    }
    BCovered |= HasB;
  }
  if (SharedBoth)
    return std::string("only a shared lock covers both");
  if (ACovered && BCovered) {
    for (const model::LockScope &S : Scopes)
      if (&S != AScope && within(SM, B, S.Begin, S.End))
        for (const ValueDecl *M : S.Mutexes)
          if (llvm::is_contained(AScope->Mutexes, M))
            CommonMutex = M;
    if (CommonMutex && CommonMutex->getDeclName().isIdentifier())
      return "they hold two separate lock scopes on '" +
             CommonMutex->getName().str() + "'";
    return std::string("they hold two separate lock scopes");
  }
  if (ACovered)
    return std::string("only the look-up holds a lock");
  if (BCovered)
    return std::string("only the record holds a lock");
  return std::string("no lock covers both");
}

CheckThenActDedupCheck::CheckThenActDedupCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : RetryCheck(Name, Context, Uses::ApiAndStore) {}

void CheckThenActDedupCheck::onStartOfTranslationUnit() {
  RetryCheck::onStartOfTranslationUnit();
  DbMemo.clear();
}

void CheckThenActDedupCheck::registerMatchers(MatchFinder *Finder) {
  addUnitMatcher(Finder);
}

void CheckThenActDedupCheck::check(const MatchFinder::MatchResult &Result) {
  forEachBody(*Result.Context, [&](const Stmt *Body, const FunctionDecl *) {
    checkBody(Body, *Result.Context);
  });
}

void CheckThenActDedupCheck::checkBody(const Stmt *Body, ASTContext &Ctx) {
  if (!Body)
    return;
  // The lock scopes are read only when a look-up and a record pair up.
  std::optional<std::vector<model::LockScope>> Read;
  auto Scopes = [&]() -> llvm::ArrayRef<model::LockScope> {
    if (!Read)
      Read = model::lockScopes(Body, Ctx);
    return *Read;
  };
  checkContainers(Body, Ctx, Scopes);
  checkDatabase(Body, Ctx, Scopes);
}

void CheckThenActDedupCheck::noteBlockingBetween(const Stmt *Body,
                                                 const Stmt *From,
                                                 const Stmt *To,
                                                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CallExpr *First = nullptr;
  std::string What;
  forEachInFunction(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call || First ||
        !SM.isBeforeInTranslationUnit(From->getEndLoc(), Call->getBeginLoc()) ||
        !SM.isBeforeInTranslationUnit(Call->getBeginLoc(), To->getBeginLoc()))
      return;
    if (std::optional<std::string> B = store().blockingCall(Call, sites(Ctx))) {
      First = Call;
      What = *B;
    }
  });
  if (First)
    diag(First->getBeginLoc(),
         "%0 blocks between the look-up and the record, widening the window "
         "in which a duplicate gets through",
         DiagnosticIDs::Note)
        << What;
}

/// Is \p R an `m[k]` read on a branch that leaves (`if (m.count(k))
/// return m[k];`, `res.body = m[k]; return;`)? The duplicate path replays
/// the stored answer; it records nothing new.
static bool isReplayRead(const Stmt *Body, const model::StoreOp &R) {
  if (!isa<CXXOperatorCallExpr>(R.Call))
    return false;
  const Stmt *Branch = exitBranch(Body, R.Call);
  if (!Branch)
    return false;
  bool Assigned = false;
  forEachDescendant(Branch, [&](const Stmt *N) {
    const Expr *LHS = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(N);
        BO && BO->isAssignmentOp())
      LHS = BO->getLHS();
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(N);
             OC && OC->isAssignmentOp() && OC->getNumArgs() == 2)
      LHS = OC->getArg(0);
    Assigned = Assigned || (LHS && ignoreWrappers(LHS) == R.Call);
  });
  return !Assigned;
}

void CheckThenActDedupCheck::checkContainers(const Stmt *Body, ASTContext &Ctx,
                                             LazyScopes Scopes) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<model::StoreOp> Ops = store().opsIn(Body, Ctx);
  for (size_t I = 0; I < Ops.size(); ++I) {
    const model::StoreOp &L = Ops[I];
    if (L.Kind != model::StoreOpKind::Lookup || !store().isDedupStore(L))
      continue;
    // An atomic record of the same key makes the look-up a fast path.
    bool HasAtomic = llvm::any_of(Ops, [&](const model::StoreOp &O) {
      return O.Kind == model::StoreOpKind::AtomicRecord && O.Store == L.Store &&
             model::sameKey(O.Key, L.Key);
    });
    if (HasAtomic)
      continue;
    for (size_t J = I + 1; J < Ops.size(); ++J) {
      const model::StoreOp &R = Ops[J];
      if (R.Kind != model::StoreOpKind::Record || R.Store != L.Store ||
          !model::sameKey(L.Key, R.Key) || isReplayRead(Body, R))
        continue;
      std::optional<std::string> Why = notAtomicReason(
          Scopes(), callBeginLoc(L.Call), callBeginLoc(R.Call), SM);
      if (!Why)
        break;
      diag(callBeginLoc(L.Call),
           "look-up and record of the idempotency key in '%0' are not one "
           "atomic step (%1): two concurrent duplicates can both miss the "
           "look-up and both execute")
          << L.Store->getName() << *Why << L.Call->getSourceRange();
      noteBlockingBetween(Body, L.Call, R.Call, Ctx);
      diag(callBeginLoc(R.Call), "'%0' records the key here",
           DiagnosticIDs::Note)
          << R.Method;
      break;
    }
  }
}

namespace {
/// The transaction (if any) open at each database statement I: its BEGIN's
/// index, and whether it serializes.
struct DbTransactions {
  std::vector<int> TxOf;
  std::vector<bool> Serial;
};
} // namespace

/// Which transaction is open at each of \p Db's statements (in source order).
static DbTransactions openTransactions(const Stmt *Body,
                                       llvm::ArrayRef<model::DbStmt> Db) {
  DbTransactions Tx{std::vector<int>(Db.size(), -1),
                    std::vector<bool>(Db.size(), false)};
  int Open = -1;
  bool OpenSerial = false;
  for (size_t I = 0; I < Db.size(); ++I) {
    if (Db[I].K == model::DbStmt::TxBegin) {
      if (Open < 0)
        Open = static_cast<int>(I);
      OpenSerial |= Db[I].Serializing;
    } else if (Db[I].K == model::DbStmt::TxEnd &&
               !exitBranch(Body, Db[I].at())) {
      // A ROLLBACK before an early return ends nothing for what follows.
      Open = -1;
      OpenSerial = false;
    }
    Tx.TxOf[I] = Open;
    Tx.Serial[I] = OpenSerial;
  }
  return Tx;
}

/// Does \p D touch an idempotency or de-duplication table?
static bool isDedupRelevant(const model::DedupStore &Store,
                            const model::DbStmt &D) {
  StringRef Sql(D.Sql);
  return Store.isStoreName(D.Table) || Sql.contains("IDEMPOT") ||
         Sql.contains("DEDUP") || Sql.contains("REQUEST_ID") ||
         Sql.contains("_KEY");
}

void CheckThenActDedupCheck::checkDatabase(const Stmt *Body, ASTContext &Ctx,
                                           LazyScopes Scopes) {
  if (!model::mayCallDatabase(Ctx))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<model::DbStmt> Db = model::dbStatementsThrough(Body, DbMemo);
  llvm::stable_sort(Db, [&](const model::DbStmt &A, const model::DbStmt &B) {
    return SM.isBeforeInTranslationUnit(A.at()->getBeginLoc(),
                                        B.at()->getBeginLoc());
  });
  DbTransactions Tx = openTransactions(Body, Db);
  for (size_t I = 0; I < Db.size(); ++I) {
    const model::DbStmt &L = Db[I];
    bool Redis = L.K == model::DbStmt::RedisGet;
    if (Redis ? !store().isStoreName(L.Table)
              : (L.K != model::DbStmt::Select || !L.HasWhere ||
                 L.Table.empty() || !isDedupRelevant(store(), L)))
      continue;
    for (size_t J = I + 1; J < Db.size(); ++J) {
      const model::DbStmt &R = Db[J];
      if (R.Table != L.Table ||
          R.K != (Redis ? model::DbStmt::RedisSet : model::DbStmt::Insert))
        continue;
      if (R.Conditional)
        break;
      // Both in one called function: that function's own body reports it.
      if (L.Via && L.Via == R.Via)
        continue;
      if (!notAtomicReason(Scopes(), callBeginLoc(L.at()), callBeginLoc(R.at()),
                           SM))
        break;
      bool SameTx = Tx.TxOf[I] >= 0 && Tx.TxOf[I] == Tx.TxOf[J];
      if (!Redis && SameTx) {
        // SQLite lets one writer through and fails the other with
        // SQLITE_BUSY even in a deferred transaction; PostgreSQL at READ
        // COMMITTED inserts both.
        if (Tx.Serial[J] || !L.Postgres)
          break;
      }
      reportDatabasePair(L, R, Redis, SameTx);
      break;
    }
  }
}

void CheckThenActDedupCheck::reportDatabasePair(const model::DbStmt &L,
                                                const model::DbStmt &R,
                                                bool Redis, bool SameTx) {
  if (Redis) {
    diag(L.Text->getBeginLoc(),
         "GET of '%0' and the SET that records the key are not one "
         "atomic step (the SET has no NX): two concurrent duplicates "
         "can both miss the key and both execute")
        << L.Table;
    diag(R.Text->getBeginLoc(), "the SET without NX records the key here",
         DiagnosticIDs::Note);
  } else {
    diag(L.Text->getBeginLoc(),
         "SELECT on '%0' and the INSERT that records the key are not one "
         "atomic step (%1): two concurrent duplicates can both find no "
         "row and both execute")
        << L.Table
        << (SameTx ? "the transaction is neither SERIALIZABLE nor locks the "
                     "table"
                   : "no ON CONFLICT or OR IGNORE clause and no BEGIN "
                     "IMMEDIATE or EXCLUSIVE transaction around both");
    diag(R.Text->getBeginLoc(),
         "the INSERT without ON CONFLICT records the key here",
         DiagnosticIDs::Note);
  }
  // Statements run by same-file functions: where the handler runs them.
  for (const model::DbStmt *D : {&L, &R})
    if (D->Via)
      if (const FunctionDecl *FD = calleeDecl(D->Via))
        diag(callBeginLoc(D->Via), "'%0' runs the %1 here", DiagnosticIDs::Note)
            << FD->getName()
            << (D == &L ? (Redis ? "GET" : "SELECT")
                        : (Redis ? "SET" : "INSERT"));
}

} // namespace clang::tidy::retry
