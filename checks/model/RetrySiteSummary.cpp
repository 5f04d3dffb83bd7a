// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The behaviour of a retry site once it is recognized, summarized in one
// pass over its per-attempt code and the same-TU functions that code calls:
// what it sends (HttpMethods.cpp), how its attempts are bounded
// (AttemptCap.cpp, HelperCap.cpp), how it waits between them
// (RetryWaits.cpp); here, whether it carries an idempotency key and whether
// it looks the outcome up before re-sending.

#include "RetrySiteSummary.h"
#include "AttemptCap.h"
#include "Callers.h"
#include "HelperCap.h"
#include "HttpMethods.h"
#include "KeySink.h"
#include "RetrySiteIndex.h"
#include "RetryWaits.h"
#include "ValueOrigin.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// Same-TU functions called from \p S, up to \p Depth levels.
static void calleeBodies(const Stmt *S, unsigned Depth,
                         llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen,
                         llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (Depth == 0)
    return;
  forEachDescendant(S, [&](const Stmt *N) {
    const auto *Call = dyn_cast<CallExpr>(N);
    if (!Call)
      return;
    const FunctionDecl *Def = nullptr;
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def) ||
        !Seen.insert(Def).second)
      return;
    Out.push_back(Def->getBody());
    calleeBodies(Def->getBody(), Depth - 1, Seen, Out);
  });
}

void SiteSummarizer::summarize(RetrySite &Site) {
  resolveHttpMethods(Index, Site);
  llvm::SmallVector<const Stmt *, 3> Code = Site.perAttemptCode();
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallVector<const Stmt *, 8> Callees;
  for (const Stmt *S : Code)
    calleeBodies(S, 2, Seen, Callees);
  llvm::SmallVector<const Stmt *, 12> All(Code.begin(), Code.end());
  All.append(Callees.begin(), Callees.end());

  const FunctionDecl *Fn = Index.enclosingFunction(Site.Site);
  ValueOrigin Origins(Index.api());
  if (const auto *Call = dyn_cast<CallExpr>(Site.Site);
      Call && Site.Kind == RetryKind::Helper)
    readHelperCap(Index, Site, Call);
  else
    readCap(Site, Code, Fn, Origins, Index.api(), Index.context());
  // A re-issue waits in its handler, never in the attempt it starts.
  llvm::ArrayRef<const Stmt *> WaitCode = Code;
  if (Site.Kind == RetryKind::Reissue)
    WaitCode = WaitCode.take_front(1);
  readWaits(Index, Site, WaitCode, All, Origins);
  summarizeKey(Site, All, Fn);
  summarizeLookup(Site, Code);
}

/// Does \p S hand over a key: a key header literal, a call to a setter
/// or with a parameter named as a key sink, or a field named as one? The
/// first sink found becomes \p Site's key evidence.
static bool hasKeySink(const Stmt *S, const ApiModel &Model, RetrySite &Site) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *N) {
    // The first sink found is the key's evidence (--trace).
    auto Sink = [&] {
      Found = true;
      if (!Site.KeyWhere)
        Site.KeyWhere = N;
    };
    if (const auto *SL = dyn_cast<StringLiteral>(N)) {
      if (SL->getCharByteWidth() == 1 &&
          (Model.isKeyHeader(SL->getString()) ||
           Model.isKeyHeaderPrefix(SL->getString())))
        Sink();
    } else if (const auto *Call = dyn_cast<CallExpr>(N)) {
      // A setter of a response, result or error object records what the
      // server sent back: no key leaves in it (rule 6).
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(calleeDecl(Call));
      if (MD && isReplyRecord(MD->getParent()))
        return;
      if (const FunctionDecl *FD = calleeDecl(Call)) {
        if (FD->getDeclName().isIdentifier() &&
            Model.isKeySinkName(FD->getName()))
          Sink();
        for (const ParmVarDecl *P : FD->parameters())
          if (P->getDeclName().isIdentifier() &&
              Model.isKeySinkName(P->getName()))
            Sink();
      }
    } else if (const auto *ME = dyn_cast<MemberExpr>(N)) {
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        if (F->getDeclName().isIdentifier() &&
            Model.isKeySinkName(F->getName()) &&
            !isReplyRecord(dyn_cast<CXXRecordDecl>(F->getParent())))
          Sink();
    }
  });
  return Found;
}

void SiteSummarizer::summarizeKey(RetrySite &Site,
                                  llvm::ArrayRef<const Stmt *> All,
                                  const FunctionDecl *Fn) {
  const ApiModel &Model = Index.api();
  ASTContext &Ctx = Index.context();
  // Keys: a key sink in the retried code, in what it calls, or in the
  // function that builds the request (headers made before the loop).
  auto HasKeySink = [&](const Stmt *S) { return hasKeySink(S, Model, Site); };
  for (const Stmt *S : All)
    Site.SendsKey = Site.SendsKey || HasKeySink(S);
  if (!Site.SendsKey && Fn && Fn->getBody())
    Site.SendsKey = HasKeySink(Fn->getBody());
  for (const Operation &Op : Site.Operations)
    if (!Site.SendsKey && Op.InnerCall)
      if (const FunctionDecl *F = Index.enclosingFunction(Op.InnerCall))
        Site.SendsKey = F->getBody() && HasKeySink(F->getBody());
  // A request part the caller hands in (a header list): keyed when every
  // caller in the file passes one that carries a key.
  for (const Operation &Op : Site.Operations) {
    const CallExpr *Inner = Op.InnerCall ? Op.InnerCall : Op.Call;
    const FunctionDecl *F = Inner ? Index.enclosingFunction(Inner) : nullptr;
    if (Site.SendsKey || !F)
      break;
    for (const Expr *Arg : Inner->arguments()) {
      const auto *P = dyn_cast_or_null<ParmVarDecl>(refDecl(Arg));
      if (!P || !llvm::is_contained(F->parameters(), P))
        continue;
      llvm::SmallVector<const CallExpr *, 4> Calls =
          callsFromOutside(F, Ctx, Index.files());
      if (!Calls.empty() && llvm::all_of(Calls, [&](const CallExpr *C) {
            const Expr *A = argForParam(C, P);
            if (!A)
              return false;
            if (HasKeySink(A))
              return true;
            // A local the caller fills: `Headers h = {{"Idempotency-Key",
            // k}};` or `h.emplace("Idempotency-Key", k)`.
            const VarDecl *V = refVar(A);
            const FunctionDecl *CF = Index.enclosingFunction(C);
            return V && V->hasLocalStorage() && CF && CF->getBody() &&
                   HasKeySink(CF->getBody());
          })) {
        Site.SendsKey = true;
        break;
      }
    }
  }
  if (!Site.SendsKey)
    Site.KeyWhere = nullptr;
}

void SiteSummarizer::summarizeLookup(RetrySite &Site,
                                     llvm::ArrayRef<const Stmt *> Code) {
  const ApiModel &Model = Index.api();
  // Look-ups of authoritative state before re-sending.
  for (const Stmt *S : Code)
    forEachDescendant(S, [&](const Stmt *N) {
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call || Site.LooksUpState)
        return;
      if (Model.isLookup(calleeDecl(Call))) {
        Site.LooksUpState = Call;
        return;
      }
      auto IsRead = [&](const CallExpr *C) {
        std::optional<Operation> Op = Model.operation(C);
        return Op && !Op->SideEffect &&
               (Op->Method == HttpMethod::Get ||
                Op->Method == HttpMethod::Head ||
                Op->Kind == OperationKind::Grpc ||
                Op->Kind == OperationKind::AwsSdk);
      };
      if (IsRead(Call)) {
        Site.LooksUpState = Call;
        return;
      }
      // A same-file helper that only reads (`charge_exists(stub, id)`
      // calling GetCharge) and whose answer the loop tests.
      const FunctionDecl *FD = calleeDecl(Call);
      const FunctionDecl *Def = nullptr;
      if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def) ||
          !FD->getReturnType()->isBooleanType() ||
          llvm::any_of(Site.Operations, [&](const Operation &Op) {
            return Op.SideEffect && (Op.Call == Call || Op.InnerCall == Call);
          }))
        return;
      bool Reads = false, Writes = false;
      forEachDescendant(Def->getBody(), [&](const Stmt *M) {
        if (const auto *C = dyn_cast<CallExpr>(M)) {
          if (IsRead(C))
            Reads = true;
          else if (std::optional<Operation> Op = Model.operation(C);
                   Op && Op->SideEffect)
            Writes = true;
        }
      });
      if (Reads && !Writes)
        Site.LooksUpState = Call;
    });
}

} // namespace clang::tidy::retry::model
