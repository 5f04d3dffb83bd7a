// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "IdentifierWords.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::retry::utils {

llvm::SmallVector<std::string, 4> identifierWords(llvm::StringRef Name) {
  llvm::SmallVector<std::string, 4> Out;
  std::string Cur;
  auto Flush = [&] {
    if (!Cur.empty())
      Out.push_back(Cur);
    Cur.clear();
  };
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (!llvm::isAlnum(C)) {
      Flush();
      continue;
    }
    bool Upper = llvm::isUpper(C);
    if (Upper && !Cur.empty() &&
        (llvm::isLower(Name[I - 1]) || llvm::isDigit(Name[I - 1]) ||
         (I + 1 < Name.size() && llvm::isLower(Name[I + 1]))))
      Flush();
    Cur.push_back(llvm::toLower(C));
  }
  Flush();
  return Out;
}

bool hasWord(llvm::StringRef Name, llvm::StringRef Word) {
  return llvm::any_of(identifierWords(Name), [&](const std::string &W) {
    return llvm::StringRef(W).rtrim("0123456789") == Word;
  });
}

std::string squashIdentifier(llvm::StringRef Name) {
  std::string Out;
  for (char C : Name)
    if (C != '_' && C != '-')
      Out.push_back(llvm::toLower(C));
  return Out;
}

std::string normalizeIdentifier(llvm::StringRef Name) {
  std::string Out = squashIdentifier(Name);
  llvm::StringRef S(Out);
  for (llvm::StringRef Prefix : {"set", "with", "add"})
    if (S.starts_with(Prefix) && S.size() > Prefix.size() + 2)
      return S.drop_front(Prefix.size()).str();
  return Out;
}

std::vector<llvm::StringRef>
identifierList(llvm::StringRef Value,
               llvm::function_ref<void(llvm::StringRef)> OnInvalid) {
  std::vector<llvm::StringRef> Out;
  for (llvm::StringRef S : tidy::utils::options::parseStringList(Value)) {
    S = S.trim();
    if (S.empty())
      continue;
    if (!llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
      OnInvalid(S);
    else
      Out.push_back(S);
  }
  return Out;
}

} // namespace clang::tidy::retry::utils
