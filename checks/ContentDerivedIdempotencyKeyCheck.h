// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_CONTENTDERIVEDIDEMPOTENCYKEYCHECK_H
#define RETRYLINT_CHECKS_CONTENTDERIVEDIDEMPOTENCYKEYCHECK_H

#include "RetryCheck.h"
#include "model/KeySink.h"
#include "model/ValueOrigin.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::retry {

/// Finds idempotency keys computed only from payload content (amount, body,
/// a hash of them) with nothing that identifies the intent, so two real
/// orders with equal content collapse into one.
class ContentDerivedIdempotencyKeyCheck : public RetryCheck {
public:
  ContentDerivedIdempotencyKeyCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  enum class Role { Identity, Content, Party, Neutral, Unknown };
  /// Does \p RD have a field that could identify the intent (an id, a key,
  /// a reference, a nested record)?
  bool recordHasIdentity(const RecordDecl *RD) const;
  Role classify(const model::Leaf &L) const;
  Role classifyName(StringRef Name, StringRef Owner) const;
  void checkKeyValue(llvm::ArrayRef<const Expr *> Values, ASTContext &Ctx);
  /// Sorts the key's \p Leaves into content and parties; false when one is
  /// an identity or a piece that cannot be judged.
  bool sortLeaves(llvm::ArrayRef<model::Leaf> Leaves,
                  llvm::SmallVectorImpl<const model::Leaf *> &Content,
                  llvm::SmallVectorImpl<const model::Leaf *> &Parties) const;
  /// Reports the key made of \p Values, derived only from \p Content.
  void reportKey(llvm::ArrayRef<const Expr *> Values,
                 llvm::ArrayRef<const model::Leaf *> Content, bool PartyOnly,
                 ASTContext &Ctx);

  std::string IntentIdNamesOpt, ContentNamesOpt, PartyNamesOpt;
  std::vector<std::string> IntentWords, ContentWords, PartyWords, PersonalWords,
      EntityWords, NeutralWords;
  llvm::DenseSet<const Expr *> Seen;
  llvm::DenseSet<const Expr *> ReportedLeaves;
  model::KeySinkReader Sinks{api()};
};

} // namespace clang::tidy::retry

#endif
