// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/HoistFix.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::utils {

static const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  return nullptr;
}

/// The statement of \p Body that holds \p E, if \p E is inside \p Body.
static const Stmt *statementOf(const Expr *E, const CompoundStmt *Body,
                               ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (;;) {
    // An initializer list has two parents (its syntactic and semantic
    // forms), both inside the same statement.
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    const Stmt *P = Parents[0].get<Stmt>();
    if (P == Body)
      return N.get<Stmt>();
    N = Parents[0];
  }
}

/// Whether \p Init reads only what \p Loop never changes.
static bool invariantIn(const Expr *Init, const Stmt *Loop, ASTContext &Ctx) {
  struct Reads : RecursiveASTVisitor<Reads> {
    llvm::SmallVector<const VarDecl *, 4> Vars;
    bool Member = false;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        Vars.push_back(V);
      return true;
    }
    bool VisitCXXThisExpr(CXXThisExpr *) {
      Member = true;
      return true;
    }
  } R;
  R.TraverseStmt(const_cast<Expr *>(Init));
  if (R.Member)
    return false;
  ExprMutationAnalyzer Mutations(*Loop, Ctx);
  SourceRange L = Loop->getSourceRange();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const VarDecl *V : R.Vars) {
    SourceLocation At = V->getLocation();
    bool DeclaredInLoop = !SM.isBeforeInTranslationUnit(At, L.getBegin()) &&
                          !SM.isBeforeInTranslationUnit(L.getEnd(), At);
    if (V->hasLocalStorage() && (DeclaredInLoop || Mutations.isMutated(V)))
      return false;
  }
  return true;
}

/// Whether the function declares another variable named like \p V.
static bool nameTaken(const VarDecl *V, const FunctionDecl *Fn) {
  struct Names : RecursiveASTVisitor<Names> {
    const VarDecl *V;
    bool Taken = false;
    bool VisitVarDecl(VarDecl *D) {
      Taken |= D != V && D->getName() == V->getName();
      return true;
    }
  } N;
  N.V = V;
  N.TraverseDecl(const_cast<FunctionDecl *>(Fn));
  return N.Taken;
}

/// The start of \p Loc's line when only blanks precede \p Loc on it.
static std::optional<SourceLocation> lineStart(SourceLocation Loc,
                                               const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buf = SM.getBufferData(File);
  size_t Newline = Offset == 0 ? StringRef::npos : Buf.rfind('\n', Offset - 1);
  unsigned Start = Newline == StringRef::npos ? 0 : Newline + 1;
  if (!Buf.slice(Start, Offset).trim(" \t").empty())
    return std::nullopt;
  return Loc.getLocWithOffset(-static_cast<int>(Offset - Start));
}

llvm::SmallVector<FixItHint, 1> hoistOutOfLoop(const Stmt *Loop,
                                               const Expr *Source,
                                               const FunctionDecl *Fn,
                                               ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(loopBody(Loop));
  auto LoopParents = Ctx.getParents(*Loop);
  if (!Body || !Fn || LoopParents.size() != 1 ||
      !LoopParents[0].get<CompoundStmt>())
    return {};
  const auto *D = dyn_cast_or_null<DeclStmt>(statementOf(Source, Body, Ctx));
  const auto *V =
      D && D->isSingleDecl() ? dyn_cast<VarDecl>(D->getSingleDecl()) : nullptr;
  if (!V || !V->getInit() || D->getBeginLoc().isMacroID() ||
      D->getEndLoc().isMacroID() || Loop->getBeginLoc().isMacroID() ||
      !invariantIn(V->getInit(), Loop, Ctx) ||
      (!V->getType().isConstQualified() &&
       ExprMutationAnalyzer(*Body, Ctx).isMutated(V)) ||
      nameTaken(V, Fn))
    return {};
  auto From = lineStart(D->getBeginLoc(), SM);
  auto Into = lineStart(Loop->getBeginLoc(), SM);
  if (!From || !Into)
    return {};
  // The declaration's whole lines, its trailing comment included, move.
  SourceLocation AfterDecl =
      Lexer::getLocForEndOfToken(D->getEndLoc(), 0, SM, Ctx.getLangOpts());
  auto [File, EndOffset] = SM.getDecomposedLoc(AfterDecl);
  StringRef Buf = SM.getBufferData(File);
  size_t LineEnd = Buf.find('\n', EndOffset);
  if (LineEnd == StringRef::npos)
    return {};
  // The end of the declaration's last line, its newline kept.
  SourceLocation To = AfterDecl.getLocWithOffset(LineEnd - EndOffset);
  StringRef Moved = Buf.slice(SM.getFileOffset(*From), LineEnd + 1);
  StringRef Indent =
      Buf.slice(SM.getFileOffset(*Into), SM.getFileOffset(Loop->getBeginLoc()));
  // One replacement from the loop's line to the end of the declaration's:
  // the declaration, at the loop's indentation, then what lay between.
  std::string Text =
      Indent.str() + Moved.ltrim(" \t").str() +
      Buf.slice(SM.getFileOffset(*Into), SM.getFileOffset(*From)).str();
  Text.pop_back(); // the newline before the declaration's line
  return {FixItHint::CreateReplacement(CharSourceRange::getCharRange(*Into, To),
                                       Text)};
}

} // namespace clang::tidy::retry::utils
