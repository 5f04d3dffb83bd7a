// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Duration.h"
#include "AstQueries.h"
#include "IdentifierWords.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>

namespace clang::tidy::retry {

/// A constant's value times \p Unit, when the constant is a number.
static std::optional<double> scaled(const APValue &V, double Unit) {
  if (V.isInt())
    return V.getInt().getSExtValue() * Unit;
  if (V.isFloat())
    return V.getFloat().convertToDouble() * Unit;
  return std::nullopt;
}

std::string formatSeconds(double S) {
  auto Num = [](double V) {
    if (std::fabs(V - std::round(V)) < 1e-9)
      return std::to_string(static_cast<long long>(std::round(V)));
    std::string Str = std::to_string(V);
    while (!Str.empty() && Str.back() == '0')
      Str.pop_back();
    if (!Str.empty() && Str.back() == '.')
      Str.pop_back();
    return Str;
  };
  // The largest unit that divides the value: 24 h, 90 min, 90 s.
  if (S < 1)
    return Num(S * 1000) + " ms";
  if (S >= 172800 && std::fmod(S, 86400) == 0)
    return Num(S / 86400) + " days";
  if (S >= 3600 && std::fmod(S, 3600) == 0)
    return Num(S / 3600) + " h";
  if (S >= 60 && std::fmod(S, 60) == 0)
    return Num(S / 60) + " min";
  return Num(S) + " s";
}

std::optional<double> parseDuration(StringRef Text) {
  Text = Text.trim();
  size_t Split = Text.find_first_not_of("0123456789.");
  if (Split == 0 || Split == StringRef::npos)
    return std::nullopt;
  double V;
  if (Text.take_front(Split).getAsDouble(V) || V <= 0)
    return std::nullopt;
  std::optional<double> Unit =
      llvm::StringSwitch<std::optional<double>>(Text.drop_front(Split).trim())
          .Cases({"ms", "msec"}, 0.001)
          .Cases({"s", "sec", "secs", "seconds"}, 1.0)
          .Cases({"min", "mins", "minutes"}, 60.0)
          .Cases({"h", "hours"}, 3600.0)
          .Cases({"d", "days"}, 86400.0)
          .Cases({"w", "weeks"}, 604800.0)
          .Default(std::nullopt);
  if (!Unit)
    return std::nullopt;
  return V * *Unit;
}

std::optional<double> durationSeconds(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return durationSeconds(EWC->getSubExpr(), Ctx);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return durationSeconds(MT->getSubExpr(), Ctx);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return durationSeconds(BT->getSubExpr(), Ctx);
  // 10min, 30s, 500ms.
  if (const auto *UDL = dyn_cast<UserDefinedLiteral>(E)) {
    const FunctionDecl *Op = UDL->getDirectCallee();
    if (!Op || !UDL->getUDSuffix())
      return std::nullopt;
    std::optional<double> Unit =
        llvm::StringSwitch<std::optional<double>>(UDL->getUDSuffix()->getName())
            .Case("h", 3600.0)
            .Case("min", 60.0)
            .Case("s", 1.0)
            .Case("ms", 1e-3)
            .Case("us", 1e-6)
            .Case("ns", 1e-9)
            .Default(std::nullopt);
    if (!Unit)
      return std::nullopt;
    const Expr *Lit = UDL->getCookedLiteral();
    Expr::EvalResult R;
    if (!Lit || !Lit->EvaluateAsRValue(R, Ctx)) {
      // A literal operator template: evaluate the whole duration.
      Expr::EvalResult Whole;
      if (!UDL->isValueDependent() && UDL->EvaluateAsRValue(Whole, Ctx) &&
          Whole.Val.isStruct() && Whole.Val.getStructNumFields() >= 1 &&
          Whole.Val.getStructField(0).isInt())
        return Whole.Val.getStructField(0).getInt().getSExtValue() * *Unit;
      return std::nullopt;
    }
    return scaled(R.Val, *Unit);
  }
  // The unit from the type: a std::chrono typedef, or duration<Rep, ratio>.
  auto UnitOf = [](QualType T) -> std::optional<double> {
    for (int I = 0; I < 8 && !T.isNull(); ++I) {
      if (const auto *TT = T->getAs<TypedefType>()) {
        const TypedefNameDecl *TD = TT->getDecl();
        if (TD->getDeclName().isIdentifier()) {
          std::optional<double> U =
              llvm::StringSwitch<std::optional<double>>(TD->getName())
                  .Case("nanoseconds", 1e-9)
                  .Case("microseconds", 1e-6)
                  .Case("milliseconds", 1e-3)
                  .Case("seconds", 1.0)
                  .Case("minutes", 60.0)
                  .Case("hours", 3600.0)
                  .Case("days", 86400.0)
                  .Case("weeks", 604800.0)
                  .Default(std::nullopt);
          // std::chrono::minutes: "in std" but not directly, so compare
          // the qualified name.
          if (U &&
              StringRef(TD->getQualifiedNameAsString()).starts_with("std::"))
            return U;
        }
        T = TD->getUnderlyingType();
        continue;
      }
      break;
    }
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T.isNull() ? nullptr : T->getAsCXXRecordDecl());
    if (!Spec || Spec->getName() != "duration" ||
        Spec->getTemplateArgs().size() < 2)
      return std::nullopt;
    const TemplateArgument &P = Spec->getTemplateArgs()[1];
    if (P.getKind() != TemplateArgument::Type)
      return std::nullopt;
    const auto *Ratio = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        P.getAsType()->getAsCXXRecordDecl());
    if (!Ratio || Ratio->getName() != "ratio" ||
        Ratio->getTemplateArgs().size() < 2 ||
        Ratio->getTemplateArgs()[0].getKind() != TemplateArgument::Integral ||
        Ratio->getTemplateArgs()[1].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    double Num = Ratio->getTemplateArgs()[0].getAsIntegral().getSExtValue();
    double Den = Ratio->getTemplateArgs()[1].getAsIntegral().getSExtValue();
    if (Den == 0)
      return std::nullopt;
    return Num / Den;
  };
  QualType T = E->getType();
  const Expr *Count = nullptr;
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
    T = FC->getTypeAsWritten();
    const Expr *Sub = FC->getSubExpr()->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Sub)) {
      if (CE->getNumArgs() == 1)
        Count = CE->getArg(0);
    } else if (const auto *IL = dyn_cast<InitListExpr>(Sub)) {
      if (IL->getNumInits() == 1)
        Count = IL->getInit(0);
    } else {
      Count = Sub;
    }
  } else if (const auto *TO = dyn_cast<CXXTemporaryObjectExpr>(E)) {
    T = TO->getTypeSourceInfo() ? TO->getTypeSourceInfo()->getType()
                                : TO->getType();
    if (TO->getNumArgs() == 1)
      Count = TO->getArg(0);
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    const Expr *Arg = CE->getArg(0)->IgnoreImplicit();
    // A copy of another duration: look at that one.
    if (recordOf(Arg->getType()))
      return durationSeconds(Arg, Ctx);
    Count = Arg;
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A named constant.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType().isConstQualified() && VD->getInit())
        return durationSeconds(VD->getInit(), Ctx);
    return std::nullopt;
  }
  if (!Count) {
    // A constexpr duration we cannot take apart (a literal operator
    // template such as libstdc++'s 90s): evaluate it and read its count,
    // the only member of std::chrono::duration.
    std::optional<double> Unit = UnitOf(E->getType());
    Expr::EvalResult R;
    if (!Unit || E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) ||
        !R.Val.isStruct() || R.Val.getStructNumFields() < 1)
      return std::nullopt;
    return scaled(R.Val.getStructField(0), *Unit);
  }
  std::optional<double> Unit = UnitOf(T);
  if (!Unit)
    return std::nullopt;
  Count = Count->IgnoreImpCasts();
  if (recordOf(Count->getType()))
    return std::nullopt;
  Expr::EvalResult R;
  if (Count->isValueDependent() || !Count->EvaluateAsRValue(R, Ctx))
    return std::nullopt;
  return scaled(R.Val, *Unit);
}

std::optional<double> durationUnitFromName(StringRef Name) {
  auto Words = identifierWords(Name);
  for (auto It = Words.rbegin(); It != Words.rend(); ++It) {
    std::optional<double> U =
        llvm::StringSwitch<std::optional<double>>(*It)
            .Cases({"ms", "msec", "millis", "milliseconds"}, 0.001)
            .Cases({"s", "sec", "secs", "second", "seconds"}, 1.0)
            .Cases({"min", "mins", "minute", "minutes"}, 60.0)
            .Cases({"h", "hr", "hrs", "hour", "hours"}, 3600.0)
            .Cases({"d", "day", "days"}, 86400.0)
            .Default(std::nullopt);
    if (U)
      return U;
  }
  return std::nullopt;
}

} // namespace clang::tidy::retry
