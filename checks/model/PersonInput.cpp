// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Calls that ask a person (PersonInput.h).

#include "PersonInput.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Does \p Call read the terminal: a stream read handed `stdin` (`fgets`,
/// `getline`, `fscanf`), `scanf`, or `read(0, ...)`?
static bool readsStandardInput(const CallExpr *Call, StringRef Name) {
  if (Name == "scanf")
    return true;
  for (const Expr *A : Call->arguments()) {
    const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
    if (DRE && DRE->getDecl()->getDeclName().isIdentifier() &&
        DRE->getDecl()->getName() == "stdin")
      return true;
  }
  const auto *Fd = Call->getNumArgs() == 3
                       ? dyn_cast<IntegerLiteral>(
                             Call->getArg(0)->IgnoreParenImpCasts())
                       : nullptr;
  return Name == "read" && Fd && Fd->getValue() == 0;
}

/// Is \p W a word for a password or a passphrase?
static bool isSecretWord(StringRef W) {
  return W == "password" || W == "passwd" || W == "passphrase" ||
         W == "passcode";
}

/// Does a call of \p Name with \p NumArgs arguments prompt a person or
/// read a secret from one?
static bool namesPrompt(StringRef Name, unsigned NumArgs) {
  // The C library's and POSIX's terminal reads, by their signatures: a
  // project's `readline(fd, buf)` reads a socket.
  int Args = llvm::StringSwitch<int>(Name)
                 .Cases("getpass", "readline", "gets", 1)
                 .Case("readpassphrase", 4)
                 .Case("getchar", 0)
                 .Default(-1);
  if (Args >= 0 && unsigned(Args) == NumArgs)
    return true;
  bool Reads = false, Secret = false;
  for (const std::string &W : identifierWords(Name)) {
    if (W == "prompt" || W == "askpass" || W == "getpass" ||
        W == "readpass" || W == "readpassphrase")
      return true;
    Reads = Reads || W == "read" || W == "ask" || W == "enter" || W == "input";
    Secret = Secret || W == "pass" || isSecretWord(W);
  }
  return Reads && Secret;
}

/// Does \p Name name a password or a passphrase?
static bool namesSecret(StringRef Name) {
  return llvm::any_of(identifierWords(Name), isSecretWord);
}

/// Is \p Call handed a password callback: a parameter typed for one
/// (OpenSSL's `pem_password_cb *`, which prompts on the terminal when it
/// is null) or a function named for one (`ssl_passwd_cb`)?
static bool handedPasswordCallback(const CallExpr *Call) {
  if (const FunctionDecl *FD = calleeDecl(Call))
    for (const ParmVarDecl *P : FD->parameters())
      if (const auto *TT =
              P->getType()->getPointeeType().isNull()
                  ? nullptr
                  : P->getType()->getPointeeType()->getAs<TypedefType>();
          TT && namesSecret(TT->getDecl()->getName()))
        return true;
  return llvm::any_of(Call->arguments(), [](const Expr *A) {
    const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
    const auto *Fn = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
    return Fn && Fn->getDeclName().isIdentifier() && namesSecret(Fn->getName());
  });
}

bool asksPerson(const CallExpr *Call, unsigned Depth) {
  StringRef Name = calleeName(Call);
  if (namesPrompt(Name, Call->getNumArgs()) || readsStandardInput(Call, Name) ||
      handedPasswordCallback(Call))
    return true;
  // A function of the file that asks (`ask_yes_no` reading stdin).
  const FunctionDecl *FD = calleeDecl(Call), *Def = nullptr;
  if (Depth >= 2 || !FD || !FD->hasBody(Def) || !Def)
    return false;
  bool Asks = false;
  forEachInFunction(Def->getBody(), [&](const Stmt *N) {
    if (const auto *Inner = dyn_cast<CallExpr>(N))
      Asks = Asks || asksPerson(Inner, Depth + 1);
  });
  return Asks;
}

const CallExpr *personPrompt(llvm::ArrayRef<const Stmt *> Code) {
  const CallExpr *Found = nullptr;
  for (const Stmt *S : Code)
    forEachInFunction(S, [&](const Stmt *N) {
      if (const auto *Call = dyn_cast<CallExpr>(N); Call && !Found)
        Found = asksPerson(Call) ? Call : nullptr;
    });
  return Found;
}

} // namespace clang::tidy::retry::model
