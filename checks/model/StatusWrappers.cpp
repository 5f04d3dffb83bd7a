// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Same-TU wrappers and predicates around an operation: what a wrapper
// returns for each outcome (its return map, for the whole value or one
// field of a returned struct), and for which outcomes a predicate handed a
// status returns true. Both walk the function's body to its returns. And
// where such a function names a status a retry decision consults
// (statusNamedIn).

#include "StatusWrappers.h"
#include "StatusConditions.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

namespace clang::tidy::retry::model {

using namespace utils;

StatusWrappers::StatusWrappers(const ApiModel &Api, ASTContext &Ctx,
                               StatusVariables &Variables,
                               StatusConditions &Conds)
    : Api(Api), Ctx(Ctx), Variables(Variables), Conds(Conds) {}

const std::vector<StatusWrappers::ReturnValue> *
StatusWrappers::wrapperResult(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    auto It = V ? WrapperVars.find(V) : WrapperVars.end();
    return It != WrapperVars.end() ? returnMap(It->second) : nullptr;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (!Api.operation(Call))
      return returnMap(calleeDecl(Call));
  // A field of the struct a wrapper returned: r.retryable, fetch().ok.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const Expr *Base = ignoreWrappers(ME->getBase());
    if (!Field || !Base || ME->isArrow())
      return nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      auto It = V ? StructWrapperVars.find(V) : StructWrapperVars.end();
      return It != StructWrapperVars.end() ? fieldReturnMap(It->second, Field)
                                           : nullptr;
    }
    if (const auto *Call = dyn_cast<CallExpr>(Base))
      if (!Api.operation(Call))
        return fieldReturnMap(calleeDecl(Call), Field);
  }
  return nullptr;
}

void StatusWrappers::learnWrapperVar(const VarDecl *V, const Expr *Init) {
  const auto *Call = dyn_cast_or_null<CallExpr>(ignoreWrappers(Init));
  if (!Call || Api.operation(Call))
    return;
  const FunctionDecl *FD = calleeDecl(Call);
  if (returnMap(FD))
    WrapperVars[V] = FD;
  else if (FD && FD->getReturnType()->getAsRecordDecl() && FD->hasBody())
    StructWrapperVars[V] = FD;
}

const std::vector<StatusWrappers::ReturnValue> *
StatusWrappers::returnMap(const FunctionDecl *FD) {
  return buildReturnMap(FD, nullptr);
}

const std::vector<StatusWrappers::ReturnValue> *
StatusWrappers::fieldReturnMap(const FunctionDecl *FD, const FieldDecl *Field) {
  return Field ? buildReturnMap(FD, Field) : nullptr;
}

/// \p E without a conjunct or disjunct that only compares an integer
/// parameter of \p Def other than \p Param (`status >= 400 && attempt < 3`
/// in a policy's ShouldRetry) beside a test of the response: the budget ends
/// the retry some time; the outcomes it is taken for are the other side's.
static const Expr *withoutBudgetTest(const Expr *E, const FunctionDecl *Def,
                                     unsigned Param,
                                     StatusVariables &Variables) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!BO || !BO->isLogicalOp())
    return E;
  auto IsBudget = [&](const Expr *X) {
    const auto *Cmp = dyn_cast<BinaryOperator>(X->IgnoreParenImpCasts());
    if (!Cmp || !Cmp->isRelationalOp() || Variables.mentionsResponse(Cmp))
      return false;
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      if (I != Param && Def->getParamDecl(I)->getType()->isIntegerType() &&
          references(Cmp, Def->getParamDecl(I)))
        return true;
    return false;
  };
  if (IsBudget(BO->getRHS()) && Variables.mentionsResponse(BO->getLHS()))
    return withoutBudgetTest(BO->getLHS(), Def, Param, Variables);
  if (IsBudget(BO->getLHS()) && Variables.mentionsResponse(BO->getRHS()))
    return withoutBudgetTest(BO->getRHS(), Def, Param, Variables);
  return E;
}

/// Is \p S an assignment `V.Field = X`? Then X.
static const Expr *fieldStore(const Stmt *S, const VarDecl *V,
                              const FieldDecl *Field) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(E ? ignoreWrappers(E) : nullptr);
  if (!BO || BO->getOpcode() != BO_Assign)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
  return ME && ME->getMemberDecl() == Field && refVar(ME->getBase()) == V
             ? BO->getRHS()
             : nullptr;
}

/// The value local \p V's \p Field holds at \p Ret: the last `V.Field = X`
/// before it in a block that encloses it, or its entry in V's initializer
/// list. Null when a store on some other path (under an `if`) may have set
/// it, or the initializer is not a list.
static const Expr *fieldValueAt(const VarDecl *V, const FieldDecl *Field,
                                const ReturnStmt *Ret, const Stmt *Body,
                                const SourceManager &SM) {
  auto IsBefore = [&](const Stmt *S) {
    return SM.isBeforeInTranslationUnit(S->getBeginLoc(), Ret->getBeginLoc());
  };
  const Expr *Value = nullptr;
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(
          V->getInit() ? ignoreWrappers(V->getInit()) : nullptr);
      IL && Field->getFieldIndex() < IL->getNumInits())
    Value = IL->getInit(Field->getFieldIndex());
  unsigned Unconditional = 0, Before = 0;
  forEachDescendant(Body, [&](const Stmt *N) {
    if (fieldStore(N, V, Field) && IsBefore(N))
      ++Before;
    const auto *CS = dyn_cast<CompoundStmt>(N);
    if (!CS || !containsStmt(CS, Ret))
      return;
    for (const Stmt *C : CS->body()) {
      if (!IsBefore(C))
        break;
      if (const Expr *X = fieldStore(C, V, Field)) {
        Value = X;
        ++Unconditional;
      }
    }
  });
  return Before == Unconditional ? Value : nullptr;
}

void StatusWrappers::mapReturnedValue(const Expr *X, StatusSet When,
                                      const FunctionDecl *Def,
                                      const FieldDecl *Field,
                                      std::vector<ReturnValue> &Map,
                                      bool &Understood) {
  X = ignoreWrappers(X);
  if (!Understood || !X || When.empty())
    return;
  // `return static_cast<bool>(res);`, `return res;` from a bool
  // function: the truth of what is returned.
  bool AsBool = Field ? Field->getType()->isBooleanType()
                      : Def->getReturnType()->isBooleanType();
  // `return (int)code;`: the value is the status.
  X = ignoreWrappers(X->IgnoreParenCasts());
  if (!X)
    return;
  if (AsBool && !isCondition(X) && Variables.mentionsResponse(X)) {
    StatusCond C = Conds.eval(withoutBudgetTest(X, Def, ~0u, Variables));
    Map.push_back({When & C.May, 1, std::nullopt});
    Map.push_back({When & ~C.Must, 0, std::nullopt});
    return;
  }
  Expr::EvalResult R;
  if (!X->isValueDependent() && X->EvaluateAsInt(R, Ctx)) {
    Map.push_back({When, R.Val.getInt().getExtValue(), std::nullopt});
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(X)) {
    StatusCond C = Conds.eval(CO->getCond());
    mapReturnedValue(CO->getTrueExpr(), When & C.May, Def, Field, Map,
                     Understood);
    mapReturnedValue(CO->getFalseExpr(), When & ~C.Must, Def, Field, Map,
                     Understood);
    return;
  }
  if (std::optional<ResponseKind> K = Variables.classify(X);
      K && (*K == ResponseKind::HttpStatus || *K == ResponseKind::GrpcCode ||
            *K == ResponseKind::CurlCode)) {
    Map.push_back({When, std::nullopt, K});
    return;
  }
  if (isCondition(X) && Variables.mentionsResponse(X)) {
    StatusCond C = Conds.eval(withoutBudgetTest(X, Def, ~0u, Variables));
    Map.push_back({When & C.May, 1, std::nullopt});
    Map.push_back({When & ~C.Must, 0, std::nullopt});
    return;
  }
  if (const std::vector<ReturnValue> *Inner = wrapperResult(X)) {
    for (const ReturnValue &RV : *Inner)
      Map.push_back({RV.When & When, RV.Const, RV.Passes});
    return;
  }
  Understood = false;
}

const std::vector<StatusWrappers::ReturnValue> *
StatusWrappers::buildReturnMap(const FunctionDecl *FD, const FieldDecl *Field) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def))
    return nullptr;
  if (Field ? (Def->getReturnType()->getAsRecordDecl() != Field->getParent() ||
               !Field->getType()->isIntegralOrEnumerationType())
            : !Def->getReturnType()->isIntegralOrEnumerationType())
    return nullptr;
  const std::pair<const FunctionDecl *, const FieldDecl *> Key{Def, Field};
  if (auto It = ReturnMaps.find(Key); It != ReturnMaps.end())
    return It->second.get();
  if (PredicateDepth > 2)
    return nullptr;
  ReturnMaps[Key] = nullptr; // a recursive wrapper is not mapped
  ++PredicateDepth;
  Variables.learnVariables(Def->getBody());

  std::vector<ReturnValue> Map;
  bool Understood = true;
  // Which outcomes reach each return, loops (a wrapper may retry inside)
  // and jumps included.
  bool Inexact = false;
  walkToReturns(
      Def->getBody(), /*Jumps=*/true,
      [&](const ReturnStmt *RS, StatusSet In) {
        const Expr *X = RS->getRetValue();
        // `return {ok, retryable};`: the field's initializer.
        if (Field) {
          const Expr *Init = ignoreWrappers(X);
          // `return fr;` of a local whose field was set on the way.
          if (const VarDecl *V = refVar(Init);
              V && V->hasLocalStorage() &&
              recordOf(V->getType()) == Field->getParent()) {
            X = fieldValueAt(V, Field, RS, Def->getBody(),
                             Ctx.getSourceManager());
            Understood = Understood && X;
            mapReturnedValue(X, In, Def, Field, Map, Understood);
            return Understood;
          }
          if (const auto *CL = dyn_cast_or_null<CompoundLiteralExpr>(Init))
            Init = CL->getInitializer(); // C: return (struct r){0, 1};
          const auto *IL = dyn_cast_or_null<InitListExpr>(Init);
          X = IL && Field->getFieldIndex() < IL->getNumInits()
                  ? IL->getInit(Field->getFieldIndex())
                  : nullptr;
        }
        Understood = Understood && X;
        mapReturnedValue(X, In, Def, Field, Map, Understood);
        return Understood;
      },
      Inexact);
  --PredicateDepth;
  // Useful only if some return depends on the outcome.
  bool Informative = llvm::any_of(Map, [](const ReturnValue &RV) {
    return RV.Passes || !(RV.When == StatusSet::all());
  });
  if (!Understood || Map.empty() || !Informative)
    return nullptr;
  auto Held = std::make_unique<std::vector<ReturnValue>>(std::move(Map));
  const std::vector<ReturnValue> *Out = Held.get();
  ReturnMaps[Key] = std::move(Held);
  return Out;
}

StatusCond StatusWrappers::compareReturn(const std::vector<ReturnValue> &Map,
                                         BinaryOperatorKind Op, int64_t V) {
  // An outcome must satisfy the test if every return it may reach does.
  StatusSet May, Not;
  for (const ReturnValue &RV : Map) {
    if (RV.Const) {
      int64_t C = *RV.Const;
      bool Sat = false;
      switch (Op) {
      case BO_EQ:
        Sat = C == V;
        break;
      case BO_NE:
        Sat = C != V;
        break;
      case BO_LT:
        Sat = C < V;
        break;
      case BO_LE:
        Sat = C <= V;
        break;
      case BO_GT:
        Sat = C > V;
        break;
      case BO_GE:
        Sat = C >= V;
        break;
      default:
        return {StatusSet::none(), StatusSet::all(), true};
      }
      (Sat ? May : Not) = (Sat ? May : Not) | RV.When;
      continue;
    }
    StatusCond C = Conds.compare(*RV.Passes, Op, V);
    if (C.Imprecise)
      return {StatusSet::none(), StatusSet::all(), true};
    May = May | (RV.When & C.May);
    Not = Not | (RV.When & ~C.Must);
  }
  return {May & ~Not, May, false};
}

void StatusWrappers::walkToReturns(
    const Stmt *Body, bool Jumps,
    llvm::function_ref<bool(const ReturnStmt *, StatusSet)> OnReturn,
    bool &Inexact) {
  bool Stopped = false;
  StatusSet Breaks; // outcomes at a `break` of the innermost loop or switch
  std::function<StatusSet(const Stmt *, StatusSet)> Walk =
      [&](const Stmt *S, StatusSet In) -> StatusSet {
    if (!S || In.empty() || Stopped)
      return In;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        In = Walk(C, In);
      return In;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      Stopped = !OnReturn(RS, In);
      return StatusSet::none();
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      StatusCond C = Conds.eval(If->getCond());
      Inexact = Inexact || C.Imprecise || !(C.Must == C.May);
      StatusSet T = Walk(If->getThen(), In & C.May);
      StatusSet E = Walk(If->getElse(), In & ~C.Must);
      return T | E;
    }
    const Stmt *LoopBody = nullptr;
    if (Jumps) {
      if (const auto *L = dyn_cast<LabelStmt>(S))
        return Walk(L->getSubStmt(), In);
      if (isa<GotoStmt, ContinueStmt>(S))
        return StatusSet::none();
      if (isa<BreakStmt>(S)) {
        Breaks = Breaks | In;
        return StatusSet::none();
      }
      if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
        StatusSet Out = Walk(Try->getTryBlock(), In);
        for (unsigned I = 0; I < Try->getNumHandlers(); ++I)
          Out = Out | Walk(Try->getHandler(I)->getHandlerBlock(), In);
        return Out;
      }
      LoopBody = loopParts(S).Body;
    }
    if (!LoopBody && !isa<SwitchStmt>(S))
      return In;
    StatusSet Saved = Breaks;
    Breaks = StatusSet::none();
    StatusSet Out = In;
    if (LoopBody) {
      Out = Walk(LoopBody, In);
    } else {
      const auto *SW = cast<SwitchStmt>(S);
      std::optional<ResponseKind> K = Variables.classify(SW->getCond());
      const auto *Cases = dyn_cast_or_null<CompoundStmt>(SW->getBody());
      if (K && Cases)
        Out = Conds.walkSwitch(Cases, *K, In, Walk, Inexact);
      else
        Inexact = true;
    }
    Out = Out | Breaks;
    Breaks = Saved;
    return Out;
  };
  Walk(Body, StatusSet::all());
}

StatusCond StatusWrappers::evalPredicate(const FunctionDecl *FD, unsigned Param,
                                         ResponseKind K) {
  const FunctionDecl *Def = nullptr;
  bool Bound = Param != ~0u;
  if (!FD->hasBody(Def) || !Def || PredicateDepth > 2 ||
      (Bound && Param >= Def->getNumParams()))
    return {StatusSet::none(), StatusSet::all(), true};
  ++PredicateDepth;
  if (Bound)
    Variables.bindStatus(Def->getParamDecl(Param), K);
  // Predicates are small: `return cond;` or a switch/if chain returning
  // constants. Collect the outcomes for which it may/must return true.
  StatusSet MayTrue, MustTrue;
  bool Inexact = false;
  walkToReturns(
      Def->getBody(), /*Jumps=*/false,
      [&](const ReturnStmt *RS, StatusSet In) {
        StatusCond C = Conds.eval(
            withoutBudgetTest(RS->getRetValue(), Def, Param, Variables));
        Inexact = Inexact || C.Imprecise || !(C.Must == C.May);
        MayTrue = MayTrue | (In & C.May);
        MustTrue = MustTrue | (In & C.Must);
        return true;
      },
      Inexact);
  if (Bound)
    Variables.unbindStatus(Def->getParamDecl(Param));
  --PredicateDepth;
  if (Inexact)
    return {StatusSet::none(), MayTrue, true};
  return {MustTrue, MayTrue, false};
}

/// Does \p Name say its predicate is true on a failure, and nothing of
/// retrying (`failed`, `HasRequestError`)?
static bool namesFailure(StringRef Name) {
  bool Failure = false;
  for (const std::string &W : identifierWords(Name)) {
    if (StringRef(W).starts_with("retr") || W == "transient")
      return false;
    Failure = Failure || llvm::is_contained(
                             {"error", "errors", "failed", "failure", "fail"},
                             StringRef(W));
  }
  return Failure;
}

std::optional<StatusCond>
StatusWrappers::evalResponsePredicate(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD || !Call->getType()->isBooleanType() || isStdLibrary(FD))
    return std::nullopt;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const Expr *Obj = MC ? MC->getImplicitObjectArgument() : nullptr;
  bool Own = Obj && !Obj->isTypeDependent() &&
             Variables.responseRecord(Obj->getType());
  bool Handed = llvm::any_of(Call->arguments(), [this](const Expr *A) {
    return !A->isTypeDependent() && Variables.responseRecord(A->getType());
  });
  if (!Own && !Handed)
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  bool Read = FD->hasBody(Def) && Def;
  StatusCond C = Read ? evalPredicate(FD, ~0u, ResponseKind::HttpStatus)
                      : StatusCond{StatusSet::none(), StatusSet::all(), true};
  if (!C.Imprecise && C.Must == C.May)
    return C;
  // The response's own failure flag that does not read the status
  // (`failed()`, `HasRequestError()`): no reply with a status came.
  bool ReadsStatus = false;
  if (Read)
    forEachDescendant(Def->getBody(), [&](const Stmt *N) {
      if (const auto *X = dyn_cast<Expr>(N))
        ReadsStatus = ReadsStatus || Variables.classify(X);
    });
  if (Own && FD->getDeclName().isIdentifier() && namesFailure(FD->getName()) &&
      !ReadsStatus)
    return StatusCond::exactly(StatusSet::transport(unsigned(Transport::All)));
  return C;
}

/// The HTTP status in \p S that \p E names as a constant, if any.
static bool namesStatus(const Expr *E, const StatusSet &S, ASTContext &Ctx) {
  int64_t V = constInt(E, Ctx, -1);
  return V > 0 && V < 1000 && S.hasHttp(unsigned(V));
}

const Stmt *statusNamedIn(const Stmt *Decision, const StatusSet &S,
                          ASTContext &Ctx) {
  llvm::SmallPtrSet<const Decl *, 8> Seen;
  std::function<const Stmt *(const Stmt *, unsigned)> Find =
      [&](const Stmt *Root, unsigned Depth) -> const Stmt * {
    const Stmt *Found = nullptr;
    forEachDescendant(Root, [&](const Stmt *N) {
      if (Found)
        return;
      if (Depth > 0) {
        if (const auto *Case = dyn_cast<CaseStmt>(N);
            Case && namesStatus(Case->getLHS(), S, Ctx))
          Found = Case;
        if (const auto *BO = dyn_cast<BinaryOperator>(N);
            BO && BO->getOpcode() == BO_EQ &&
            (namesStatus(BO->getLHS(), S, Ctx) ||
             namesStatus(BO->getRHS(), S, Ctx)))
          Found = BO;
      }
      if (Found || Depth > 3)
        return;
      // The flag the decision reads, as it was set: `bool again = ...`.
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
            V && V->hasLocalStorage() && V->getInit() && Seen.insert(V).second)
          Found = Find(V->getInit(), Depth);
      if (const auto *Call = dyn_cast<CallExpr>(N))
        if (const FunctionDecl *FD = calleeDecl(Call)) {
          const FunctionDecl *Def = nullptr;
          if (FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
              Seen.insert(Def).second)
            Found = Find(Def->getBody(), Depth + 1);
        }
    });
    return Found;
  };
  return Decision ? Find(Decision, 0) : nullptr;
}

} // namespace clang::tidy::retry::model
