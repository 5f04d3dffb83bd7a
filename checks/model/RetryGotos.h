// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The recognizer of retries by goto: a backward `goto` to a label before the
// operation.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYGOTOS_H
#define RETRYLINT_CHECKS_MODEL_RETRYGOTOS_H

#include "RetrySite.h"

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// The `goto Label` that follows \p Label in \p Block, if any.
const GotoStmt *backwardGoto(const LabelStmt *Label, const CompoundStmt *Block);

class GotoRecognizer {
public:
  explicit GotoRecognizer(RetrySiteIndex &Index) : Index(Index) {}

  /// The retry site \p Label, a statement of \p Block, makes when a later
  /// goto jumps back to it, or null (the index's table says why).
  const RetrySite *recognize(const LabelStmt *Label, const CompoundStmt *Block);

private:
  RetrySiteIndex &Index;
};

} // namespace clang::tidy::retry::model

#endif
