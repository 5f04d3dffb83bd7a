// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The model's reading of one loop, recursive call, `goto` or retry-helper
// call, as text (`retrylint --trace=FILE:LINE`): whether it is a retry site
// and why, and each fact the checks rest on (operations and side effects,
// the key, outcomes and retried statuses, cap, deadline, waits, jitter) as
// yes, no or unknown with the places that prove it. Users read it to see why
// a loop is silent; it prints what the checks read, never a second opinion.

#ifndef RETRYLINT_CHECKS_MODEL_TRACE_H
#define RETRYLINT_CHECKS_MODEL_TRACE_H

#include "RetrySiteIndex.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::retry::model {

/// Writes the reading of every loop, recursive call, backward `goto` and
/// retry-helper call that begins on line \p Line of \p File to \p OS.
/// Returns how many it read (0: nothing of the kind begins there).
unsigned traceLine(RetrySiteIndex &Index, FileID File, unsigned Line,
                   llvm::raw_ostream &OS);

} // namespace clang::tidy::retry::model

#endif
