// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "NameList.h"
#include "clang/AST/Decl.h"

namespace clang::tidy::retry::model {

static bool hasRegexMeta(StringRef S) {
  return S.find_first_of("^$*+?()[]{}|\\") != StringRef::npos;
}

NameList::NameList(llvm::ArrayRef<StringRef> Entries) {
  for (StringRef E : Entries)
    add(E);
}

std::optional<std::string> NameList::add(StringRef Entry) {
  Entry = Entry.trim();
  if (Entry.empty())
    return std::nullopt;
  if (hasRegexMeta(Entry) && !Entry.starts_with("::")) {
    auto R = std::make_shared<llvm::Regex>(Entry, llvm::Regex::IgnoreCase);
    std::string Err;
    if (!R->isValid(Err))
      return "invalid regular expression '" + Entry.str() + "': " + Err;
    Regexes.push_back({std::move(R), {}});
    Memo.clear();
    return std::nullopt;
  }
  Exact.push_back(Entry.str());
  Memo.clear();
  return std::nullopt;
}

void NameList::addRegex(StringRef Entry,
                        std::vector<std::vector<std::string>> Needs) {
  auto R = std::make_shared<llvm::Regex>(Entry, llvm::Regex::IgnoreCase);
  assert(R->isValid() && "a built-in regex compiles");
  Regexes.push_back({std::move(R), std::move(Needs)});
  Memo.clear();
}

/// Drops template arguments and libstdc++/libc++ inline namespaces, so
/// "std::__cxx11::basic_string<char>::append" matches
/// "std::basic_string::append".
static std::string normalizeQualifiedName(StringRef QN) {
  std::string Out;
  int Depth = 0;
  for (char C : QN) {
    if (C == '<' && !StringRef(Out).ends_with("operator"))
      ++Depth;
    else if (C == '>' && Depth > 0)
      --Depth;
    else if (Depth == 0)
      Out.push_back(C);
  }
  for (StringRef Inline : {"__cxx11::", "__1::", "_V2::"}) {
    size_t Pos;
    while ((Pos = Out.find(Inline.str())) != std::string::npos)
      Out.erase(Pos, Inline.size());
  }
  return Out;
}

bool NameList::matches(StringRef RawQN) const {
  if (empty())
    return false;
  {
    std::lock_guard<std::mutex> Lock(Memo.Mu);
    if (auto It = Memo.Map.find(RawQN); It != Memo.Map.end())
      return It->second;
  }
  // Matched outside the lock: regexes read only their compiled form.
  bool Matches = matchesNormalized(normalizeQualifiedName(RawQN));
  std::lock_guard<std::mutex> Lock(Memo.Mu);
  Memo.Map.try_emplace(RawQN, Matches);
  return Matches;
}

bool NameList::matchesNormalized(StringRef QN) const {
  for (const std::string &E : Exact) {
    StringRef Ent(E);
    if (Ent.consume_front("::")) {
      if (QN == Ent)
        return true;
      continue;
    }
    if (QN == Ent || (QN.ends_with(Ent) && QN.size() > Ent.size() + 1 &&
                      QN.drop_back(Ent.size()).ends_with("::")))
      return true;
  }
  std::optional<std::string> Lower;
  for (const Pattern &P : Regexes) {
    if (!P.Needs.empty() && !Lower)
      Lower = QN.lower();
    if (llvm::any_of(P.Needs, [&](const std::vector<std::string> &Group) {
          return llvm::none_of(Group, [&](const std::string &W) {
            return StringRef(*Lower).contains(W);
          });
        }))
      continue;
    if (P.Re->match(QN))
      return true;
  }
  return false;
}

bool NameList::matches(const NamedDecl *D) const {
  if (!D)
    return false;
  // A name declared at file scope (every C function) is its own qualified
  // name: no string to print for each question.
  if (D->getDeclName().isIdentifier() &&
      D->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return matches(D->getName());
  return matches(StringRef(D->getQualifiedNameAsString()));
}

} // namespace clang::tidy::retry::model
