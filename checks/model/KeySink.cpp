// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "KeySink.h"
#include "utils/AnalysedFiles.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace clang::tidy::retry::model {

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
    auto NextAfter = [&](auto Args) {
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
    };
    if (Name) {
      if (const auto *CE = dyn_cast<CXXConstructExpr>(P);
          CE && CE->getNumArgs() >= 2 && NextAfter(CE->arguments()))
        return Out;
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
            OC && OC->getOperator() == OO_Subscript) {
          // req["Idempotency-Key"] = key
          auto GP = Ctx.getParents(*OC);
          if (!GP.empty())
            if (const auto *Assign = GP[0].get<CXXOperatorCallExpr>())
              if (Assign->isAssignmentOp() && Assign->getArg(0) == OC)
                Out.push_back(Assign->getArg(1));
          return Out;
        }
        NextAfter(Call->arguments());
        return Out;
      }
      if (const auto *IL = dyn_cast<InitListExpr>(P);
          IL && NextAfter(IL->inits()))
        return Out;
    } else {
      // "Idempotency-Key: " + key, or snprintf(buf, n, "...: %s", key).
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
        if (OC->getOperator() == OO_Plus && OC->getNumArgs() == 2) {
          Out.push_back(OC->getArg(1));
          // "Idempotency-Key: " + a + ":" + b: every later operand of the
          // chain is part of the key.
          DynTypedNode Cur = DynTypedNode::create(*OC);
          for (int Up = 0; Up < 16; ++Up) {
            auto GP = Ctx.getParents(Cur);
            if (GP.empty())
              break;
            const auto *PE = GP[0].get<Expr>();
            if (!PE)
              break;
            if (const auto *Next = dyn_cast<CXXOperatorCallExpr>(PE);
                Next && Next->getOperator() == OO_Plus &&
                Next->getNumArgs() == 2 &&
                ignoreWrappers(Next->getArg(0)) ==
                    ignoreWrappers(Cur.get<Expr>())) {
              Out.push_back(Next->getArg(1));
            } else if (!isa<ImplicitCastExpr, MaterializeTemporaryExpr,
                            CXXBindTemporaryExpr, CXXConstructExpr,
                            ExprWithCleanups, ParenExpr>(PE)) {
              break;
            }
            Cur = GP[0];
          }
          return Out;
        }
      }
      if (const auto *Call = dyn_cast<CallExpr>(P);
          Call && !isa<CXXOperatorCallExpr>(Call)) {
        NextAfter(Call->arguments());
        // Formatting calls take every remaining argument.
        bool After = false;
        Out.clear();
        for (const Expr *A : Call->arguments()) {
          if (After)
            Out.push_back(A);
          After = After || A == ChildE;
        }
        return Out;
      }
    }
    if (!isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             CXXConstructExpr, ExprWithCleanups, ParenExpr,
             CXXFunctionalCastExpr>(P))
      return Out;
    Child = Parents[0];
  }
  return Out;
}

namespace {
/// isKeySinkName() of each declaration's name, for the one translation unit
/// a MatchFinder (and so its matchers) is made for: every call asks it of
/// the callee and of each parameter.
struct KeySinkNames {
  explicit KeySinkNames(const ApiModel *Api) : Api(Api) {}
  const ApiModel *Api;
  const ASTContext *Ctx = nullptr;
  llvm::DenseMap<const NamedDecl *, bool> Answers;
  /// Per callee: is it, or one of its parameters, named as a key sink?
  llvm::DenseMap<const FunctionDecl *, bool> Callees;
  /// Drops the answers of another translation unit.
  void forgetOtherUnit(const ASTContext &C) {
    if (Ctx == &C)
      return;
    Ctx = &C;
    Answers.clear();
    Callees.clear();
  }
  bool named(const NamedDecl &D) {
    auto [It, New] = Answers.try_emplace(&D, false);
    if (New)
      It->second =
          D.getDeclName().isIdentifier() && Api->isKeySinkName(D.getName());
    return It->second;
  }
};

AST_MATCHER_P(NamedDecl, isKeySinkNamed, std::shared_ptr<KeySinkNames>, Names) {
  Names->forgetOtherUnit(Finder->getASTContext());
  return Names->named(Node);
}

/// Matches a call whose callee, or one of the callee's parameters, is named
/// as a key sink, as callee(functionDecl(anyOf(isKeySinkNamed(),
/// hasAnyParameter(isKeySinkNamed())))) would, answered once per callee.
AST_MATCHER_P(CallExpr, hasKeySinkCallee, std::shared_ptr<KeySinkNames>,
              Names) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Node.getCalleeDecl());
  if (!FD)
    return false;
  Names->forgetOtherUnit(Finder->getASTContext());
  auto [It, New] = Names->Callees.try_emplace(FD, false);
  if (New)
    It->second = Names->named(*FD) ||
                 llvm::any_of(FD->parameters(), [&](const ParmVarDecl *P) {
                   return Names->named(*P);
                 });
  return It->second;
}

} // namespace

void addKeySinkMatchers(ast_matchers::MatchFinder *Finder, const ApiModel &Api,
                        ast_matchers::MatchFinder::MatchCallback *Check) {
  using namespace ast_matchers;
  // The cheap tests first: isInTemplateInstantiation() climbs the parents
  // and forEachArgumentWithParam() pairs every argument, so they run only on
  // the nodes that can still match.
  auto NotInstantiated = isOutsideTemplateInstantiation();
  auto Names = std::make_shared<KeySinkNames>(&Api);
  Finder->addMatcher(
      ast_matchers::stringLiteral(isStmtInAnalysedFile(), NotInstantiated)
          .bind("lit"),
      Check);
  Finder->addMatcher(
      callExpr(isStmtInAnalysedFile(), hasKeySinkCallee(Names), NotInstantiated,
               forEachArgumentWithParam(expr().bind("arg"),
                                        parmVarDecl().bind("param")))
          .bind("call"),
      Check);
  auto SinkField =
      memberExpr(member(fieldDecl(isKeySinkNamed(Names)).bind("field")));
  Finder->addMatcher(
      binaryOperator(isStmtInAnalysedFile(), isAssignmentOperator(),
                     hasLHS(ignoringParenImpCasts(SinkField)), NotInstantiated,
                     hasRHS(expr().bind("rhs"))),
      Check);
  Finder->addMatcher(
      cxxOperatorCallExpr(isStmtInAnalysedFile(), isAssignmentOperator(),
                          hasArgument(0, SinkField), NotInstantiated,
                          hasArgument(1, expr().bind("rhs"))),
      Check);
}

std::optional<llvm::SmallVector<const Expr *, 2>>
keySinkValues(const ast_matchers::MatchFinder::MatchResult &Result,
              const ApiModel &Api) {
  if (const auto *Lit = Result.Nodes.getNodeAs<StringLiteral>("lit"))
    return keyValuesNextToHeader(Lit, Api, *Result.Context);
  if (const auto *Arg = Result.Nodes.getNodeAs<Expr>("arg")) {
    const auto *Param = Result.Nodes.getNodeAs<ParmVarDecl>("param");
    const FunctionDecl *Callee =
        calleeDecl(Result.Nodes.getNodeAs<CallExpr>("call"));
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
        MD && isReplyRecord(MD->getParent()))
      return llvm::SmallVector<const Expr *, 2>{};
    bool SetterArg = Callee && Callee->getDeclName().isIdentifier() &&
                     Api.isKeySinkName(Callee->getName()) &&
                     Param->getFunctionScopeIndex() == 0;
    bool NamedParam = Param->getDeclName().isIdentifier() &&
                      Api.isKeySinkName(Param->getName());
    if (SetterArg || NamedParam)
      return llvm::SmallVector<const Expr *, 2>{Arg};
    return llvm::SmallVector<const Expr *, 2>{};
  }
  if (const auto *RHS = Result.Nodes.getNodeAs<Expr>("rhs")) {
    const auto *Field = Result.Nodes.getNodeAs<FieldDecl>("field");
    if (Field && isReplyRecord(dyn_cast<CXXRecordDecl>(Field->getParent())))
      return llvm::SmallVector<const Expr *, 2>{};
    return llvm::SmallVector<const Expr *, 2>{RHS};
  }
  return std::nullopt;
}

} // namespace clang::tidy::retry::model
