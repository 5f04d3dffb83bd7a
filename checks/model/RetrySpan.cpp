// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RetrySpan.h"
#include "AttemptCap.h"
#include "utils/AstQueries.h"
#include "utils/Duration.h"

namespace clang::tidy::retry::model {

using namespace utils;

std::optional<double> attemptTimeout(const CallExpr *Call,
                                     const ASTContext &Ctx) {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD)
    return std::nullopt;
  for (unsigned I = 0; I < Call->getNumArgs() && I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (!P->getDeclName().isIdentifier() ||
        !StringRef(P->getName()).contains_insensitive("timeout"))
      continue;
    if (std::optional<double> D = durationSeconds(Call->getArg(I), Ctx))
      return D;
    std::optional<double> Unit = durationUnitFromName(P->getName());
    Expr::EvalResult R;
    if (Unit && !Call->getArg(I)->isValueDependent() &&
        Call->getArg(I)->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue() * *Unit;
  }
  return std::nullopt;
}

/// The worst-case span of one site; none when it is unbounded or a wait
/// has no bound.
static std::optional<double> worstSpan(const RetrySite &S, const ApiModel &Api,
                                       const ASTContext &Ctx) {
  // An elapsed-time guard lets one more wait and attempt follow it.
  std::optional<double> Guard =
      S.Deadline ? deadlineSeconds(S, Ctx) : std::nullopt;
  if (S.Cap != CapKind::Constant && !Guard)
    return std::nullopt; // unbounded or unknown: no span covers it
  double MaxWait = 0;
  for (const Wait &W : S.Waits) {
    std::optional<unsigned> Arg =
        W.Call ? Api.waitDurationArg(W.Call) : std::nullopt;
    std::optional<double> D;
    if (Arg && *Arg < W.Call->getNumArgs())
      D = maxDurationSeconds(W.Call->getArg(*Arg), Ctx);
    if (!D)
      return std::nullopt;
    MaxWait = std::max(MaxWait, *D);
  }
  double Timeout = 0;
  for (const Operation &Op : S.Operations)
    if (std::optional<double> T =
            attemptTimeout(Op.InnerCall ? Op.InnerCall : Op.Call, Ctx))
      Timeout = std::max(Timeout, *T);
  double Span = S.Cap == CapKind::Constant ? S.MaxAttempts * (MaxWait + Timeout)
                                           : *Guard + MaxWait + Timeout;
  if (Guard)
    Span = std::min(Span, *Guard + MaxWait + Timeout);
  return Span;
}

std::optional<double> worstRetrySpan(llvm::ArrayRef<const RetrySite *> Sites,
                                     const ApiModel &Api,
                                     const ASTContext &Ctx) {
  double Worst = 0;
  for (const RetrySite *S : Sites) {
    std::optional<double> Span = worstSpan(*S, Api, Ctx);
    if (!Span)
      return std::nullopt;
    Worst = std::max(Worst, *Span);
  }
  if (Sites.empty())
    return std::nullopt;
  return Worst;
}

LeastSpan longestLeastSpan(llvm::ArrayRef<const RetrySite *> Sites,
                           const ApiModel &Api, const ASTContext &Ctx) {
  LeastSpan Longest;
  for (const RetrySite *S : Sites) {
    if (S->Cap != CapKind::Constant || S->MaxAttempts < 2)
      continue;
    double MaxWait = 0;
    for (const Wait &W : S->Waits) {
      if (W.Grows || W.Jitter == Fact::Yes || !W.Call)
        continue;
      std::optional<unsigned> Arg = Api.waitDurationArg(W.Call);
      if (!Arg || *Arg >= W.Call->getNumArgs())
        continue;
      if (std::optional<double> D = durationSeconds(W.Call->getArg(*Arg), Ctx))
        MaxWait = std::max(MaxWait, *D);
    }
    double Sp = (S->MaxAttempts - 1) * MaxWait;
    if (S->Deadline)
      if (std::optional<double> Guard = deadlineSeconds(*S, Ctx))
        Sp = std::min(Sp, *Guard + MaxWait);
    if (Sp > Longest.Seconds)
      Longest = {S, Sp, MaxWait};
  }
  return Longest;
}

} // namespace clang::tidy::retry::model
