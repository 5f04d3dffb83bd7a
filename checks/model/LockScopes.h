// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where a function holds a lock: the regions between a lock_guard,
// scoped_lock, unique_lock (with unlock()/lock()), shared_lock,
// absl::MutexLock or a raw lock() and the end of its scope or unlock().

#ifndef RETRYLINT_CHECKS_MODEL_LOCKSCOPES_H
#define RETRYLINT_CHECKS_MODEL_LOCKSCOPES_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace clang::tidy::retry::model {

/// A region in which one lock is held, in source order.
struct LockScope {
  llvm::SmallVector<const ValueDecl *, 1> Mutexes;
  SourceLocation Begin, End;
  bool Shared = false;
  unsigned Id = 0;
};

/// Lock scopes in \p Body, in source order.
std::vector<LockScope> lockScopes(const Stmt *Body, ASTContext &Ctx);

/// Is \p T (or what it points to) a mutex class?
bool isMutexType(QualType T);

} // namespace clang::tidy::retry::model

#endif
