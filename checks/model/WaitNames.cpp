// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "WaitNames.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/Duration.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Is \p Name a sleep: a word `sleep`, `nap` or `delay` (MySleep, msleep,
/// task_delay)?
bool isSleepName(StringRef Name) {
  // Every word that makes a sleep holds one of these: most names hold none,
  // and splitting them into words is what costs.
  if (!llvm::any_of(
          llvm::ArrayRef<StringRef>{"sleep", "nap", "delay", "wait"},
          [&](StringRef Part) { return Name.contains_insensitive(Part); }))
    return false;
  bool Wait = false, Unit = false;
  for (const std::string &W : identifierWords(Name)) {
    if (W == "sleep" || W == "msleep" || W == "usleep" || W == "nanosleep" ||
        W == "nap" || W == "delay")
      return true;
    Wait = Wait || W == "wait";
    Unit = Unit || llvm::is_contained({"ms", "msec", "millis", "us", "usec",
                                       "sec", "secs", "seconds"},
                                      StringRef(W));
  }
  // A wait with a time unit in its name waits that long (curlx_wait_ms);
  // a bare `wait` may wait for anything.
  return Wait && Unit;
}

bool namesDelay(StringRef Name) {
  if (durationUnitFromName(Name))
    return true;
  for (const std::string &W : identifierWords(Name))
    if (llvm::is_contained({"delay", "interval", "ivl", "backoff", "after",
                            "duration", "timeval", "timespec", "period"},
                           W))
      return true;
  return false;
}

bool isTimeoutValue(const ValueDecl *D) {
  QualType T = D->getType();
  if (!(T->isIntegerType() || T->isRealFloatingType()) || T->isBooleanType() ||
      T->isEnumeralType() || isa<EnumConstantDecl>(D))
    return false;
  llvm::SmallVector<std::string, 4> W = identifierWords(D->getName());
  return llvm::is_contained(W, "timeout") || llvm::is_contained(W, "timeouts");
}

bool isPauseName(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  for (size_t I = 0; I < Words.size(); ++I)
    if (Words[I] == "pause" || Words[I] == "backoff" ||
        (Words[I] == "back" && I + 1 < Words.size() && Words[I + 1] == "off") ||
        (I == 0 && Words[I] == "hold"))
      return true;
  return false;
}

const ParmVarDecl *durationParam(const FunctionDecl *FD) {
  for (const ParmVarDecl *P : FD->parameters()) {
    if (durationTypeUnit(
            P->getType().getNonReferenceType().getUnqualifiedType()))
      return P;
    // Named for a unit, a number (not a text named `s`).
    QualType T = P->getType().getNonReferenceType();
    if (P->getDeclName().isIdentifier() &&
        (T->isArithmeticType() || T->isDependentType()) &&
        durationUnitFromName(P->getName()))
      return P;
  }
  return nullptr;
}

const ParmVarDecl *waitBoundParam(const FunctionDecl *FD) {
  if (const ParmVarDecl *P = durationParam(FD))
    return P;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getDeclName().isIdentifier() &&
        P->getType().getNonReferenceType()->isArithmeticType() &&
        llvm::is_contained(identifierWords(P->getName()), "timeout"))
      return P;
  return nullptr;
}

/// Is \p Name a blocking wait for an event (`wait`, `Wait`, `await`,
/// `WaitForChange`): its first word is `wait` or `await`?
bool isBlockingWaitName(StringRef Name) {
  if (isCoroutineProtocolName(Name))
    return false;
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  return !Words.empty() &&
         (Words.front() == "wait" || Words.front() == "await");
}

bool isCoroutineProtocolName(StringRef Name) {
  return llvm::is_contained({"await_ready", "await_suspend", "await_resume",
                             "return_void", "return_value", "yield_value",
                             "initial_suspend", "final_suspend",
                             "unhandled_exception", "get_return_object"},
                            Name);
}

/// For `t.wait()` / `t.async_wait(h)` on a local timer constructed with a
/// duration (`steady_timer t(io, d)`), that duration.
const Expr *timerConstructionDuration(const CallExpr *Call) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  if (!M || !M->getDeclName().isIdentifier() ||
      (M->getName() != "wait" && M->getName() != "async_wait"))
    return nullptr;
  const CXXRecordDecl *RD = M->getParent();
  if (!RD->getDeclName().isIdentifier() ||
      !RD->getName().ends_with_insensitive("timer"))
    return nullptr;
  const VarDecl *V = refVar(MC->getImplicitObjectArgument());
  if (!V || !V->getInit())
    return nullptr;
  const auto *CE = dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit());
  if (!CE || CE->getNumArgs() < 2)
    return nullptr;
  return CE->getArg(1);
}

/// Does \p E (or the local it reads) come from a call whose result the
/// model cannot read: no body in the TU, a virtual call, or a field of a
/// struct a call returned (`permit.delay` after `permit = node.retry()`)?
bool handedOnlyTimes(const CallExpr *Call) {
  return Call->getNumArgs() > 0 &&
         llvm::all_of(Call->arguments(), [](const Expr *A) {
           QualType T = A->IgnoreParenImpCasts()->getType();
           if (T->isPointerType())
             T = T->getPointeeType();
           const auto *RD = T->getAsRecordDecl();
           return RD && RD->getDeclName().isIdentifier() &&
                  llvm::is_contained({"timespec", "timeval", "tm"},
                                     RD->getName());
         });
}

bool comesFromOpaqueCall(const Expr *E, unsigned Depth) {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *N) {
    if (Found)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *FD = calleeDecl(Call);
      const FunctionDecl *Def = nullptr;
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
      if (FD && !isStdLibrary(FD) && !isa<CXXConstructorDecl>(FD) &&
          !FD->isOverloadedOperator() && !handedOnlyTimes(Call) &&
          ((MD && MD->isVirtual()) || !FD->hasBody(Def)))
        Found = true;
    } else if (const auto *ME = dyn_cast<MemberExpr>(N)) {
      const VarDecl *V = refVar(ME->getBase());
      if (V && V->hasLocalStorage() && V->getInit() &&
          isa<CallExpr>(ignoreWrappers(V->getInit())))
        Found = true;
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(N)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && V->hasLocalStorage() && V->getInit() && Depth < 2 &&
          comesFromOpaqueCall(V->getInit(), Depth + 1))
        Found = true;
    }
  });
  return Found;
}

bool bodySkipped(const FunctionDecl *FD) {
  if (!FD)
    return false;
  for (const FunctionDecl *R : FD->redecls())
    if (R->hasSkippedBody())
      return true;
  // A template instantiation's body comes from its pattern.
  if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
    if (P != FD)
      return bodySkipped(P);
  return false;
}

} // namespace clang::tidy::retry::model
