// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The recognizer of retry loops: a loop around operations that goes on or
// stops depending on how they went (its attempt counter, not a walk over a
// container, not paging), or one around calls the model does not know that
// goes back because they failed (StructuralRetry.h).

#ifndef RETRYLINT_CHECKS_MODEL_RETRYLOOPS_H
#define RETRYLINT_CHECKS_MODEL_RETRYLOOPS_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

class LoopRecognizer {
public:
  explicit LoopRecognizer(RetrySiteIndex &Index) : Index(Index) {}

  /// The retry site \p Loop (a for, while or do statement) makes, or null
  /// (the index's table says why).
  const RetrySite *recognize(const Stmt *Loop);

private:
  /// The loop site of \p Loop with its counter and operations, summarized,
  /// or null when it shows no retry evidence (\p ByStructure: found by
  /// structure alone).
  const RetrySite *record(const Stmt *Loop, const VarDecl *Counter,
                          llvm::SmallVector<Operation, 2> Ops, bool MovesOn,
                          bool ByStructure);

  RetrySiteIndex &Index;
};

} // namespace clang::tidy::retry::model

#endif
