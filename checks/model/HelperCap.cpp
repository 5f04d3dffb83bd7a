// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attempt cap of a call to a retry helper: an integer argument, a
// policy object (`retryingPolicyBasic(3)`), or what the helper's own loop
// makes of this call's arguments (a cap on a parameter, a gate the call
// closes, no cap at all).

#include "HelperCap.h"
#include "HelperRetry.h"
#include "RetrySiteIndex.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The parameter of \p Helper that the cap comparison \p CapWhere reads
/// (`n >= max_tries`), and whether a zero argument turns that comparison
/// off (`max_tries != 0 && n >= max_tries`: 0 means no limit).
static const ParmVarDecl *capParameter(const Stmt *CapWhere,
                                       const FunctionDecl *Helper,
                                       const VarDecl *Counter, ASTContext &Ctx,
                                       bool &ZeroDisables) {
  ZeroDisables = false;
  const ParmVarDecl *Param = nullptr;
  forEachDescendant(CapWhere, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (P != Counter && llvm::is_contained(Helper->parameters(), P))
          Param = Param ? Param : P;
  });
  if (!Param)
    return nullptr;
  // Conjuncts next to the comparison that test the parameter against zero.
  DynTypedNode N = DynTypedNode::create(*CapWhere);
  for (int Steps = 0; Steps < 8; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      break;
    const auto *BO = Parents[0].get<BinaryOperator>();
    if (!BO) {
      if (Parents[0].get<ParenExpr>() || Parents[0].get<ImplicitCastExpr>()) {
        N = Parents[0];
        continue;
      }
      break;
    }
    if (BO->getOpcode() != BO_LAnd)
      break;
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
      const Expr *E = Side->IgnoreParenImpCasts();
      if (E == CapWhere)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        ZeroDisables = ZeroDisables || DRE->getDecl() == Param; // `&& max`
      if (const auto *Cmp = dyn_cast<BinaryOperator>(E))
        if (Cmp->getOpcode() == BO_NE || Cmp->getOpcode() == BO_GT) {
          const auto *L =
              dyn_cast<DeclRefExpr>(Cmp->getLHS()->IgnoreParenImpCasts());
          ZeroDisables =
              ZeroDisables || (L && L->getDecl() == Param &&
                               constInt(Cmp->getRHS(), Ctx, -1) == 0);
        }
    }
    N = Parents[0];
  }
  return Param;
}

/// Does \p Call close a gate of its helper's loop \p Own: a test at the top
/// level of the loop body that leaves (`if (idempotency == kNonIdempotent
/// || ...) return last;`) when a parameter of \p HelperDef equals a
/// constant, and \p Call passes that constant? Then the helper makes one
/// attempt for this call.
static bool closesGate(const RetrySite &Own, const FunctionDecl *HelperDef,
                       const CallExpr *Call, ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(loopParts(Own.Site).Body);
  if (!Body || !HelperDef)
    return false;
  auto Test = [&](const Expr *X, const Expr *K) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(X));
    if (!P || P->getDeclContext() != HelperDef)
      return false;
    int64_t KV = constInt(K, Ctx, INT64_MIN);
    const Expr *Arg = argForParam(Call, P);
    return KV != INT64_MIN && Arg && constInt(Arg, Ctx, INT64_MIN) == KV;
  };
  std::function<bool(const Expr *)> Closed = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_LOr)
        return Closed(BO->getLHS()) || Closed(BO->getRHS());
      if (BO->getOpcode() == BO_EQ)
        return Test(BO->getLHS(), BO->getRHS()) ||
               Test(BO->getRHS(), BO->getLHS());
    }
    return false;
  };
  for (const Stmt *S : Body->body()) {
    bool GoesBack = false;
    forEachDescendant(
        S, [&](const Stmt *N) { GoesBack = GoesBack || isa<ContinueStmt>(N); });
    const auto *If = dyn_cast<IfStmt>(S);
    const Stmt *Then = If ? If->getThen() : nullptr;
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then))
      Then = CS->body_empty() ? nullptr : CS->body_back();
    if (If && !If->getElse() && isa_and_nonnull<ReturnStmt, BreakStmt>(Then) &&
        Closed(If->getCond()))
      return true;
    // Something before the gate may go back without passing it.
    if (GoesBack)
      return false;
  }
  return false;
}

/// Is \p E a floating constant that is infinite (`INFINITY`,
/// `std::numeric_limits<double>::infinity()`): a cap that never stops?
static bool isInfinite(const Expr *E, const ASTContext &Ctx) {
  llvm::APFloat F(0.0);
  return E && !E->isValueDependent() && E->getType()->isRealFloatingType() &&
         E->EvaluateAsFloat(F, Ctx) && F.isInfinity();
}

/// \p E as an integer: an integer constant, or a floating one with an
/// integral value (`20` passed for a `double max_tries`); INT64_MIN if
/// neither.
static int64_t constWhole(const Expr *E, ASTContext &Ctx) {
  int64_t K = constInt(E, Ctx, INT64_MIN);
  llvm::APFloat F(0.0);
  if (K != INT64_MIN || !E || E->isValueDependent() ||
      !E->getType()->isRealFloatingType() || !E->EvaluateAsFloat(F, Ctx) ||
      !F.isFinite() || !F.isInteger() || llvm::abs(F) > llvm::APFloat(1e9))
    return K;
  return int64_t(F.convertToDouble());
}

/// The attempts a recursion makes that counts \p Counter up by one from
/// \p Start and recurses while \p Cmp (`tried < max_tries`) holds with
/// \p Bound for the other side; none for another shape.
static std::optional<unsigned> countedUpAttempts(const BinaryOperator *Cmp,
                                                 const VarDecl *Counter,
                                                 int64_t Start, int64_t Bound) {
  BinaryOperatorKind Op = Cmp->getOpcode();
  if (refVar(Cmp->getRHS()) == Counter)
    Op = BinaryOperator::reverseComparisonOp(Op);
  else if (refVar(Cmp->getLHS()) != Counter)
    return std::nullopt;
  int64_t Last = Op == BO_LT ? Bound - 1 : Op == BO_LE ? Bound : INT64_MIN;
  if (Last == INT64_MIN)
    return std::nullopt;
  // Recurses at Start..Last: one attempt more than that.
  return unsigned(std::clamp<int64_t>(Last - Start + 2, 1, 100000));
}

/// For a helper whose own site \p R.Own caps the attempts on a parameter
/// of \p HelperDef: sets \p Site's cap from the argument \p Call passes
/// for it. Whether an argument reached the parameter (the cap is mapped).
static bool capFromParameter(RetrySite &Site, const CallExpr *Call,
                             const HelperRetry &R,
                             const FunctionDecl *HelperDef, ASTContext &Ctx) {
  const RetrySite *Own = R.Own;
  bool Mapped = false;
  bool ZeroDisables = false;
  if (const ParmVarDecl *P = capParameter(
          Own->CapWhere, HelperDef, Own->AttemptCounter, Ctx, ZeroDisables))
    if (const Expr *Arg = argReaching(Call, R, P)) {
      int64_t K = constWhole(Arg, Ctx);
      Mapped = true;
      Site.CapWhere =
          isa<CXXDefaultArgExpr>(Arg) || !containsStmt(Call, Arg) ? Call : Arg;
      // A recursion counting up from what the call starts it with.
      const auto *Cmp = dyn_cast<BinaryOperator>(Own->CapWhere);
      const auto *Counter = dyn_cast_or_null<ParmVarDecl>(Own->AttemptCounter);
      std::optional<unsigned> Counted;
      if (Own->Kind == RetryKind::Recursion && Cmp && Counter &&
          K != INT64_MIN) {
        int64_t Start = constInt(argReaching(Call, R, Counter), Ctx, INT64_MIN);
        if (Start != INT64_MIN)
          Counted = countedUpAttempts(Cmp, Counter, Start, K);
      }
      if (isInfinite(Arg, Ctx)) {
        Site.Cap = CapKind::None;
      } else if (K == INT64_MIN ||
                 (Own->Kind == RetryKind::Recursion && !Counted)) {
        Site.Cap = CapKind::Variable;
      } else if (K <= 0 && ZeroDisables) {
        Site.Cap = CapKind::None;
      } else {
        Site.Cap = CapKind::Constant;
        Site.MaxAttempts =
            Counted ? *Counted : unsigned(std::max<int64_t>(K, 1));
      }
    }
  return Mapped;
}

/// Sets \p Site's cap from the first integer argument of \p Call, the
/// attempt budget of a helper whose body was not read.
static void capFromIntegerArgument(RetrySite &Site, const CallExpr *Call,
                                   ASTContext &Ctx) {
  for (const Expr *Arg : Call->arguments()) {
    if (!Arg->getType()->isIntegerType())
      continue;
    int64_t K = constInt(Arg, Ctx, INT64_MIN);
    if (K == INT64_MIN) {
      Site.Cap = CapKind::Variable;
    } else {
      Site.Cap = CapKind::Constant;
      Site.MaxAttempts = unsigned(std::max<int64_t>(K, 1));
    }
    Site.CapWhere = Arg;
    break;
  }
}

/// Sets \p Site's cap from a policy object among \p Call's arguments.
static void capFromPolicy(RetrySite &Site, const CallExpr *Call,
                          ASTContext &Ctx) {
  // Combinators take a policy object instead: folly's
  // retryingPolicyBasic(3) makes 3 attempts; google-cloud-cpp's
  // LimitedErrorCountRetryPolicy(2) tolerates 2 failures, so 3 attempts.
  auto IsCallable = [](const Expr *Arg) {
    const CXXRecordDecl *RD = Arg->getType()->getAsCXXRecordDecl();
    return (RD && RD->isLambda()) || isa<LambdaExpr>(ignoreWrappers(Arg));
  };
  for (const Expr *Arg : Call->arguments())
    if (!IsCallable(Arg))
      forEachDescendant(Arg, [&](const Stmt *N) {
        const auto *E = dyn_cast<Expr>(N);
        if (Site.Cap != CapKind::Policy || !E)
          return;
        std::string Name;
        llvm::SmallVector<const Expr *, 2> Args;
        if (const auto *C = dyn_cast<CallExpr>(E)) {
          if (const FunctionDecl *FD = calleeDecl(C)) {
            Name = FD->getNameAsString();
            // folly's basic policy retries every failure at once.
            if (FD->getQualifiedNameAsString() ==
                "folly::futures::retryingPolicyBasic")
              Site.ImmediatePolicy = E;
          }
          Args.append(C->arg_begin(), C->arg_end());
        } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
          if (const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl())
            Name = RD->getNameAsString();
          Args.append(CE->arg_begin(), CE->arg_end());
        }
        if (!StringRef(Name).contains_insensitive("policy") || Args.empty() ||
            !Args.front()->getType()->isIntegerType())
          return;
        int64_t K = constInt(Args.front(), Ctx, INT64_MIN);
        if (K == INT64_MIN)
          return;
        if (StringRef(Name).contains("ErrorCount"))
          ++K;
        Site.Cap = CapKind::Constant;
        Site.MaxAttempts = unsigned(std::max<int64_t>(K, 1));
        Site.CapWhere = E;
      });
}

void readHelperCap(RetrySiteIndex &Index, RetrySite &Site,
                   const CallExpr *Call) {
  ASTContext &Ctx = Index.context();
  // with_retries(3, op): the first integer argument is the attempt budget;
  // a helper without one decides itself.
  Site.Cap = CapKind::Policy;
  Site.CapWhere = Call;
  // A helper by behaviour bounds its attempts in its own loop or
  // recursion: a cap on a parameter takes this call's argument for it
  // (defaults included, through forwarding overloads), and one with no cap
  // retries this call forever.
  HelperRetry R = Index.helpers().helperRetry(Site.Helper);
  const RetrySite *Own = R.Own;
  Site.HelperOwn = Own;
  const FunctionDecl *HelperDef =
      Own ? Index.enclosingFunction(Own->Site) : nullptr;
  bool Mapped = false;
  if (Own && Own->Cap == CapKind::None && !Own->Deadline) {
    Site.Cap = CapKind::None;
    Site.CapWhere = Own->Site;
    Mapped = true;
  } else if (Own && Own->Cap == CapKind::Constant) {
    Site.Cap = CapKind::Constant;
    Site.MaxAttempts = Own->MaxAttempts;
    Site.CapWhere = Own->CapWhere;
    Mapped = true;
  } else if (Own && HelperDef && Own->Cap == CapKind::Variable &&
             Own->CapWhere) {
    Mapped = capFromParameter(Site, Call, R, HelperDef, Ctx);
  }
  if (Own && Own->Deadline && !Site.Deadline)
    Site.Deadline = Own->Deadline;
  if (Own && closesGate(*Own, HelperDef, Call, Ctx)) {
    Site.Cap = CapKind::Constant;
    Site.MaxAttempts = 1;
    Site.CapWhere = Call;
    Mapped = true;
  }
  // Unless the helper's body was read: an argument it does not use as its
  // cap (a starting count) is no budget.
  if (!Mapped && !Own)
    capFromIntegerArgument(Site, Call, Ctx);
  if (Site.Cap == CapKind::Policy)
    capFromPolicy(Site, Call, Ctx);
}

} // namespace clang::tidy::retry::model
