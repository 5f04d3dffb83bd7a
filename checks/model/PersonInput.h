// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Calls that ask a person: a prompt, a passphrase or PIN read from the
// terminal. A round that asks one goes again when the person answers, with
// what the person typed: no retry of a dependency (docs/rules.md,
// "Evidence, both ways": credential replays).

#ifndef RETRYLINT_CHECKS_MODEL_PERSONINPUT_H
#define RETRYLINT_CHECKS_MODEL_PERSONINPUT_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang::tidy::retry::model {

/// Does \p Call ask a person: a terminal read of the C library or POSIX
/// (`getpass`, `readpassphrase`, `readline`, `fgets` or `scanf` from
/// `stdin`, `read` from descriptor 0), a call whose name says it prompts or
/// reads a secret (`read_passphrase`, `prompt_yes_no`, `ask_password`), or
/// a function of the file whose body does?
bool asksPerson(const CallExpr *Call, unsigned Depth = 0);

/// The first call in \p Code (lambdas left out) that asks a person.
const CallExpr *personPrompt(llvm::ArrayRef<const Stmt *> Code);

/// Why a site whose rounds ask a person is no retry site.
inline constexpr const char *AsksPerson =
    "each round asks a person (a prompt, a passphrase or PIN read from the "
    "terminal): the person decides when it goes again and with what, not a "
    "retry of a dependency";

} // namespace clang::tidy::retry::model

#endif
