// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "KeySink.h"
#include "utils/AnalysedFiles.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Is \p RD (or a base of it) what came back rather than what is sent: a
/// response, reply, result, outcome or error? Its key-named fields and
/// setters hold what the server sent (a request id parsed out of a reply),
/// which is no key: a key is a value that leaves in a request.
bool isReplyRecord(const CXXRecordDecl *RD, unsigned Depth) {
  if (!RD || Depth > 8)
    return false;
  if (RD->getDeclName().isIdentifier())
    for (const std::string &W : identifierWords(RD->getName()))
      if (llvm::is_contained({"response", "reply", "result", "outcome", "error",
                              "exception", "ack"},
                             StringRef(W)))
        return true;
  if (const CXXRecordDecl *Def = RD->getDefinition())
    for (const CXXBaseSpecifier &B : Def->bases())
      if (isReplyRecord(B.getType()->getAsCXXRecordDecl(), Depth + 1))
        return true;
  return false;
}

/// Adds to \p Out the argument of \p Args after \p ChildE, if any; whether
/// there was one.
template <typename RangeT>
static bool pushNextAfter(RangeT Args, const Expr *ChildE,
                          llvm::SmallVectorImpl<const Expr *> &Out) {
  bool Found = false;
  for (const Expr *A : Args) {
    // std::string("Idempotency-Key", <default allocator>) is the name
    // being built, not a {name, value} pair.
    if (Found && !isa<CXXDefaultArgExpr>(A)) {
      Out.push_back(A);
      return true;
    }
    Found = Found || A == ChildE;
  }
  return false;
}

/// Adds to \p Out the value handed over with a key header name \p ChildE
/// by its parent \p P. Whether \p P decides it (the search stops there).
static bool valueNextToName(const Expr *P, const Expr *ChildE, ASTContext &Ctx,
                            llvm::SmallVectorImpl<const Expr *> &Out) {
  if (const auto *CE = dyn_cast<CXXConstructExpr>(P);
      CE && CE->getNumArgs() >= 2 &&
      pushNextAfter(CE->arguments(), ChildE, Out))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(P)) {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
        OC && OC->getOperator() == OO_Subscript) {
      // req["Idempotency-Key"] = key
      auto GP = Ctx.getParents(*OC);
      if (!GP.empty())
        if (const auto *Assign = GP[0].get<CXXOperatorCallExpr>())
          if (Assign->isAssignmentOp() && Assign->getArg(0) == OC)
            Out.push_back(Assign->getArg(1));
      return true;
    }
    pushNextAfter(Call->arguments(), ChildE, Out);
    return true;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(P);
      IL && pushNextAfter(IL->inits(), ChildE, Out))
    return true;
  return false;
}

/// Adds to \p Out the later operands of the chain of `+` that \p OC starts
/// ("Idempotency-Key: " + a + ":" + b).
static void pushLaterOperands(const CXXOperatorCallExpr *OC, ASTContext &Ctx,
                              llvm::SmallVectorImpl<const Expr *> &Out) {
  DynTypedNode Cur = DynTypedNode::create(*OC);
  for (int Up = 0; Up < 16; ++Up) {
    auto GP = Ctx.getParents(Cur);
    if (GP.empty())
      break;
    const auto *PE = GP[0].get<Expr>();
    if (!PE)
      break;
    if (const auto *Next = dyn_cast<CXXOperatorCallExpr>(PE);
        Next && Next->getOperator() == OO_Plus && Next->getNumArgs() == 2 &&
        ignoreWrappers(Next->getArg(0)) == ignoreWrappers(Cur.get<Expr>())) {
      Out.push_back(Next->getArg(1));
    } else if (!isa<ImplicitCastExpr, MaterializeTemporaryExpr,
                    CXXBindTemporaryExpr, CXXConstructExpr, ExprWithCleanups,
                    ParenExpr>(PE)) {
      break;
    }
    Cur = GP[0];
  }
}

/// Adds to \p Out the values that follow a header-line prefix \p ChildE in
/// its parent \p P. Whether \p P decides them (the search stops there).
static bool valuesAfterPrefix(const Expr *P, const Expr *ChildE,
                              ASTContext &Ctx,
                              llvm::SmallVectorImpl<const Expr *> &Out) {
  // "Idempotency-Key: " + key, or snprintf(buf, n, "...: %s", key).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
    if (OC->getOperator() == OO_Plus && OC->getNumArgs() == 2) {
      Out.push_back(OC->getArg(1));
      // "Idempotency-Key: " + a + ":" + b: every later operand of the
      // chain is part of the key.
      pushLaterOperands(OC, Ctx, Out);
      return true;
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(P);
      Call && !isa<CXXOperatorCallExpr>(Call)) {
    pushNextAfter(Call->arguments(), ChildE, Out);
    // Formatting calls take every remaining argument.
    bool After = false;
    Out.clear();
    for (const Expr *A : Call->arguments()) {
      if (After)
        Out.push_back(A);
      After = After || A == ChildE;
    }
    return true;
  }
  return false;
}

llvm::SmallVector<const Expr *, 2>
keyValuesNextToHeader(const StringLiteral *Lit, const model::ApiModel &Api,
                      ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 2> Out;
  StringRef Text = Lit->getString();
  bool Name = Api.isKeyHeader(Text);
  bool Prefix = !Name && Api.isKeyHeaderPrefix(Text);
  if (!Name && !Prefix)
    return Out;

  DynTypedNode Child = DynTypedNode::create(*Lit);
  for (int Steps = 0; Steps < 8; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return Out;
    const Expr *P = Parents[0].get<Expr>();
    if (!P)
      return Out;
    const Expr *ChildE = Child.get<Expr>();
    if (Name ? valueNextToName(P, ChildE, Ctx, Out)
             : valuesAfterPrefix(P, ChildE, Ctx, Out))
      return Out;
    if (!isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             CXXConstructExpr, ExprWithCleanups, ParenExpr,
             CXXFunctionalCastExpr>(P))
      return Out;
    Child = Parents[0];
  }
  return Out;
}

bool KeySinkReader::named(const NamedDecl &D) {
  auto [It, New] = Answers.try_emplace(&D, false);
  if (New)
    It->second =
        D.getDeclName().isIdentifier() && Api.isKeySinkName(D.getName());
  return It->second;
}

bool KeySinkReader::sinkCallee(const CallExpr *Call) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
  if (!FD)
    return false;
  auto [It, New] = Callees.try_emplace(FD, false);
  if (New)
    It->second = named(*FD) ||
                 llvm::any_of(FD->parameters(),
                              [&](const ParmVarDecl *P) { return named(*P); });
  return It->second;
}

const FieldDecl *KeySinkReader::sinkField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  return F && named(*F) ? F : nullptr;
}

void KeySinkReader::forget(const ASTContext &C) {
  if (Ctx == &C)
    return;
  Ctx = &C;
  Answers.clear();
  Callees.clear();
}

void KeySinkReader::at(
    const Stmt *S, ASTContext &C,
    llvm::function_ref<void(llvm::ArrayRef<const Expr *>)> Found) {
  forget(C);
  auto Report = [&](llvm::ArrayRef<const Expr *> Values) {
    if (!Values.empty())
      Found(Values);
  };
  // A value assigned to a key field, unless the record is a reply.
  auto Assigned = [&](const FieldDecl *F, const Expr *RHS) {
    if (!isReplyRecord(dyn_cast<CXXRecordDecl>(F->getParent())))
      Report(RHS);
  };
  if (const auto *Lit = dyn_cast<StringLiteral>(S)) {
    Report(keyValuesNextToHeader(Lit, Api, C));
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      if (const FieldDecl *F = sinkField(BO->getLHS()->IgnoreParenImpCasts()))
        Assigned(F, BO->getRHS());
    return;
  }
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return;
  // A setter named as a key sink, or a parameter named as one: each
  // argument with its parameter, as the matcher pairs them (past the
  // object of a member operator, not into a C variadic tail).
  if (sinkCallee(Call)) {
    using namespace ast_matchers;
    const FunctionDecl *Callee = calleeDecl(Call);
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
    bool Reply = MD && isReplyRecord(MD->getParent());
    for (const BoundNodes &B :
         match(callExpr(forEachArgumentWithParam(expr().bind("arg"),
                                                 parmVarDecl().bind("param"))),
               *Call, C)) {
      const auto *Arg = B.getNodeAs<Expr>("arg");
      const auto *Param = B.getNodeAs<ParmVarDecl>("param");
      if (Reply || !Arg || !Param)
        continue;
      bool SetterArg = Callee && Callee->getDeclName().isIdentifier() &&
                       Api.isKeySinkName(Callee->getName()) &&
                       Param->getFunctionScopeIndex() == 0;
      bool NamedParam = Param->getDeclName().isIdentifier() &&
                        Api.isKeySinkName(Param->getName());
      if (SetterArg || NamedParam)
        Report(Arg);
    }
  }
  // req.idempotency_key = key on a field of class type.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && OC->isAssignmentOp() && OC->getNumArgs() >= 2)
    if (const FieldDecl *F = sinkField(OC->getArg(0)->IgnoreParenImpCasts()))
      Assigned(F, OC->getArg(1)->IgnoreParenImpCasts());
}

} // namespace clang::tidy::retry::model
