// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The I/O waits and the replies they await (ReplyWaits.h).

#include "ReplyWaits.h"
#include "BranchExits.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// A function of the C library: declared at file scope with C linkage.
static bool isCFunction(const FunctionDecl *FD) {
  return FD && FD->getDeclName().isIdentifier() &&
         FD->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
         (FD->isExternC() || !FD->getASTContext().getLangOpts().CPlusPlus);
}

std::optional<unsigned> ioWaitTimeoutArg(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!isCFunction(FD))
    return std::nullopt;
  unsigned Arg = llvm::StringSwitch<unsigned>(FD->getName())
                     .Cases("select", "pselect", 4)
                     .Cases("poll", "ppoll", "WSAPoll", 2)
                     .Cases("epoll_wait", "epoll_pwait", 3)
                     .Default(~0U);
  if (Arg >= Call->getNumArgs())
    return std::nullopt;
  return Arg;
}

bool waitsWithoutEnd(const CallExpr *Call, ASTContext &Ctx) {
  std::optional<unsigned> I = ioWaitTimeoutArg(Call);
  if (!I)
    return false;
  const Expr *Arg = Call->getArg(*I);
  if (Arg->getType()->isPointerType())
    return Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
  return constInt(Arg, Ctx, 0) < 0;
}

const VarDecl *timeoutRecord(const CallExpr *Call) {
  std::optional<unsigned> I = ioWaitTimeoutArg(Call);
  const auto *UO =
      I ? dyn_cast<UnaryOperator>(Call->getArg(*I)->IgnoreParenImpCasts())
        : nullptr;
  return UO && UO->getOpcode() == UO_AddrOf ? refVar(UO->getSubExpr())
                                            : nullptr;
}

bool fillsTimeout(const CallExpr *Call,
                  llvm::ArrayRef<const CallExpr *> Waits) {
  return llvm::any_of(Waits, [&](const CallExpr *W) {
    const VarDecl *TV = timeoutRecord(W);
    return TV && W != Call &&
           llvm::any_of(Call->arguments(),
                        [&](const Expr *A) { return refVar(A) == TV; });
  });
}

llvm::SmallVector<const Expr *, 2> timeoutSources(const CallExpr *Call,
                                                  const Stmt *Within) {
  llvm::SmallVector<const Expr *, 2> Out;
  std::optional<unsigned> I = ioWaitTimeoutArg(Call);
  if (!I)
    return Out;
  const Expr *Arg = Call->getArg(*I);
  if (!Arg->getType()->isPointerType()) {
    Out.push_back(Arg);
    return Out;
  }
  const VarDecl *TV = timeoutRecord(Call);
  if (!TV || !Within)
    return Out;
  forEachInFunction(Within, [&](const Stmt *N) {
    if (const auto *BO = dyn_cast<BinaryOperator>(N);
        BO && BO->isAssignmentOp()) {
      const auto *ME =
          dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
      if (ME && refVar(ME->getBase()) == TV)
        Out.push_back(BO->getRHS());
      return;
    }
    const auto *Fill = dyn_cast<CallExpr>(N);
    if (!Fill || Fill == Call)
      return;
    bool Handed = llvm::any_of(Fill->arguments(), [&](const Expr *A) {
      const auto *U = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
      return U && U->getOpcode() == UO_AddrOf && refVar(U->getSubExpr()) == TV;
    });
    if (Handed)
      for (const Expr *A : Fill->arguments())
        if (!references(A, TV))
          Out.push_back(A);
  });
  return Out;
}

bool isDescriptorSend(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  return isCFunction(FD) &&
         llvm::is_contained({"send", "sendto", "sendmsg"}, FD->getName());
}

/// The integer variables and fields \p S names (descriptors among them).
static void namedIntegers(const Stmt *S,
                          llvm::SmallPtrSetImpl<const ValueDecl *> &Out) {
  forEachInFunction(S, [&](const Stmt *N) {
    const ValueDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(N))
      D = ME->getMemberDecl();
    if (isa_and_nonnull<VarDecl, FieldDecl>(D) && D->getType()->isIntegerType())
      Out.insert(D);
  });
}

/// The descriptors \p Wait watches: the integers its arguments name, and
/// those a record it is handed by address is made from or given in
/// \p Within (`struct pollfd p = {fd, POLLIN, 0}`, `p.fd = fd`).
static llvm::SmallPtrSet<const ValueDecl *, 8> watchedBy(const CallExpr *Wait,
                                                         const Stmt *Within) {
  llvm::SmallPtrSet<const ValueDecl *, 8> Out;
  llvm::SmallPtrSet<const VarDecl *, 4> Records;
  std::optional<unsigned> Timeout = ioWaitTimeoutArg(Wait);
  for (unsigned I = 0; I < Wait->getNumArgs(); ++I) {
    if (Timeout && I == *Timeout)
      continue;
    const Expr *A = Wait->getArg(I);
    namedIntegers(A, Out);
    if (const VarDecl *V = refVar(A); V && V->getType()->isRecordType())
      Records.insert(V);
  }
  for (const VarDecl *V : Records)
    if (V->getInit())
      namedIntegers(V->getInit(), Out);
  if (!Records.empty() && Within)
    forEachInFunction(Within, [&](const Stmt *N) {
      const auto *BO = dyn_cast<BinaryOperator>(N);
      const auto *ME = BO && BO->getOpcode() == BO_Assign
                           ? dyn_cast<MemberExpr>(BO->getLHS())
                           : nullptr;
      if (const VarDecl *V = ME ? refVar(ME->getBase()) : nullptr;
          V && Records.count(V))
        namedIntegers(BO->getRHS(), Out);
    });
  return Out;
}

const CallExpr *replyWaitAfter(const CallExpr *Send,
                               llvm::ArrayRef<const CallExpr *> Waits,
                               const Stmt *Within, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallPtrSet<const ValueDecl *, 8> Sent;
  for (const Expr *A : Send->arguments())
    namedIntegers(A, Sent);
  for (const CallExpr *W : Waits) {
    if (!SM.isBeforeInTranslationUnit(Send->getEndLoc(), W->getBeginLoc()))
      continue;
    if (llvm::any_of(watchedBy(W, Within),
                     [&](const ValueDecl *D) { return Sent.count(D); }))
      return W;
  }
  return nullptr;
}

namespace {

/// What a test says of a reply wait: a reply came, none came, or neither
/// (an error, or a test of something else).
enum class Reply { Came, None, Neither };

/// Reads the tests of one loop body against one reply wait: its result
/// (the call, or the variable assigned from it) and the records handed to
/// it by address (the `fd_set` that `FD_ISSET` reads, the `pollfd` whose
/// `revents` says what came).
class ReplyTests {
public:
  ReplyTests(const CallExpr *Wait, const Stmt *Body, ASTContext &Ctx)
      : Wait(Wait), Ctx(Ctx) {
    std::optional<unsigned> Timeout = ioWaitTimeoutArg(Wait);
    for (unsigned I = 0; I < Wait->getNumArgs(); ++I)
      if (const VarDecl *V = refVar(Wait->getArg(I));
          V && (!Timeout || I != *Timeout))
        Handed.insert(V);
    forEachInFunction(Body, [&](const Stmt *N) {
      if (const auto *BO = dyn_cast<BinaryOperator>(N);
          BO && BO->getOpcode() == BO_Assign &&
          BO->getRHS()->IgnoreParenImpCasts() == Wait)
        Result = refVar(BO->getLHS());
      else if (const auto *DS = dyn_cast<DeclStmt>(N))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D);
              V && V->getInit() && V->getInit()->IgnoreParenImpCasts() == Wait)
            Result = V;
    });
  }

  Reply read(const Expr *Cond) const;

private:
  bool isResult(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    return E == Wait || (Result && refVar(E) == Result && isa<DeclRefExpr>(E));
  }

  const CallExpr *Wait;
  ASTContext &Ctx;
  const VarDecl *Result = nullptr;
  llvm::SmallPtrSet<const VarDecl *, 4> Handed;
};

} // namespace

Reply ReplyTests::read(const Expr *Cond) const {
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    Reply R = read(UO->getSubExpr());
    return R == Reply::Came   ? Reply::None
           : R == Reply::None ? Reply::Came
                              : Reply::Neither;
  }
  if (isResult(E))
    return Reply::Came;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->isComparisonOp()) {
    BinaryOperatorKind Op = BO->getOpcode();
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    if (isResult(R)) {
      std::swap(L, R);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    int64_t N = constInt(R, Ctx, INT64_MIN);
    if (isResult(L) && N == 0)
      return Op == BO_EQ || Op == BO_LE   ? Reply::None
             : Op == BO_NE || Op == BO_GT ? Reply::Came
                                          : Reply::Neither;
    if (isResult(L) && N == 1 && Op == BO_GE)
      return Reply::Came;
    if (isResult(L) || containsStmt(BO, Wait))
      return Reply::Neither;
  }
  // `FD_ISSET(fd, &set)`, `p.revents & POLLIN`: a record the wait filled.
  bool ReadsHanded = false;
  forEachInFunction(E, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        ReadsHanded = ReadsHanded || Handed.count(V);
  });
  return ReadsHanded && !containsStmt(E, Wait) ? Reply::Came : Reply::Neither;
}

bool goesBackWithoutReply(const Stmt *Loop, const CallExpr *Wait,
                          ASTContext &Ctx) {
  const Stmt *Body = loopParts(Loop).Body;
  if (!Body)
    return false;
  ReplyTests Tests(Wait, Body, Ctx);
  bool Back = false;
  forEachInFunction(Body, [&](const Stmt *N) {
    const auto *If = dyn_cast<IfStmt>(N);
    if (Back || !If || !If->getCond())
      return;
    Reply R = Tests.read(If->getCond());
    // A reply leaves (the rest goes round), or no reply may go round.
    Back = (R == Reply::Came && leavesLoop(If->getThen()) &&
            (!If->getElse() || mayGoRound(If->getElse(), false, Ctx))) ||
           (R == Reply::None && mayGoRound(If->getThen(), false, Ctx));
  });
  return Back;
}

} // namespace clang::tidy::retry::model
