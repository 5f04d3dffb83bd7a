// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Duration.h"
#include "AstQueries.h"
#include "AstWalk.h"
#include "IdentifierWords.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>

namespace clang::tidy::retry::utils {

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

/// The unit of a std::chrono duration type in seconds: a std::chrono
/// typedef, or duration<Rep, ratio>.
std::optional<double> durationTypeUnit(QualType T) {
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
        if (U && StringRef(TD->getQualifiedNameAsString()).starts_with("std::"))
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
}

/// A duration written with its count: `milliseconds(n)`, `seconds{n}`, a
/// temporary or a construction from a non-duration. Sets \p T to the
/// duration type; null when \p E is none of these.
static const Expr *countOf(const Expr *E, QualType &T) {
  T = E->getType();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
    T = FC->getTypeAsWritten();
    const Expr *Sub = FC->getSubExpr()->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Sub))
      return CE->getNumArgs() == 1 ? CE->getArg(0) : nullptr;
    if (const auto *IL = dyn_cast<InitListExpr>(Sub))
      return IL->getNumInits() == 1 ? IL->getInit(0) : nullptr;
    return Sub;
  }
  if (const auto *TO = dyn_cast<CXXTemporaryObjectExpr>(E)) {
    T = TO->getTypeSourceInfo() ? TO->getTypeSourceInfo()->getType()
                                : TO->getType();
    return TO->getNumArgs() == 1 ? TO->getArg(0) : nullptr;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() == 1 &&
        !recordOf(CE->getArg(0)->IgnoreImplicit()->getType()))
      return CE->getArg(0)->IgnoreImplicit();
  return nullptr;
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
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && !isa<CXXTemporaryObjectExpr>(CE)) {
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    // A copy of another duration: look at that one.
    const Expr *Arg = CE->getArg(0)->IgnoreImplicit();
    if (recordOf(Arg->getType()))
      return durationSeconds(Arg, Ctx);
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A named constant.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType().isConstQualified() && VD->getInit())
        return durationSeconds(VD->getInit(), Ctx);
    return std::nullopt;
  }
  QualType T;
  const Expr *Count = countOf(E, T);
  if (!Count) {
    // A constexpr duration we cannot take apart (a literal operator
    // template such as libstdc++'s 90s): evaluate it and read its count,
    // the only member of std::chrono::duration.
    std::optional<double> Unit = durationTypeUnit(E->getType());
    Expr::EvalResult R;
    if (!Unit || E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) ||
        !R.Val.isStruct() || R.Val.getStructNumFields() < 1)
      return std::nullopt;
    return scaled(R.Val.getStructField(0), *Unit);
  }
  std::optional<double> Unit = durationTypeUnit(T);
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

static std::optional<double> maxValue(const Expr *E, const ASTContext &Ctx,
                                      unsigned Depth);

using GuardMap =
    llvm::DenseMap<const Stmt *, llvm::SmallVector<const Expr *, 2>>;

/// The conditions of the `if`s each binary operator in \p Body sits under
/// (in their then-branches).
static GuardMap guardsIn(const Stmt *Body) {
  GuardMap Guards;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (const auto *If = dyn_cast<IfStmt>(N))
      forEachDescendant(If->getThen(), [&](const Stmt *M) {
        if (isa<BinaryOperator>(M))
          Guards[M].push_back(If->getCond());
      });
  });
  return Guards;
}

/// Lowers \p B to the smallest bound a conjunct of \p C (`x <= K`,
/// `K > x`) puts on the expression profiled as \p Want.
static void tightenByConjuncts(const Expr *C,
                               const llvm::FoldingSetNodeID &Want,
                               std::optional<double> &B, const ASTContext &Ctx,
                               unsigned Depth) {
  auto Same = [&](const Expr *X) {
    llvm::FoldingSetNodeID Got;
    X->IgnoreParenImpCasts()->Profile(Got, Ctx, /*Canonical=*/true);
    return Got == Want;
  };
  const auto *BO = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
  if (!BO)
    return;
  if (BO->getOpcode() == BO_LAnd) {
    tightenByConjuncts(BO->getLHS(), Want, B, Ctx, Depth);
    tightenByConjuncts(BO->getRHS(), Want, B, Ctx, Depth);
    return;
  }
  const Expr *K = nullptr;
  if ((BO->getOpcode() == BO_LE || BO->getOpcode() == BO_LT) &&
      Same(BO->getLHS()))
    K = BO->getRHS();
  else if ((BO->getOpcode() == BO_GE || BO->getOpcode() == BO_GT) &&
           Same(BO->getRHS()))
    K = BO->getLHS();
  if (K)
    if (std::optional<double> KB = maxValue(K, Ctx, Depth + 1);
        KB && (!B || *KB < *B))
      B = KB;
}

/// The bound condition \p Cond puts on \p Rhs, when it compares \p Rhs
/// with a bounded value.
static std::optional<double> guardBound(const Expr *Rhs, const Expr *Cond,
                                        const ASTContext &Ctx, unsigned Depth) {
  std::optional<double> B;
  llvm::FoldingSetNodeID Want;
  Rhs->IgnoreParenImpCasts()->Profile(Want, Ctx, /*Canonical=*/true);
  tightenByConjuncts(Cond, Want, B, Ctx, Depth);
  return B;
}

/// An upper bound of local \p V: the largest of its initializer and every
/// plain assignment to it.
static std::optional<double> maxOfLocal(const VarDecl *V, const ASTContext &Ctx,
                                        unsigned Depth) {
  if (!V || !V->hasLocalStorage() || !V->getInit())
    return std::nullopt;
  std::optional<double> Best = maxValue(V->getInit(), Ctx, Depth + 1);
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
  if (V->getType().isConstQualified() || !Fn || !Fn->getBody() || !Best)
    return Best;
  auto IsV = [&](const Expr *X) {
    const auto *L = dyn_cast<DeclRefExpr>(X->IgnoreParenCasts());
    return L && L->getDecl() == V;
  };
  // The tests an assignment sits under: `if (r && ra(r) <= 2000) ms =
  // ra(r);` bounds what it assigns by 2000.
  GuardMap Guards = guardsIn(Fn->getBody());
  bool Unbounded = false;
  forEachDescendant(Fn->getBody(), [&](const Stmt *N) {
    if (Unbounded)
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(N)) {
      Unbounded = UO->isIncrementDecrementOp() && IsV(UO->getSubExpr());
      return;
    }
    const auto *BO = dyn_cast<BinaryOperator>(N);
    if (!BO || !BO->isAssignmentOp() || !IsV(BO->getLHS()))
      return;
    if (BO->getOpcode() != BO_Assign) {
      Unbounded = true;
      return;
    }
    std::optional<double> B = maxValue(BO->getRHS(), Ctx, Depth + 1);
    if (auto It = Guards.find(BO); !B && It != Guards.end())
      for (const Expr *Cond : It->second)
        if (std::optional<double> G =
                guardBound(BO->getRHS(), Cond, Ctx, Depth))
          B = G;
    if (!B)
      Unbounded = true;
    else
      Best = std::max(*Best, *B);
  });
  if (Unbounded)
    return std::nullopt;
  return Best;
}

/// An upper bound of `a + b`, `a * b`, `a << b` and `rand() % N`.
static std::optional<double>
maxOfBinary(const BinaryOperator *BO, const ASTContext &Ctx, unsigned Depth) {
  std::optional<double> L = maxValue(BO->getLHS(), Ctx, Depth + 1);
  if (BO->getOpcode() == BO_Rem) { // rand() % N
    std::optional<double> N = maxValue(BO->getRHS(), Ctx, Depth + 1);
    return N && *N > 0 ? std::optional<double>(*N - 1) : std::nullopt;
  }
  std::optional<double> Rt = maxValue(BO->getRHS(), Ctx, Depth + 1);
  if (!L || !Rt)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case BO_Add:
    return *L + *Rt;
  case BO_Mul:
    return *L >= 0 && *Rt >= 0 ? std::optional<double>(*L * *Rt) : std::nullopt;
  case BO_Shl:
    return *Rt >= 0 && *Rt < 63
               ? std::optional<double>(*L * std::ldexp(1.0, int(*Rt)))
               : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// An upper bound of `c ? a : b`.
static std::optional<double> maxOfConditional(const ConditionalOperator *CO,
                                              const ASTContext &Ctx,
                                              unsigned Depth) {
  std::optional<double> T = maxValue(CO->getTrueExpr(), Ctx, Depth + 1),
                        F = maxValue(CO->getFalseExpr(), Ctx, Depth + 1);
  // The min idiom `x < K ? x : K` (or `x > K ? K : x`): the arm that is x
  // is taken only while x is below K.
  auto SameVar = [](const Expr *A, const Expr *B) {
    const auto *DA = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
    const auto *DB = dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts());
    return DA && DB && DA->getDecl() == DB->getDecl();
  };
  if (const auto *C =
          dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts())) {
    bool Below = C->getOpcode() == BO_LT || C->getOpcode() == BO_LE;
    bool Above = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
    if (Below && SameVar(C->getLHS(), CO->getTrueExpr()))
      T = maxValue(C->getRHS(), Ctx, Depth + 1);
    if (Above && SameVar(C->getLHS(), CO->getFalseExpr()))
      F = maxValue(C->getRHS(), Ctx, Depth + 1);
  }
  if (T && F)
    return std::max(*T, *F);
  return std::nullopt;
}

/// An upper bound of `dist(rng)` when dist is a uniform distribution.
static std::optional<double> maxOfDistribution(const CXXOperatorCallExpr *OC,
                                               const ASTContext &Ctx,
                                               unsigned Depth) {
  const Expr *Obj = OC->getArg(0)->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Obj))
    Obj = MT->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->getInit())
      Obj = V->getInit()->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Obj)) {
    const CXXRecordDecl *RD = recordOf(CE->getType());
    if (RD && RD->getDeclName().isIdentifier() &&
        RD->getName().starts_with("uniform_") && CE->getNumArgs() == 2)
      return maxValue(CE->getArg(1), Ctx, Depth + 1);
  }
  return std::nullopt;
}

/// An upper bound of `std::min(a, b)` and `std::max(a, b)`.
static std::optional<double>
maxOfMinMax(const CallExpr *Call, const ASTContext &Ctx, unsigned Depth) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !isStdLibrary(FD) || !FD->getDeclName().isIdentifier() ||
      Call->getNumArgs() != 2)
    return std::nullopt;
  std::optional<double> A = maxValue(Call->getArg(0), Ctx, Depth + 1),
                        B = maxValue(Call->getArg(1), Ctx, Depth + 1);
  if (FD->getName() == "min") {
    if (A && B)
      return std::min(*A, *B);
    return A ? A : B; // min(a, b) <= each bound
  }
  if (FD->getName() == "max" && A && B)
    return std::max(*A, *B);
  return std::nullopt;
}

/// An upper bound of the integer expression \p E, or none.
static std::optional<double> maxValue(const Expr *E, const ASTContext &Ctx,
                                      unsigned Depth) {
  if (!E || Depth > 6)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParenCasts();
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return double(R.Val.getInt().getExtValue());
  // A local: the largest of its initializer and every plain assignment to
  // it; one stepped or compound-assigned may grow without bound.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return maxOfLocal(dyn_cast<VarDecl>(DRE->getDecl()), Ctx, Depth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return maxOfBinary(BO, Ctx, Depth);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return maxOfConditional(CO, Ctx, Depth);
  // dist(rng) on a uniform distribution: its upper parameter.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Call && OC->getNumArgs() >= 1)
    return maxOfDistribution(OC, Ctx, Depth);
  // std::min / std::max
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return maxOfMinMax(Call, Ctx, Depth);
  return std::nullopt;
}

std::optional<double> maxDurationSeconds(const Expr *E, const ASTContext &Ctx) {
  if (std::optional<double> S = durationSeconds(E, Ctx))
    return S;
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    E = MT->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    E = BT->getSubExpr()->IgnoreParenImpCasts();
  QualType T;
  const Expr *Count = countOf(E, T);
  std::optional<double> Unit = durationTypeUnit(T);
  if (!Count || !Unit)
    return std::nullopt;
  std::optional<double> M = maxValue(Count, Ctx, 0);
  if (!M || *M < 0)
    return std::nullopt;
  return *M * *Unit;
}

std::optional<double> elapsedBoundSeconds(const Expr *Clock, const Expr *Bound,
                                          const ASTContext &Ctx) {
  if (!Clock || !Bound)
    return std::nullopt;
  if (std::optional<double> S = durationSeconds(Bound, Ctx))
    return S;
  Expr::EvalResult R;
  if (Bound->isValueDependent() || !Bound->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  double K = double(R.Val.getInt().getSExtValue());
  std::optional<double> Unit;
  forEachDescendant(Clock, [&](const Stmt *N) {
    if (Unit)
      return;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (M && M->getDeclName().isIdentifier() && M->getName() == "count")
        Unit = durationTypeUnit(
            MC->getImplicitObjectArgument()->IgnoreImplicit()->getType());
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(N)) {
      // A one-word name (`s`, `ms`) is too short to say a unit.
      const ValueDecl *D = DRE->getDecl();
      if (D->getDeclName().isIdentifier() &&
          identifierWords(D->getName()).size() > 1)
        Unit = durationUnitFromName(D->getName());
    }
  });
  if (!Unit)
    return std::nullopt;
  return K * *Unit;
}

std::optional<double> durationUnitFromName(StringRef Name) {
  auto Words = identifierWords(Name);
  for (auto It = Words.rbegin(); It != Words.rend(); ++It) {
    std::optional<double> U =
        llvm::StringSwitch<std::optional<double>>(*It)
            .Cases({"us", "usec", "micros", "microseconds"}, 0.000001)
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

} // namespace clang::tidy::retry::utils
