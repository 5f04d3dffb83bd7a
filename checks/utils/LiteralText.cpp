// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "LiteralText.h"
#include "AstQueries.h"
#include "AstWalk.h"

namespace clang::tidy::retry::utils {

std::optional<StringRef> stringLiteralText(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *SL = dyn_cast_or_null<StringLiteral>(E))
    if (SL->getCharByteWidth() == 1)
      return SL->getString();
  return std::nullopt;
}

std::optional<StringRef> literalText(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return std::nullopt;
  if (std::optional<StringRef> S = stringLiteralText(E))
    return S;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *M = MC->getMethodDecl())
      if (M->getDeclName().isIdentifier() &&
          (M->getName() == "c_str" || M->getName() == "data"))
        return literalText(MC->getImplicitObjectArgument());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() >= 1)
      return literalText(CE->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (const Expr *Init = VD->getInit())
        // Only variables that are never reassigned: const ones or a
        // literal pointer whose value stays put in practice.
        if (VD->getType().isConstQualified() ||
            VD->getType()->isPointerType() ||
            VD->getType().getNonReferenceType()->isRecordType())
          return literalText(Init);
  return std::nullopt;
}

const StringLiteral *firstLiteralIn(const Expr *E) {
  const Expr *Where = E;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E)))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        Where = VD->getInit();
  const StringLiteral *Out = nullptr;
  forEachDescendant(Where, [&](const Stmt *N) {
    if (const auto *SL = dyn_cast<StringLiteral>(N))
      if (!Out && SL->getCharByteWidth() == 1)
        Out = SL;
  });
  return Out;
}

} // namespace clang::tidy::retry::utils
