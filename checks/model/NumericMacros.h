// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The numbers the main file names with a macro (`#define KEY_TTL_S 30`): C
// code names its constants so, and the definitions are gone once the AST
// exists, so they are recorded while the preprocessor runs.

#ifndef RETRYLINT_CHECKS_MODEL_NUMERICMACROS_H
#define RETRYLINT_CHECKS_MODEL_NUMERICMACROS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace clang::tidy::retry::model {

/// A `#define NAME <number>` (or `(number)`) of the main file.
struct NumericMacro {
  SourceLocation Loc;
  std::string Name;
  double Value;
};

/// The numeric macros of one translation unit's main file, in definition
/// order. A check owns one, has it watch the preprocessor from its
/// registerPPCallbacks, and takes the macros when its matchers run.
class NumericMacros {
public:
  /// Forgets the previous unit's macros and records those \p PP defines in
  /// \p SM's main file from now on.
  void watch(const SourceManager &SM, Preprocessor &PP);
  /// The macros recorded since watch(), handed over once: a second call
  /// returns none.
  std::vector<NumericMacro> take();

private:
  std::vector<NumericMacro> Macros;
};

} // namespace clang::tidy::retry::model

#endif
