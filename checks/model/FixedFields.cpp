// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Configuration members whose value the translation unit proves: a private
// flag of a class defined in the main file, set only by its default member
// initializer (`uint32_t retry_on_ = RETRY_ON_5XX | RETRY_ON_409;`). A retry
// predicate gated on it (`(retry_on_ & RETRY_ON_5XX) && status >= 500`)
// then decides the same way on every call.

#include "FixedFields.h"
#include "utils/AssignedVars.h"
#include "utils/AstWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::retry::model {

using namespace utils;

static bool namesField(const Expr *E, const FieldDecl *FD) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  return ME && ME->getMemberDecl() == FD;
}

/// Does \p Body write \p FD: change it (changeAt()), take its address or
/// bind it to a reference through which a call may write?
static bool writes(const Stmt *Body, const FieldDecl *FD) {
  bool Found = false;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (Found)
      return;
    changeAt(N, [&](const Expr *Target, const Expr *) {
      Found = Found || namesField(Target, FD);
    });
    if (const auto *UO = dyn_cast<UnaryOperator>(N))
      Found = Found || (UO->getOpcode() == UO_AddrOf &&
                        namesField(UO->getSubExpr(), FD));
    else if (const auto *Call = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      for (unsigned I = 0; I < Call->getNumArgs() && !Found; ++I) {
        if (!namesField(Call->getArg(I), FD))
          continue;
        // Unknown parameter, or a reference it may write through.
        if (!Callee || I >= Callee->getNumParams())
          Found = true;
        else if (QualType T = Callee->getParamDecl(I)->getType();
                 T->isReferenceType() &&
                 !T.getNonReferenceType().isConstQualified())
          Found = true;
      }
    }
  });
  return Found;
}

static std::optional<int64_t> computeFixedValue(const FieldDecl *FD,
                                                const ASTContext &Ctx) {
  const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent());
  const Expr *Init = FD->getInClassInitializer();
  if (!RD || !Init || FD->isMutable() || FD->getAccess() != AS_private ||
      !FD->getType()->isIntegralOrEnumerationType() || RD->isUnion() ||
      RD->isDependentContext() || RD->hasFriends() || Init->isValueDependent())
    return std::nullopt;
  // Members defined elsewhere, a nested class or a lambda of its own could
  // write it unseen: only a class of the main file, all of it here.
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isInMainFile(SM.getExpansionLoc(RD->getLocation())))
    return std::nullopt;
  for (const Decl *D : RD->decls())
    if (const auto *Nested = dyn_cast<CXXRecordDecl>(D);
        Nested && !Nested->isImplicit())
      return std::nullopt;
  Expr::EvalResult R;
  if (!Init->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  for (const CXXMethodDecl *M : RD->methods()) {
    if (M->isDeleted() || M->isDefaulted() || M->isPureVirtual())
      continue;
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def)
      return std::nullopt;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *I : Ctor->inits())
        if (I->getMember() == FD && I->isWritten())
          return std::nullopt;
    if (writes(Def->getBody(), FD))
      return std::nullopt;
  }
  return R.Val.getInt().getExtValue();
}

std::optional<int64_t> FixedFields::value(const FieldDecl *FD) {
  auto [It, New] = Values.try_emplace(FD);
  if (New)
    It->second = computeFixedValue(FD, Ctx);
  return It->second;
}

std::optional<int64_t> FixedFields::valueOf(const Expr *E, bool &ReadsField) {
  // C has no `this`: every condition of a C file would be evaluated for
  // nothing.
  if (!Ctx.getLangOpts().CPlusPlus)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent())
    return std::nullopt;
  if (Expr::EvalResult R; E->getType()->isIntegralOrEnumerationType() &&
                          E->EvaluateAsInt(R, Ctx) &&
                          R.Val.getInt().getSignificantBits() <= 64)
    return R.Val.getInt().getExtValue();
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return std::nullopt;
    std::optional<int64_t> V = value(FD);
    ReadsField = ReadsField || V.has_value();
    return V;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    std::optional<int64_t> V = valueOf(UO->getSubExpr(), ReadsField);
    if (!V)
      return std::nullopt;
    if (UO->getOpcode() == UO_LNot)
      return int64_t(!*V);
    if (UO->getOpcode() == UO_Not)
      return ~*V;
    return std::nullopt;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  std::optional<int64_t> L = valueOf(BO->getLHS(), ReadsField);
  if (!L)
    return std::nullopt;
  std::optional<int64_t> R = valueOf(BO->getRHS(), ReadsField);
  if (!R)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case BO_And:
    return *L & *R;
  case BO_Or:
    return *L | *R;
  case BO_Xor:
    return *L ^ *R;
  case BO_EQ:
    return int64_t(*L == *R);
  case BO_NE:
    return int64_t(*L != *R);
  case BO_LT:
    return int64_t(*L < *R);
  case BO_GT:
    return int64_t(*L > *R);
  case BO_LE:
    return int64_t(*L <= *R);
  case BO_GE:
    return int64_t(*L >= *R);
  case BO_LAnd:
    return int64_t(*L && *R);
  case BO_LOr:
    return int64_t(*L || *R);
  default:
    return std::nullopt;
  }
}

} // namespace clang::tidy::retry::model
