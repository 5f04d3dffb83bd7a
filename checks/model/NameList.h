// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Lists of function and class names the options and the API model hold:
// exact names, names under a namespace, and case-insensitive regexes.

#ifndef RETRYLINT_CHECKS_MODEL_NAMELIST_H
#define RETRYLINT_CHECKS_MODEL_NAMELIST_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// A list of function or class names from an option. An entry matches a
/// declaration whose qualified name equals it or ends with "::" + entry; an
/// entry starting with "::" must match the qualified name exactly; an entry
/// with regex metacharacters is a case-insensitive regex over the qualified
/// name.
class NameList {
public:
  NameList() = default;
  explicit NameList(llvm::ArrayRef<StringRef> Entries);
  /// Adds \p Entry; returns an error message for an invalid regex.
  std::optional<std::string> add(StringRef Entry);
  /// Adds the built-in regex \p Entry, which can only match a name that
  /// holds, ignoring case, a word of each group in \p Needs: other names
  /// are not matched against it, as the regex costs far more than the test.
  void addRegex(StringRef Entry, std::vector<std::vector<std::string>> Needs);
  bool matches(StringRef QualifiedName) const;
  bool matches(const NamedDecl *D) const;
  bool empty() const { return Exact.empty() && Regexes.empty(); }

private:
  bool matchesNormalized(StringRef QN) const;
  std::vector<std::string> Exact;
  struct Pattern {
    std::shared_ptr<llvm::Regex> Re;
    /// Lowercase words; a group none of whose words the name holds rules
    /// the regex out.
    std::vector<std::vector<std::string>> Needs;
  };
  std::vector<Pattern> Regexes;
  /// Answers by qualified name: the model asks about the same callees at
  /// every call, and a regex match costs more than the rest of the lookup.
  /// One model serves every thread, so the answers are kept under a lock; a
  /// copy of the list starts with none.
  struct Answers {
    Answers() = default;
    Answers(const Answers &) {}
    Answers &operator=(const Answers &) {
      clear();
      return *this;
    }
    void clear() {
      std::lock_guard<std::mutex> Lock(Mu);
      Map.clear();
    }
    std::mutex Mu;
    llvm::StringMap<bool> Map;
  };
  mutable Answers Memo;
};

} // namespace clang::tidy::retry::model

#endif
