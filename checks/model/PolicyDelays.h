// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Policies as retry sites where they are written (docs/rules.md,
// policies): a function that counts the attempts and grows the delay it
// keeps for the next one, which a timer or a loop elsewhere waits.

#ifndef RETRYLINT_CHECKS_MODEL_POLICYDELAYS_H
#define RETRYLINT_CHECKS_MODEL_POLICYDELAYS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <vector>

namespace clang::tidy::retry::model {

class RetrySiteIndex;

/// A delay a policy grows from its own value for the next attempt.
struct PolicyGrowth {
  const Stmt *Growth;         ///< `t->delay = t->delay * 2`, `ivl *= m`
  const FunctionDecl *Policy; ///< the function that decides the attempt
  const Stmt *Counter;        ///< where it counts the attempt
};

/// The delays the policies of \p Index's unit (its analysed files) grow with
/// nothing random in them: outside any loop of the function (a loop's own wait
/// is judged at the loop), in a member or field named for a delay, by a
/// function that also counts attempts (a member stepped by one that is named
/// for them or compared with a bound), when no code of the unit adds a random
/// part to that member.
std::vector<PolicyGrowth> unjitteredPolicyGrowths(RetrySiteIndex &Index);

} // namespace clang::tidy::retry::model

#endif
