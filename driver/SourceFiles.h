// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one cache of source files behind everything the driver prints: each
// file is read once and its line starts indexed once, however many findings
// and notes point into it (a finding-dense file would otherwise be re-read
// and re-scanned per note).

#ifndef RETRYLINT_DRIVER_SOURCEFILES_H
#define RETRYLINT_DRIVER_SOURCEFILES_H

#include "Findings.h"
#include <string>

namespace retrylint {

/// Line and column (1-based, columns in bytes) of byte \p Offset of \p File;
/// line 0 when the file cannot be read.
Location locate(const std::string &File, unsigned Offset);

/// The raw bytes of line \p Line of \p File (1-based), without the newline;
/// empty when there is no such line. (Declared in Findings.h too.)
std::string sourceLine(const std::string &File, unsigned Line);

} // namespace retrylint

#endif
