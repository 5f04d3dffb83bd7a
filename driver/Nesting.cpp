// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Nesting.h"
#include <optional>

namespace retrylint {

static constexpr unsigned MaxIndent = 1000;

static bool tooDeep(unsigned Line, unsigned Column, std::string &Err) {
  Err = "nested more than " + std::to_string(MaxNesting) +
        " levels deep at line " + std::to_string(Line) + ", column " +
        std::to_string(Column);
  return false;
}

bool checkJsonNesting(llvm::StringRef Text, std::string &Err) {
  unsigned Depth = 0, Line = 1, Column = 0;
  bool InString = false, Escaped = false;
  for (char C : Text) {
    ++Column;
    if (C == '\n') {
      ++Line;
      Column = 0;
    }
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxNesting)
        return tooDeep(Line, Column, Err);
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return true;
}

namespace {
/// What the YAML scan carries from one line to the next.
struct YamlScan {
  unsigned Flow = 0;
  char Quote = 0; // the quote of an open scalar, which may span lines
  unsigned QuoteLine = 0, QuoteColumn = 0;
  // The indentation of the line that opened a block scalar (| or >): the
  // lines indented deeper are its text, not YAML.
  std::optional<size_t> BlockScalarParent;
};
} // namespace

/// Scans line \p Line, \p L, indented by \p Indent; false with \p Err when
/// it nests too deep.
static bool scanYamlLine(llvm::StringRef L, unsigned Line, size_t Indent,
                         YamlScan &S, std::string &Err) {
  // Block indicators that open a nested collection on the same line.
  unsigned Block = 0;
  // Whether the next non-blank character starts a value (where '[' and
  // '{' open a flow collection even outside one).
  bool ValueStart = true;
  for (size_t I = 0; I < L.size(); ++I) {
    char C = L[I];
    if (S.Quote) {
      if (S.Quote == '"' && C == '\\')
        ++I;
      else if (C == S.Quote && S.Quote == '\'' && I + 1 < L.size() &&
               L[I + 1] == '\'')
        ++I;
      else if (C == S.Quote)
        S.Quote = 0;
      continue;
    }
    if (C == ' ' || C == '\t')
      continue;
    if (C == '#' && (I == 0 || L[I - 1] == ' ' || L[I - 1] == '\t'))
      break; // a comment
    bool Separated = I + 1 == L.size() || L[I + 1] == ' ' || L[I + 1] == '\t';
    if ((C == '-' || C == '?') && Separated && S.Flow == 0 && ValueStart) {
      if (++Block > MaxNesting)
        return tooDeep(Line, I + 1, Err);
      continue;
    }
    if ((C == '|' || C == '>') && S.Flow == 0 && ValueStart) {
      S.BlockScalarParent = Indent == llvm::StringRef::npos ? 0 : Indent;
      break; // the rest of the line is the block scalar's header
    }
    if ((C == '"' || C == '\'') && (ValueStart || S.Flow > 0)) {
      S.Quote = C;
      S.QuoteLine = Line;
      S.QuoteColumn = I + 1;
      ValueStart = false;
      continue;
    }
    if ((C == '[' || C == '{') && (ValueStart || S.Flow > 0)) {
      if (S.Flow + Block + 1 > MaxNesting)
        return tooDeep(Line, I + 1, Err);
      ++S.Flow;
      ValueStart = true;
      continue;
    }
    if ((C == ']' || C == '}') && S.Flow > 0) {
      --S.Flow;
      ValueStart = false;
      continue;
    }
    if (C == ',' && S.Flow > 0) {
      ValueStart = true;
      continue;
    }
    if (C == ':' && (Separated || S.Flow > 0)) {
      ValueStart = true;
      continue;
    }
    ValueStart = false;
  }
  return true;
}

bool checkYamlNesting(llvm::StringRef Text, std::string &Err) {
  YamlScan S;
  unsigned Line = 0;
  while (!Text.empty()) {
    auto [L, Rest] = Text.split('\n');
    Text = Rest;
    ++Line;
    size_t Indent = L.find_first_not_of(' ');
    if (S.BlockScalarParent && !S.Quote) {
      if (Indent == llvm::StringRef::npos || Indent > *S.BlockScalarParent)
        continue;
      S.BlockScalarParent.reset();
    }
    if (!S.Quote && Indent != llvm::StringRef::npos && Indent > MaxIndent) {
      Err = "indented more than " + std::to_string(MaxIndent) +
            " columns at line " + std::to_string(Line);
      return false;
    }
    if (!scanYamlLine(L, Line, Indent, S, Err))
      return false;
  }
  // LLVM's YAML parser takes an unterminated single-quoted scalar to the
  // end of the input without a word.
  if (S.Quote) {
    Err = "unterminated quoted string starting at line " +
          std::to_string(S.QuoteLine) + ", column " +
          std::to_string(S.QuoteColumn);
    return false;
  }
  return true;
}

} // namespace retrylint
