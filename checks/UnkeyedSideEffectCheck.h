// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef RETRYLINT_CHECKS_UNKEYEDSIDEEFFECTCHECK_H
#define RETRYLINT_CHECKS_UNKEYEDSIDEEFFECTCHECK_H

#include "RetrySiteCheck.h"

namespace clang::tidy::retry {

/// Finds side effects re-sent after an ambiguous failure without an
/// idempotency key or a look-up of the outcome, so a lost reply turns one
/// charge into two.
class UnkeyedSideEffectCheck : public RetrySiteCheck {
public:
  using RetrySiteCheck::RetrySiteCheck;

protected:
  void checkSite(const model::RetrySite &Site,
                 model::RetrySiteIndex &Index) override;
};

} // namespace clang::tidy::retry

#endif
