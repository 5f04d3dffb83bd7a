// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The options a translation unit's clang-tidy consumer is made with: those
// configured, but with SystemHeaders on until the MatchFinder exists, so
// that it does not test every node for a system header (see
// MatcherSetup.cpp).

#ifndef RETRYLINT_DRIVER_MATCHERSETUP_H
#define RETRYLINT_DRIVER_MATCHERSETUP_H

#include "clang-tidy/ClangTidyOptions.h"
#include <memory>
#include <string>

namespace retrylint {

/// Wraps the provider of one translation unit's ClangTidyContext. Until the
/// retrylint-setup check is registered, it adds a last source that turns
/// SystemHeaders and that check on; afterwards it gives \c Inner's options
/// unchanged.
class MatcherSetupProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  /// \p Directory: the compile command's working directory, where a source
  /// the command names relatively (`../src/a.c`, as Bear writes it) is.
  MatcherSetupProvider(
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner,
      std::string Directory);
  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override;
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override;

  /// Makes \p P the provider retrylint-setup restores on this thread while
  /// the translation unit is analysed.
  class Use {
  public:
    explicit Use(MatcherSetupProvider &P);
    ~Use();
    Use(const Use &) = delete;
    Use &operator=(const Use &) = delete;

  private:
    MatcherSetupProvider *Prev;
  };

  bool InSetup = true;

private:
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner;
  std::string Directory;
};

} // namespace retrylint

#endif
