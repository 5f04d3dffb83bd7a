// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "NumericMacros.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include <memory>
#include <utility>

namespace clang::tidy::retry::model {

namespace {

/// Records the main file's `#define NAME 30` (or `(30)`) as the
/// preprocessor reads it.
class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<NumericMacro> &Out)
      : SM(SM), Out(Out) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override;

private:
  const SourceManager &SM;
  std::vector<NumericMacro> &Out;
};

} // namespace

void Recorder::MacroDefined(const Token &Name, const MacroDirective *MD) {
  const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
  if (!MI || MI->isFunctionLike())
    return;
  ArrayRef<Token> T = MI->tokens();
  if (T.size() == 3 && T[0].is(tok::l_paren) && T[2].is(tok::r_paren))
    T = T.slice(1, 1);
  // The shape first: it is cheaper than the file of each of a C unit's
  // thousands of macros.
  if (T.size() != 1 || !T[0].is(tok::numeric_constant) ||
      !T[0].getLiteralData() || !SM.isInMainFile(Name.getLocation()))
    return;
  StringRef Text(T[0].getLiteralData(), T[0].getLength());
  Text = Text.rtrim("uUlL");
  double V = 0;
  if (Text.getAsDouble(V))
    return;
  Out.push_back(
      {Name.getLocation(), Name.getIdentifierInfo()->getName().str(), V});
}

void NumericMacros::watch(const SourceManager &SM, Preprocessor &PP) {
  Macros.clear();
  PP.addPPCallbacks(std::make_unique<Recorder>(SM, Macros));
}

std::vector<NumericMacro> NumericMacros::take() {
  return std::exchange(Macros, {});
}

} // namespace clang::tidy::retry::model
