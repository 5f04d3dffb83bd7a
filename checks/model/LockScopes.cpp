// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "LockScopes.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include <functional>

namespace clang::tidy::retry::model {

using namespace utils;

static bool isStdNamed(const CXXRecordDecl *RD,
                       llvm::ArrayRef<StringRef> Names) {
  if (!RD || !RD->getDeclName().isIdentifier())
    return false;
  std::string QN = RD->getQualifiedNameAsString();
  StringRef Q(QN);
  for (StringRef N : Names) {
    if (RD->getName() != N)
      continue;
    if (isStdLibrary(RD) || Q.starts_with("absl::") || Q.starts_with("boost::"))
      return true;
  }
  return false;
}

bool isMutexType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && RD->getDeclName().isIdentifier() &&
         StringRef(RD->getName()).contains_insensitive("mutex");
}

namespace {

/// A lock() or unlock() call: where, and whether it locks.
using Toggle = std::pair<SourceLocation, bool>;

/// Reads the lock scopes of a function body. The walk visits every block
/// (not lambdas); in each, a lock guard declaration (not deferred) or a raw
/// lock() on a mutex opens a scope, and the calls named lock/unlock on that
/// guard or mutex later in the block (its toggles, in source order, without
/// an unlock before an early return) close and reopen it; a guard still
/// held closes at the block's end. Scopes are numbered as they are found.
class LockScopeReader {
public:
  explicit LockScopeReader(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}

  void walk(const Stmt *S);

  std::vector<LockScope> Out;

private:
  void emit(llvm::ArrayRef<const ValueDecl *> Mutexes, SourceLocation B,
            SourceLocation E, bool Shared) {
    LockScope L;
    L.Mutexes.assign(Mutexes.begin(), Mutexes.end());
    L.Begin = B;
    L.End = E;
    L.Shared = Shared;
    L.Id = NextId++;
    Out.push_back(std::move(L));
  }
  llvm::SmallVector<Toggle, 4> toggles(const CompoundStmt *CS,
                                       const Stmt *const *From,
                                       const ValueDecl *Target) const;
  void guardScopes(const VarDecl *VD, const CompoundStmt *CS,
                   const Stmt *const *It);
  void rawLockScope(const CXXMemberCallExpr *MC, const CompoundStmt *CS,
                    const Stmt *const *It);

  const SourceManager &SM;
  unsigned NextId = 1;
};

} // namespace

/// Member calls named lock/unlock on \p Target inside [From, end of CS).
llvm::SmallVector<Toggle, 4>
LockScopeReader::toggles(const CompoundStmt *CS, const Stmt *const *From,
                         const ValueDecl *Target) const {
  llvm::SmallVector<Toggle, 4> T; // (loc, locks)
  // Toggles on a branch that ends by leaving, by branch.
  llvm::SmallVector<std::pair<const Stmt *, size_t>, 2> OnExit;
  for (const auto *It = From; It != CS->body_end(); ++It)
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
      else
        return;
      if (const Stmt *Branch = exitBranch(*It, MC))
        OnExit.push_back({Branch, T.size() - 1});
    });
  // An unlock before an early return (`if (dup) { mu.unlock(); return;
  // }`) ends nothing for the code after the `if`; a branch that locks
  // again does its own work and keeps its toggles.
  llvm::SmallVector<bool, 4> Drop(T.size(), false);
  for (const auto &[Branch, Index] : OnExit)
    Drop[Index] = llvm::count_if(OnExit, [&, B = Branch](const auto &O) {
                    return O.first == B;
                  }) == 1;
  for (size_t I = T.size(); I-- > 0;)
    if (Drop[I])
      T.erase(T.begin() + I);
  llvm::stable_sort(T, [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first, B.first);
  });
  return T;
}

/// The scopes of the lock guard \p VD declared at \p It in \p CS, if it is
/// one.
void LockScopeReader::guardScopes(const VarDecl *VD, const CompoundStmt *CS,
                                  const Stmt *const *It) {
  if (!VD || !VD->getInit())
    return;
  const CXXRecordDecl *RD = recordOf(VD->getType());
  bool Exclusive = isStdNamed(RD, {"lock_guard", "scoped_lock", "unique_lock",
                                   "MutexLock", "WriterMutexLock"});
  bool Shared = isStdNamed(RD, {"shared_lock", "ReaderMutexLock"});
  if (!Exclusive && !Shared)
    return;
  // Not ignoreWrappers: it looks through one-argument constructors,
  // which is what lock_guard(mu) is.
  const auto *CE = dyn_cast<CXXConstructExpr>(VD->getInit()->IgnoreImplicit());
  if (!CE)
    return;
  llvm::SmallVector<const ValueDecl *, 1> Mutexes;
  bool Deferred = false;
  for (const Expr *Arg : CE->arguments()) {
    if (const CXXRecordDecl *AR = recordOf(Arg->getType());
        AR && AR->getDeclName().isIdentifier() &&
        (AR->getName() == "defer_lock_t" || AR->getName() == "try_to_lock_t")) {
      Deferred = true;
      continue;
    }
    if (const ValueDecl *M = refDecl(Arg))
      Mutexes.push_back(M);
  }
  if (Mutexes.empty())
    return;
  bool Held = !Deferred;
  SourceLocation Start = VD->getBeginLoc();
  for (auto [Loc, Locks] : toggles(CS, It + 1, VD)) {
    if (!Locks && Held) {
      emit(Mutexes, Start, Loc, Shared);
      Held = false;
    } else if (Locks && !Held) {
      Start = Loc;
      Held = true;
    }
  }
  if (Held)
    emit(Mutexes, Start, CS->getRBracLoc(), Shared);
}

/// The scope of the call \p MC at \p It in \p CS, if it locks a mutex.
void LockScopeReader::rawLockScope(const CXXMemberCallExpr *MC,
                                   const CompoundStmt *CS,
                                   const Stmt *const *It) {
  // mu.lock(); ... mu.unlock();
  const CXXMethodDecl *M = MC->getMethodDecl();
  const ValueDecl *Mu = refDecl(MC->getImplicitObjectArgument());
  if (M && Mu && M->getDeclName().isIdentifier() &&
      isMutexType(MC->getImplicitObjectArgument()->getType()) &&
      (M->getName() == "lock" || M->getName() == "lock_shared" ||
       M->getName() == "Lock" || M->getName() == "ReaderLock")) {
    bool Shared = M->getName() == "lock_shared" || M->getName() == "ReaderLock";
    SourceLocation End = CS->getRBracLoc();
    for (auto [Loc, Locks] : toggles(CS, It + 1, Mu))
      if (!Locks) {
        End = Loc;
        break;
      }
    emit({Mu}, MC->getBeginLoc(), End, Shared);
  }
}

void LockScopeReader::walk(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return;
  const auto *CS = dyn_cast<CompoundStmt>(S);
  if (!CS) {
    for (const Stmt *C : S->children())
      walk(C);
    return;
  }
  for (const auto *It = CS->body_begin(); It != CS->body_end(); ++It) {
    const Stmt *Child = *It;
    if (const auto *DS = dyn_cast<DeclStmt>(Child)) {
      for (const Decl *D : DS->decls())
        guardScopes(dyn_cast<VarDecl>(D), CS, It);
    } else if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(
                   ignoreWrappers(dyn_cast<Expr>(Child)))) {
      rawLockScope(MC, CS, It);
    }
    walk(Child);
  }
}

std::vector<LockScope> lockScopes(const Stmt *Body, ASTContext &Ctx) {
  LockScopeReader R(Ctx);
  R.walk(Body);
  return std::move(R.Out);
}

} // namespace clang::tidy::retry::model
