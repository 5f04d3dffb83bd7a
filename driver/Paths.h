// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one way the driver normalizes paths: findings, compilation databases,
// diffs and baselines all compare files in canonicalPath() form.

#ifndef RETRYLINT_DRIVER_PATHS_H
#define RETRYLINT_DRIVER_PATHS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace retrylint {

/// \p P made absolute against \p Base (the process's working directory when
/// \p Base is empty), with "." and ".." removed. Touches no file.
std::string absolutePath(llvm::StringRef P, llvm::StringRef Base = "");

/// absolutePath() with symlinks resolved when the file exists. Cached: it is
/// asked for every finding and note.
std::string canonicalPath(llvm::StringRef P);

/// \p Path relative to the directory \p Base (both absolute, dots
/// removed): "src/a.cpp", "../lib/b.cpp"; \p Path itself when they share
/// nothing but the root.
std::string relativePath(const std::string &Path, const std::string &Base);

} // namespace retrylint

#endif
