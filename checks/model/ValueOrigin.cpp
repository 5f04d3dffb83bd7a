// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Per-attempt origins: the tracer itself (through locals, string building,
// buffer writers, struct fields and same-TU helpers). The leaves a value is
// built from, collected along the same paths, are in ValueLeaves.h.

#include "ValueOrigin.h"
#include "BufferWriters.h"
#include "ValueLeaves.h"
#include "WaitNames.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

constexpr unsigned MaxDepth = 12;
constexpr unsigned MaxBudget = 400;

} // namespace

/// Is \p Assign (to \p V) guarded so that it runs once, not per attempt:
/// `if (key.empty()) key = ...;` or `if (attempt == 0) key = ...;`?
static bool isMintedOnce(const Stmt *Assign, const VarDecl *V,
                         const Stmt *Body) {
  bool Once = false;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (Once || !If || If->getElse())
      return;
    bool InThen = false;
    forEachDescendant(If->getThen(),
                      [&](const Stmt *N) { InThen = InThen || N == Assign; });
    if (!InThen)
      return;
    const Expr *Cond = If->getCond()->IgnoreParenImpCasts();
    // The guard tests the key itself: it is only filled while empty.
    forEachDescendant(Cond, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (DRE->getDecl() == V)
          Once = true;
    });
    // `attempt == 0` / `!attempt`: only the first attempt.
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond))
      if (BO->getOpcode() == BO_EQ)
        for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
          if (const auto *IL =
                  dyn_cast<IntegerLiteral>(Side->IgnoreParenImpCasts()))
            if (IL->getValue() == 0)
              Once = true;
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
      if (UO->getOpcode() == UO_LNot &&
          UO->getSubExpr()->getType()->isIntegerType())
        Once = true;
  });
  return Once;
}

static const FunctionDecl *scopeFunction(const VarDecl *V) {
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

std::string Origin::describe() const {
  switch (Kind) {
  case SourceKind::RandomUuid:
    return "a random UUID from '" + Name + "'";
  case SourceKind::Clock:
    return "the clock ('" + Name + "')";
  case SourceKind::RandomNumber:
    return "a random number from '" + Name + "'";
  case SourceKind::CallIdentity:
    return "the per-call identifier '" + Name + "'";
  case SourceKind::AttemptCounter:
    return "the attempt counter '" + Name + "'";
  case SourceKind::Configured:
    return "a per-attempt value from '" + Name + "'";
  }
  return "a per-attempt value";
}

llvm::SmallVector<Origin, 2>
ValueOrigin::perAttemptOrigins(const Expr *E, const FunctionDecl *Fn) {
  Result.clear();
  Visiting.clear();
  Budget = 0;
  Frame Root;
  Root.Fn = Fn;
  trace(E, Root, 0);
  return Result;
}

llvm::SmallVector<Leaf, 4> ValueOrigin::leaves(const Expr *E,
                                               const FunctionDecl *Fn) {
  HashDepth = 0;
  LeafCollector Leaves(Model);
  Collector = &Leaves;
  llvm::SmallVector<Origin, 2> PerAttempt = perAttemptOrigins(E, Fn);
  Collector = nullptr;
  Result.clear();
  return Leaves.take(PerAttempt);
}

void ValueOrigin::add(SourceKind K, const Expr *Where, const Frame &F,
                      std::string Name, const VarDecl *Counter) {
  for (const Origin &O : Result)
    if (O.Where == Where)
      return;
  Origin O;
  O.Kind = K;
  O.Where = Where;
  O.Anchor = F.AnchorOverride ? F.AnchorOverride : Where;
  O.Name = std::move(Name);
  O.Counter = Counter;
  Result.push_back(std::move(O));
}

void ValueOrigin::trace(const Expr *E, const Frame &F, unsigned Depth) {
  if (!E || Depth > MaxDepth || ++Budget > MaxBudget) {
    if (Collector && E)
      Collector->add(LeafKind::Unknown, E, nullptr, HashDepth > 0);
    return;
  }
  E = ignoreWrappers(E);
  if (!E || E->isTypeDependent()) {
    if (Collector && E)
      Collector->add(LeafKind::Unknown, E, nullptr, HashDepth > 0);
    return;
  }
  if (Collector &&
      Collector->atLeaf(E, HashDepth > 0,
                        [&](const VarDecl *Base, const FieldDecl *Field) {
                          traceField(Base, Field, F, Depth);
                        }))
    return;

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      traceVar(V, DRE, F, Depth);
    return;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *Member = ME->getMemberDecl();
    if (Member->getDeclName().isIdentifier() &&
        Model.isPerAttemptName(Member->getName())) {
      add(SourceKind::CallIdentity, ME, F, Member->getNameAsString());
      return;
    }
    if (const auto *FD = dyn_cast<FieldDecl>(Member))
      if (const VarDecl *Base = refVar(ME->getBase()))
        traceParamField(Base, FD, F, Depth);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    traceCall(Call, F, Depth);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    trace(BO->getLHS(), F, Depth + 1);
    trace(BO->getRHS(), F, Depth + 1);
    return;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    trace(CO->getTrueExpr(), F, Depth + 1);
    trace(CO->getFalseExpr(), F, Depth + 1);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    trace(UO->getSubExpr(), F, Depth + 1);
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    for (const Expr *Arg : CE->arguments())
      trace(Arg, F, Depth + 1);
    return;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : IL->inits())
      trace(Init, F, Depth + 1);
    return;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    trace(CE->getSubExpr(), F, Depth + 1);
    return;
  }
  if (Collector)
    Collector->add(LeafKind::Unknown, E, nullptr, HashDepth > 0);
}

/// The name a message gives the source \p Call: its callee, qualified; but
/// a method of a class template instance called on an object is named
/// after the object's type as the code wrote it ('std::mt19937_64::
/// operator()', not the engine template with its arguments spelled out).
static std::string sourceName(const CallExpr *Call,
                              const FunctionDecl *Callee) {
  if (!Callee)
    return "";
  const auto *M = dyn_cast<CXXMethodDecl>(Callee);
  const Expr *Obj = nullptr;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && M && OC->getNumArgs() > 0)
    Obj = OC->getArg(0);
  else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    Obj = MC->getImplicitObjectArgument();
  if (!M || !Obj || !isa<ClassTemplateSpecializationDecl>(M->getParent()))
    return Callee->getQualifiedNameAsString();
  QualType T = Obj->IgnoreParenImpCasts()->getType().getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  PrintingPolicy Policy(Callee->getASTContext().getLangOpts());
  Policy.SuppressTagKeyword = true;
  return T.getUnqualifiedType().getAsString(Policy) +
         "::" + M->getNameAsString();
}

void ValueOrigin::traceCall(const CallExpr *Call, const Frame &F,
                            unsigned Depth) {
  const FunctionDecl *Callee = calleeDecl(Call);
  if (std::optional<SourceKind> K = Model.perAttemptSource(Call)) {
    add(*K, Call, F, sourceName(Call, Callee));
    return;
  }
  if (!Callee) {
    if (Collector)
      Collector->add(LeafKind::Unknown, Call, nullptr, HashDepth > 0);
    return;
  }
  if (Collector && isHashLike(Callee)) {
    // hash(body), sha256(amount + currency), j.dump(): the key is made of
    // what was hashed.
    ++HashDepth;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      trace(MC->getImplicitObjectArgument(), F, Depth + 1);
    for (const Expr *Arg : Call->arguments())
      trace(Arg, F, Depth + 1);
    --HashDepth;
    return;
  }
  StringRef Name =
      Callee->getDeclName().isIdentifier() ? Callee->getName() : "";
  std::string OpName = Callee->getNameAsString();

  // String building: s + t, s += t, s.append(t), s.c_str(), oss.str().
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
    OverloadedOperatorKind Op = OC->getOperator();
    // String building and arithmetic (durations, counters) derive from
    // their operands.
    if (Op == OO_Plus || Op == OO_PlusEqual || Op == OO_LessLess ||
        Op == OO_Subscript || Op == OO_Star || Op == OO_Slash ||
        Op == OO_Minus || Op == OO_Percent) {
      for (const Expr *Arg : OC->arguments())
        trace(Arg, F, Depth + 1);
      return;
    }
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    if (Model.isValueTransform(Callee) || isAppender(OpName) ||
        llvm::is_contained({"c_str", "data", "str", "substr", "string",
                            "to_string", "value", "get"},
                           Name) ||
        // A const accessor without arguments derives its result from the
        // object: now().time_since_epoch().count().
        (isa<CXXMethodDecl>(Callee) && cast<CXXMethodDecl>(Callee)->isConst() &&
         MC->getNumArgs() == 0)) {
      trace(MC->getImplicitObjectArgument(), F, Depth + 1);
      for (const Expr *Arg : MC->arguments())
        trace(Arg, F, Depth + 1);
      return;
    }
  }
  // A time computed from times (`tv_diff_ms(&end, &now)`, in another file)
  // comes from what it is handed.
  if (Model.isValueTransform(Callee) ||
      (!Callee->hasBody() && handedOnlyTimes(Call))) {
    for (const Expr *Arg : Call->arguments())
      trace(Arg, F, Depth + 1);
    return;
  }
  traceHelper(Call, Callee, F, Depth);
}

void ValueOrigin::traceHelper(const CallExpr *Call, const FunctionDecl *Callee,
                              const Frame &F, unsigned Depth) {
  // A same-TU helper: trace what it returns; its parameters are bound to
  // this call's arguments.
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def || isStdLibrary(Callee) ||
      Visiting.count(Def)) {
    if (Collector && !(Def && Visiting.count(Def)))
      Collector->add(LeafKind::Call, Call, Callee, HashDepth > 0);
    return;
  }
  Visiting.insert(Def);
  Frame Inner;
  Inner.Fn = Def;
  Inner.AnchorOverride = F.AnchorOverride ? F.AnchorOverride : Call;
  Inner.Call = Call;
  Inner.Caller = &F;
  forEachDescendant(Def->getBody(), [&](const Stmt *S) {
    if (const auto *RS = dyn_cast<ReturnStmt>(S))
      trace(RS->getRetValue(), Inner, Depth + 1);
  });
  Visiting.erase(Def);
}

/// Is \p V incremented, decremented or (an integer) compound-assigned in
/// its own function, like a loop counter?
static bool isCountedInScope(const VarDecl *V) {
  bool Counter = false;
  if (const FunctionDecl *Scope = scopeFunction(V)) {
    forEachDescendant(Scope->getBody(), [&](const Stmt *S) {
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        if (UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == V)
          Counter = true;
      if (const auto *CA = dyn_cast<CompoundAssignOperator>(S))
        if (refVar(CA->getLHS()) == V && V->getType()->isIntegerType())
          Counter = true;
    });
  }
  return Counter;
}

void ValueOrigin::traceParam(const ParmVarDecl *P, const Expr *Use,
                             const Frame &F, unsigned Depth) {
  size_t LeavesBefore = Collector ? Collector->size() : 0,
         ResultBefore = Result.size();
  unsigned BudgetBefore = Budget;
  if (F.Call && F.Caller && F.Fn &&
              P->getDeclContext() == F.Fn->getCanonicalDecl()->getDeclContext()
          ? true
          : (F.Call && F.Caller)) {
    // (A lambda's `key_of(a, b)` passes the object first.)
    if (const Expr *Arg = argForParam(F.Call, P);
        Arg && calleeDecl(F.Call) &&
        calleeDecl(F.Call)->getCanonicalDecl() ==
            cast<FunctionDecl>(P->getDeclContext())->getCanonicalDecl())
      trace(Arg, *F.Caller, Depth + 1);
  }
  if (Collector && Collector->size() == LeavesBefore &&
      Result.size() == ResultBefore && Budget == BudgetBefore)
    Collector->add(LeafKind::Parameter, Use, P, HashDepth > 0);
}

void ValueOrigin::traceOperatorStore(const CXXOperatorCallExpr *OC,
                                     const VarDecl *V, const Stmt *Body,
                                     const Frame &F, unsigned Depth) {
  if (OC->getNumArgs() != 2)
    return;
  if (OC->isAssignmentOp() && isMintedOnce(OC, V, Body))
    return;
  // oss << a << b: every operand of the chain feeds the stream.
  const Expr *Base = OC->getArg(0);
  if (OC->getOperator() == OO_LessLess)
    while (const auto *Inner =
               dyn_cast<CXXOperatorCallExpr>(ignoreWrappers(Base))) {
      if (Inner->getOperator() == OO_LessLess && Inner->getNumArgs() == 2)
        Base = Inner->getArg(0);
      else
        break;
    }
  if ((OC->isAssignmentOp() || OC->getOperator() == OO_LessLess) &&
      refVar(Base) == V)
    trace(OC->getArg(1), F, Depth + 1);
}

void ValueOrigin::traceMemberStore(const CXXMemberCallExpr *MC,
                                   const VarDecl *V, const Frame &F,
                                   unsigned Depth) {
  if (refVar(MC->getImplicitObjectArgument()) != V || !MC->getMethodDecl())
    return;
  std::string Method = MC->getMethodDecl()->getNameAsString();
  // A message hashed or serialized whole (sha256(req.
  // SerializeAsString())) holds what its setters were given; the key
  // the message carries is not part of what it is made of.
  StringRef M(Method);
  bool Setter =
      HashDepth > 0 && MC->getNumArgs() == 1 &&
      (M.starts_with("set_") ||
       ((M.starts_with("set") || M.starts_with("Set")) && M.size() > 3 &&
        llvm::isUpper(M[3]))) &&
      !Model.isKeySinkName(M.drop_front(M.starts_with("set_") ? 4 : 3));
  if (isAppender(Method) || Setter)
    for (const Expr *Arg : MC->arguments())
      trace(Arg, F, Depth + 1);
}

void ValueOrigin::traceFilledBuffer(const CallExpr *Call,
                                    const FunctionDecl *Def, unsigned I,
                                    const Frame &F, unsigned Depth) {
  Frame Inner;
  Inner.Fn = Def;
  Inner.Call = Call;
  Inner.Caller = &F;
  const ParmVarDecl *Out = Def->getParamDecl(I);
  forEachDescendant(Def->getBody(), [&](const Stmt *N) {
    const auto *W = dyn_cast<CallExpr>(N);
    const FunctionDecl *WF = W ? calleeDecl(W) : nullptr;
    if (!WF || !isBufferWriter(WF))
      return;
    for (unsigned B = 0; B < W->getNumArgs(); ++B)
      if (refVar(W->getArg(B)) == Out)
        for (unsigned J = 0; J < W->getNumArgs(); ++J)
          if (J != B && !isSizeArg(WF, J))
            trace(W->getArg(J), Inner, Depth + 1);
  });
}

void ValueOrigin::traceOutArguments(const CallExpr *Call, const VarDecl *V,
                                    const Frame &F, unsigned Depth) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (refVar(Call->getArg(I)) != V)
      continue;
    QualType T = Call->getArg(I)->IgnoreParenImpCasts()->getType();
    const FunctionDecl *Callee = calleeDecl(Call);
    bool Writable =
        T->isArrayType() ||
        (T->isPointerType() && !T->getPointeeType().isConstQualified()) ||
        (Callee && I < Callee->getNumParams() &&
         Callee->getParamDecl(I)->getType()->isPointerType() &&
         !Callee->getParamDecl(I)
              ->getType()
              ->getPointeeType()
              .isConstQualified());
    if (!Writable)
      continue;
    if (std::optional<SourceKind> K = Model.perAttemptSource(Call)) {
      add(*K, Call, F, sourceName(Call, Callee));
    } else if (isBufferWriter(Callee)) {
      bool Hashing = isHashingWriter(Callee);
      HashDepth += Hashing;
      for (unsigned J = 0; J < Call->getNumArgs(); ++J)
        if (J != I && !isSizeArg(Callee, J))
          trace(Call->getArg(J), F, Depth + 1);
      HashDepth -= Hashing;
    } else if (const FunctionDecl *Def =
                   Callee ? Callee->getDefinition() : nullptr;
               Def && I < Def->getNumParams() && Def->getBody() &&
               !Def->getASTContext().getSourceManager().isInSystemHeader(
                   Def->getLocation())) {
      // A same-file helper that fills the buffer it is handed
      // (`payment_key(p, key, sizeof key)` writing with snprintf).
      traceFilledBuffer(Call, Def, I, F, Depth);
    }
  }
}

void ValueOrigin::traceStores(const VarDecl *V, const FunctionDecl *Scope,
                              const Frame &F, unsigned Depth) {
  forEachDescendant(Scope->getBody(), [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp() && refVar(BO->getLHS()) == V &&
          !isMintedOnce(BO, V, Scope->getBody()))
        trace(BO->getRHS(), F, Depth + 1);
      return;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      traceOperatorStore(OC, V, Scope->getBody(), F, Depth);
      return;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      traceMemberStore(MC, V, F, Depth);
      return;
    }
    // Out-parameters: uuid_generate(u), snprintf(buf, ...), gen(&key).
    if (const auto *Call = dyn_cast<CallExpr>(S))
      traceOutArguments(Call, V, F, Depth);
  });
}

void ValueOrigin::traceVar(const VarDecl *V, const Expr *Use, const Frame &F,
                           unsigned Depth) {
  if (V->getDeclName().isIdentifier() && Model.isPerAttemptName(V->getName())) {
    add(SourceKind::CallIdentity, Use, F, V->getNameAsString());
    return;
  }
  // A parameter of a helper we descended into: continue at the call site.
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    traceParam(P, Use, F, Depth);
    return;
  }
  if (!V->hasLocalStorage() && !V->isStaticLocal()) {
    // A constant of the program (a UUID namespace, a key prefix) is the
    // same for every request, like a literal.
    if (Collector)
      Collector->add(V->getType().isConstant(V->getASTContext()) ||
                             V->isConstexpr()
                         ? LeafKind::Literal
                         : LeafKind::Variable,
                     Use, V, HashDepth > 0);
    return;
  }
  if (V->isStaticLocal()) {
    if (Collector)
      Collector->add(LeafKind::Variable, Use, V, HashDepth > 0);
    return; // initialized once, not per attempt
  }
  if (!Visiting.insert(V).second)
    return;
  size_t LeavesBefore = Collector ? Collector->size() : 0,
         ResultBefore = Result.size();

  // A loop counter may be the attempt counter; the check decides which loop.
  add(SourceKind::AttemptCounter, Use, F, V->getNameAsString(), V);
  Result.pop_back();
  if (isCountedInScope(V) && V->getType()->isIntegerType())
    add(SourceKind::AttemptCounter, Use, F, V->getNameAsString(), V);

  if (const Expr *Init = V->getInit())
    trace(Init, F, Depth + 1);

  // Assignments and mutations in the variable's own function.
  if (const FunctionDecl *Scope = scopeFunction(V))
    traceStores(V, Scope, F, Depth);
  // A local whose value the tracer cannot see (filled by an unknown call):
  // its own name is all there is.
  if (Collector && Collector->size() == LeavesBefore &&
      Result.size() == ResultBefore)
    Collector->add(LeafKind::Variable, Use, V, HashDepth > 0);
  Visiting.erase(V);
}

/// A field of \p Base; of a helper's parameter, the field of what the
/// caller handed it (`t1->tv_sec` in `ms_diff(&end, &now)` is
/// `end.tv_sec`).
void ValueOrigin::traceParamField(const VarDecl *Base, const FieldDecl *Field,
                                  const Frame &F, unsigned Depth) {
  const auto *P = dyn_cast<ParmVarDecl>(Base);
  if (!P) {
    traceField(Base, Field, F, Depth);
    return;
  }
  const auto *Fn = dyn_cast<FunctionDecl>(P->getDeclContext());
  const Expr *Arg = F.Call && F.Caller ? argForParam(F.Call, P) : nullptr;
  if (!Arg || !Fn || !calleeDecl(F.Call) ||
      calleeDecl(F.Call)->getCanonicalDecl() != Fn->getCanonicalDecl())
    return;
  const Expr *Handed = Arg->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Handed);
      UO && UO->getOpcode() == UO_AddrOf)
    Handed = UO->getSubExpr();
  if (const VarDecl *Outer = refVar(Handed))
    traceParamField(Outer, Field, *F.Caller, Depth + 1);
}

void ValueOrigin::traceField(const VarDecl *Base, const FieldDecl *Field,
                             const Frame &F, unsigned Depth) {
  if (!Base->hasLocalStorage() || isa<ParmVarDecl>(Base))
    return;
  if (const auto *IL =
          dyn_cast_or_null<InitListExpr>(ignoreWrappers(Base->getInit())))
    if (Field->getFieldIndex() < IL->getNumInits())
      trace(IL->getInit(Field->getFieldIndex()), F, Depth + 1);
  const FunctionDecl *Scope = scopeFunction(Base);
  if (!Scope)
    return;
  forEachDescendant(Scope->getBody(), [&](const Stmt *S) {
    const Expr *LHS = nullptr, *RHS = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        LHS = BO->getLHS();
        RHS = BO->getRHS();
      }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OC->isAssignmentOp() && OC->getNumArgs() == 2) {
        LHS = OC->getArg(0);
        RHS = OC->getArg(1);
      }
    }
    if (!LHS)
      return;
    if (const auto *ME = dyn_cast<MemberExpr>(ignoreWrappers(LHS)))
      if (ME->getMemberDecl() == Field && refVar(ME->getBase()) == Base)
        trace(RHS, F, Depth + 1);
  });
  // A struct filled through its address by a per-attempt source:
  // gettimeofday(&tv, nullptr), then tv.tv_sec.
  forEachDescendant(Scope->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return;
    for (const Expr *Arg : Call->arguments())
      if (const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
          UO && UO->getOpcode() == UO_AddrOf &&
          refVar(UO->getSubExpr()) == Base)
        if (std::optional<SourceKind> K = Model.perAttemptSource(Call)) {
          add(*K, Call, F, sourceName(Call, calleeDecl(Call)));
        }
  });
}

} // namespace clang::tidy::retry::model
