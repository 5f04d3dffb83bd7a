// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `retrylint --trace=FILE:LINE`: the model's reading of the loop, recursive
// call, goto or retry-helper call at a line, printed instead of findings.
// A check only this executable registers (retrylint-trace, never enabled by
// retry-*) reads the translation unit and hands the text back.

#ifndef RETRYLINT_DRIVER_TRACECOMMAND_H
#define RETRYLINT_DRIVER_TRACECOMMAND_H

#include "Config.h"
#include "Options.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>
#include <vector>

namespace retrylint {

/// Where --trace points: an absolute file and a line.
struct TraceLocation {
  std::string File;
  unsigned Line = 0;
};

/// Parses FILE:LINE; a malformed one, or a file that does not exist, is
/// fatal().
TraceLocation parseTraceLocation(llvm::StringRef Arg);

/// Reads the location in the translation unit that is the file itself when
/// \p Files holds it, else in each of \p Files until one includes it;
/// prints the reading on stdout. Returns the exit status: 0 read, 2 nothing
/// to read there (one error line) or compile errors.
int runTrace(const Options &O, const Setup &S,
             const clang::tooling::CompilationDatabase &DB,
             const std::vector<std::string> &Files);

} // namespace retrylint

#endif
