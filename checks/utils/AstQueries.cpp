// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AstQueries.h"
#include "AstWalk.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <functional>

namespace clang::tidy::retry::utils {

const Expr *ignoreWrappers(const Expr *E) {
  while (E) {
    const Expr *Prev = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BTE->getSubExpr();
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      E = FC->getSubExpr();
    if (const auto *SC = dyn_cast<CXXStaticCastExpr>(E))
      E = SC->getSubExpr();
    // `if (res)`: the conversion operator call stands for the object.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        E = MC->getImplicitObjectArgument();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      if (CE->getNumArgs() >= 1 && !isa<CXXTemporaryObjectExpr>(CE) &&
          (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))))
        E = CE->getArg(0);
    if (E == Prev)
      return E;
  }
  return E;
}

const ValueDecl *refDecl(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = ignoreWrappers(UO->getSubExpr());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

const VarDecl *refVar(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = ignoreWrappers(UO->getSubExpr());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const VarDecl *refVarThroughUnary(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E))
    E = ignoreWrappers(UO->getSubExpr());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const ValueDecl *objectDecl(const Expr *E) {
  for (int Steps = 0; E && Steps < 8; ++Steps) {
    E = ignoreWrappers(E);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getNumArgs() >= 1 &&
        (OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star)) {
      E = OC->getArg(0);
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && MC->getMethodDecl() &&
        MC->getMethodDecl()->getDeclName().isIdentifier() &&
        MC->getMethodDecl()->getName() == "get") {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->getMemberDecl();
    return nullptr;
  }
  return nullptr;
}

const CXXRecordDecl *recordOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  return T->getAsCXXRecordDecl();
}

void namesOutsideCalls(const Stmt *S,
                       llvm::SmallPtrSetImpl<const ValueDecl *> &Out) {
  walkStatements(
      S,
      [&](const Stmt *N) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
          Out.insert(DRE->getDecl());
      },
      [](const Stmt *N) { return !isa<CallExpr>(N); });
}

bool references(const Stmt *S, const Decl *D) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (DRE->getDecl() == D)
        Found = true;
  });
  return Found;
}

bool referencesUnmasked(const Stmt *S, const Decl *D) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Rem || BO->getOpcode() == BO_And))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == D;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return referencesUnmasked(C, D); });
}

void collectInvalidTests(const Stmt *S, ASTContext &Ctx,
                         llvm::SmallPtrSetImpl<const ValueDecl *> &Out) {
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *UO = dyn_cast<UnaryOperator>(N);
        UO && UO->getOpcode() == UO_LNot)
      if (const ValueDecl *D = refDecl(UO->getSubExpr()))
        Out.insert(D);
    const auto *BO = dyn_cast<BinaryOperator>(N);
    const ValueDecl *D =
        BO && BO->isComparisonOp() ? refDecl(BO->getLHS()) : nullptr;
    if (!D)
      return;
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    int64_t K = R->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNull)
                    ? 0
                    : constInt(R, Ctx, 1);
    BinaryOperatorKind Op = BO->getOpcode();
    if ((K == 0 && Op == BO_LT) || (K == -1 && Op == BO_EQ) ||
        (K == 0 && Op == BO_EQ && D->getType()->isPointerType()))
      Out.insert(D);
  });
}

const FunctionDecl *calleeDecl(const CallExpr *Call) {
  if (!Call)
    return nullptr;
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD;
  return dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
}

StringRef calleeName(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD || !FD->getDeclName().isIdentifier())
    return "";
  return FD->getName();
}

SourceLocation callBeginLoc(const CallExpr *Call) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && OC->getNumArgs() > 0)
    return OC->getArg(0)->getBeginLoc();
  return Call->getBeginLoc();
}

int64_t constInt(const Expr *E, ASTContext &Ctx, int64_t Default) {
  Expr::EvalResult R;
  if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  return Default;
}

LoopParts loopParts(const Stmt *Loop) {
  LoopParts P;
  if (const auto *F = dyn_cast_or_null<ForStmt>(Loop)) {
    P.Init = F->getInit();
    P.Cond = F->getCond();
    P.Inc = F->getInc();
    P.Body = F->getBody();
  } else if (const auto *W = dyn_cast_or_null<WhileStmt>(Loop)) {
    P.Cond = W->getCond();
    P.Body = W->getBody();
  } else if (const auto *D = dyn_cast_or_null<DoStmt>(Loop)) {
    P.Cond = D->getCond();
    P.Body = D->getBody();
  }
  return P;
}

bool leavesLoop(const Stmt *S, bool InInnerBreakable) {
  if (!S)
    return false;
  // `goto failed;` in C leaves the loop for the function's error exit.
  if (isa<ReturnStmt, CoreturnStmt, GotoStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InInnerBreakable;
  if (isa<LambdaExpr>(S))
    return false; // a return inside a lambda leaves the lambda only
  bool Inner = InInnerBreakable || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
               isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (leavesLoop(Child, Inner))
      return true;
  return false;
}

bool within(const SourceManager &SM, SourceLocation Loc, SourceLocation Begin,
            SourceLocation End) {
  if (Loc.isInvalid() || Begin.isInvalid() || End.isInvalid())
    return false;
  return !SM.isBeforeInTranslationUnit(Loc, Begin) &&
         !SM.isBeforeInTranslationUnit(End, Loc);
}

bool containsStmt(const Stmt *S, const Stmt *Target) {
  // Stops at the first sight of Target: asked of every pair of calls in a
  // loop, a full walk each time is quadratic in the body.
  llvm::SmallVector<const Stmt *, 64> Stack;
  if (S)
    Stack.push_back(S);
  while (!Stack.empty()) {
    const Stmt *N = Stack.pop_back_val();
    if (N == Target)
      return true;
    for (const Stmt *Child : N->children())
      if (Child)
        Stack.push_back(Child);
  }
  return false;
}

const Expr *argForParam(const CallExpr *Call, const ParmVarDecl *P) {
  if (!Call || !P)
    return nullptr;
  unsigned Idx = P->getFunctionScopeIndex();
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
        MD && !MD->isStatic())
      ++Idx;
  return Idx < Call->getNumArgs() ? Call->getArg(Idx) : nullptr;
}

/// Does \p S end by leaving: its last statement a return, break, continue,
/// goto or throw?
static bool endsByLeaving(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  if (const auto *E = dyn_cast_or_null<Expr>(S))
    return isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
  return isa_and_nonnull<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt,
                         CoreturnStmt>(S);
}

const Stmt *conditionOf(const Stmt *S) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S))
    return If->getCond();
  if (const auto *CO = dyn_cast_or_null<ConditionalOperator>(S))
    return CO->getCond();
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(S))
    return SW->getCond();
  if (isa_and_nonnull<ForStmt, WhileStmt, DoStmt>(S))
    return loopParts(S).Cond;
  return nullptr;
}

bool anyEnclosing(const Stmt *S, ASTContext &Ctx,
                  llvm::function_ref<bool(const DynTypedNode &)> Fn) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (;;) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      return false;
    N = Parents[0];
    if (Fn(N))
      return true;
  }
}

const Stmt *exitBranch(const Stmt *Body, const Stmt *S) {
  const Stmt *Found = nullptr;
  std::function<bool(const Stmt *, const Stmt *)> Find = [&](const Stmt *N,
                                                             const Stmt *Exit) {
    if (!N)
      return false;
    if (N == S) {
      Found = Exit;
      return true;
    }
    const auto *If = dyn_cast<IfStmt>(N);
    for (const Stmt *Child : N->children()) {
      bool Branch =
          If && Child && (Child == If->getThen() || Child == If->getElse());
      if (Find(Child, Exit
                          ? Exit
                          : (Branch && endsByLeaving(Child) ? Child : nullptr)))
        return true;
    }
    return false;
  };
  Find(Body, nullptr);
  return Found;
}

/// The C library's and POSIX's headers by file name, the resolver's left
/// out, and SQLite's (it runs in the process, on a local file); the
/// operating system's own folders (sys/, bits/, netinet/).
static bool isPlatformHeader(StringRef Path) {
  static const llvm::StringSet<> Headers = {
      "aio.h",      "alloca.h",    "assert.h",    "byteswap.h", "complex.h",
      "ctype.h",    "dirent.h",    "dlfcn.h",     "endian.h",   "err.h",
      "errno.h",    "error.h",     "execinfo.h",  "fcntl.h",    "features.h",
      "fenv.h",     "float.h",     "fnmatch.h",   "ftw.h",      "getopt.h",
      "glob.h",     "grp.h",       "iconv.h",     "ifaddrs.h",  "inttypes.h",
      "langinfo.h", "libgen.h",    "limits.h",    "link.h",     "locale.h",
      "malloc.h",   "math.h",      "memory.h",    "mqueue.h",   "paths.h",
      "poll.h",     "pthread.h",   "pwd.h",       "regex.h",    "sched.h",
      "search.h",   "semaphore.h", "setjmp.h",    "signal.h",   "spawn.h",
      "sqlite3.h",  "stdarg.h",    "stdatomic.h", "stdbool.h",  "stddef.h",
      "stdint.h",   "stdio.h",     "stdlib.h",    "string.h",   "strings.h",
      "syslog.h",   "termios.h",   "threads.h",   "time.h",     "uchar.h",
      "unistd.h",   "utime.h",     "wchar.h",     "wctype.h",   "wordexp.h"};
  StringRef Dir = llvm::sys::path::filename(llvm::sys::path::parent_path(Path));
  return Headers.contains(llvm::sys::path::filename(Path)) ||
         llvm::is_contained({"sys", "bits", "arpa", "net", "netinet", "linux",
                             "asm", "asm-generic", "gnu"},
                            Dir) ||
         Path.contains("/c++/") || Path.contains("/lib/clang/");
}

bool isPlatformDecl(const Decl *D) {
  if (!D)
    return false;
  const SourceManager &SM = D->getASTContext().getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
  if (!SM.isInSystemHeader(Loc))
    return false;
  return isStdLibrary(D) || isPlatformHeader(SM.getFilename(Loc));
}

bool isStdLibrary(const Decl *D) {
  if (!D)
    return false;
  // Decl::isInStdNamespace looks at the immediate context only, which for a
  // member is its class.
  const DeclContext *DC = D->getDeclContext();
  return DC && DC->getEnclosingNamespaceContext()->isStdNamespace();
}

} // namespace clang::tidy::retry::utils
