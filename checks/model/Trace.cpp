// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Trace.h"
#include "../utils/AstQueries.h"
#include "AttemptCap.h"
#include "Facts.h"
#include "RetriedStatuses.h"
#include "RetryRecursion.h"
#include "RoundAfterSuccess.h"
#include "ValueOrigin.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

/// Loops, gotos and calls that begin on one line of one file.
class LineFinder : public RecursiveASTVisitor<LineFinder> {
public:
  LineFinder(const SourceManager &SM, FileID File, unsigned Line)
      : SM(SM), File(File), Line(Line) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitStmt(Stmt *S) {
    if (!isa<ForStmt, WhileStmt, DoStmt, GotoStmt, CallExpr>(S))
      return true;
    SourceLocation Loc = SM.getExpansionLoc(S->getBeginLoc());
    if (Loc.isValid() && SM.getFileID(Loc) == File &&
        SM.getExpansionLineNumber(Loc) == Line && !llvm::is_contained(Found, S))
      Found.push_back(S);
    return true;
  }
  llvm::SmallVector<const Stmt *, 4> Found;

private:
  const SourceManager &SM;
  FileID File;
  unsigned Line;
};

class Tracer {
public:
  Tracer(RetrySiteIndex &Index, llvm::raw_ostream &OS)
      : Index(Index), Ctx(Index.context()), SM(Ctx.getSourceManager()), OS(OS) {
  }

  struct Reading {
    const Stmt *Key = nullptr; ///< what the index keys the site by
    std::string What;
    const RetrySite *Site = nullptr;
  };
  /// Reads \p S; false when it is none of the constructs traced.
  bool read(const Stmt *S, Reading &R);
  void print(const Stmt *S, const Reading &R);

private:
  std::string where(const Stmt *S) const {
    return where(S ? S->getBeginLoc() : SourceLocation());
  }
  std::string where(SourceLocation Loc) const {
    FactLoc L = Loc.isValid() ? factLocOf(SM, Loc) : FactLoc();
    if (L.File.empty())
      return "<unknown place>";
    return L.File + ":" + std::to_string(L.Line) + ":" +
           std::to_string(L.Column);
  }
  void operations(const RetrySite &Site);
  void outcomes(const RetrySite &Site);
  void key(const RetrySite &Site);
  void budget(const RetrySite &Site);
  void waits(const RetrySite &Site);

  RetrySiteIndex &Index;
  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::raw_ostream &OS;
};

} // namespace

static StringRef factName(Fact F) {
  switch (F) {
  case Fact::Yes:
    return "yes";
  case Fact::No:
    return "no";
  case Fact::Unknown:
    return "unknown";
  }
  llvm_unreachable("a fact is yes, no or unknown");
}

static StringRef kindName(OperationKind K) {
  switch (K) {
  case OperationKind::Http:
    return "HTTP client call";
  case OperationKind::Curl:
    return "libcurl transfer";
  case OperationKind::Beast:
    return "Boost.Beast write";
  case OperationKind::Grpc:
    return "gRPC call";
  case OperationKind::AwsSdk:
    return "AWS SDK call";
  case OperationKind::User:
    return "operation named by the API model or the Operations option";
  case OperationKind::Unknown:
    return "call the model does not know, retried after its failure";
  }
  return "operation";
}

void Tracer::operations(const RetrySite &Site) {
  OS << "  operations re-issued per attempt: " << Site.Operations.size()
     << "\n";
  for (const Operation &Op : Site.Operations) {
    OS << "    " << where(Op.Call) << ": '" << Op.Name << "', "
       << kindName(Op.Kind);
    if (Op.Method != HttpMethod::Unknown)
      OS << ", HTTP " << httpMethodName(Op.Method);
    if (Op.Via)
      OS << ", through '" << Op.Via->getNameAsString() << "' ("
         << where(Op.InnerCall) << ")";
    OS << "\n      side effect: ";
    if (Op.SideEffect)
      OS << "yes ("
         << (Op.Method == HttpMethod::Post || Op.Method == HttpMethod::Patch
                 ? "its method is not idempotent"
                 : "its name is a mutating verb, or the SideEffects option "
                   "lists it")
         << ")";
    else if (Op.DeclaredSafe)
      OS << "no (the SafeOperations option lists it)";
    else if (Op.knownIdempotent() || Op.onlyReads())
      OS << "no (idempotent by method or name)";
    else
      OS << "unknown (neither its method nor its name says)";
    OS << "\n";
  }
}

void Tracer::outcomes(const RetrySite &Site) {
  RetriedStatuses R = retriedStatuses(Site, Index);
  OS << "  retried outcomes: ";
  if (R.Imprecise) {
    OS << "unknown (a decision on the outcome was not read";
    if (R.Where)
      OS << ", at " << where(R.Where);
    OS << "): no status counts as retried\n    (at most: "
       << (R.Set.empty() ? std::string("none") : R.Set.format()) << ")\n";
    if (!R.Once.empty())
      OS << "    retried once (under a flag its way back sets): "
         << R.Once.format() << "\n";
    return;
  }
  StatusSet Failures = R.failures();
  OS << (R.Set.empty() ? std::string("none read") : R.Set.format());
  if (R.Where)
    OS << " (decided at " << where(R.Where) << ")";
  OS << "\n";
  for (const auto &[Set, At] : R.Paths)
    OS << "    way back at " << where(At) << ": " << Set.format() << "\n";
  if (!R.Once.empty())
    OS << "    retried once (under a flag its way back sets): "
       << R.Once.format() << "\n";
  OS << "    failures among them: "
     << (Failures.empty() ? std::string("none (it goes round only after a "
                                        "success: no retry)")
                          : Failures.format())
     << "\n    ambiguous failures (the request may have been processed): "
     << (R.Set.ambiguous().empty() ? std::string("none")
                                   : R.Set.ambiguous().format())
     << "\n";
}

/// The value a key sink carries: the argument after a key header's name
/// (`{"Idempotency-Key", key}`, `set_header("Idempotency-Key", key)`), a
/// key setter's argument, or what is assigned to a key field.
static const Expr *keyValue(const Stmt *Sink, ASTContext &Ctx) {
  if (const auto *Call = dyn_cast<CallExpr>(Sink))
    for (const Expr *A : Call->arguments())
      if (!isa<StringLiteral>(A->IgnoreParenImpCasts()))
        return A;
  const Stmt *Child = Sink;
  for (int Up = 0; Up < 4; ++Up) {
    auto Parents = Ctx.getParents(*Child);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P)
      return nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(P);
        BO && BO->isAssignmentOp() && BO->getLHS() == Child)
      return BO->getRHS();
    auto After = [&](auto Range) -> const Expr * {
      bool Seen = false;
      for (const Expr *E : Range) {
        if (Seen)
          return E;
        Seen = containsStmt(E, Sink);
      }
      return nullptr;
    };
    if (const auto *IL = dyn_cast<InitListExpr>(P))
      return After(IL->inits());
    if (const auto *Call = dyn_cast<CallExpr>(P))
      return After(Call->arguments());
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P))
      return After(CE->arguments());
    Child = P;
  }
  return nullptr;
}

void Tracer::key(const RetrySite &Site) {
  OS << "  idempotency key: ";
  if (!Site.SendsKey) {
    OS << "no (no key reaches a header, request field or key-sink "
          "parameter of the retried call)\n";
  } else {
    OS << "yes";
    if (Site.KeyWhere)
      OS << ", sent at " << where(Site.KeyWhere);
    OS << "\n";
    const Expr *Value = Site.KeyWhere ? keyValue(Site.KeyWhere, Ctx) : nullptr;
    const FunctionDecl *Fn = Value ? Index.enclosingFunction(Value) : nullptr;
    if (Value && Fn) {
      ValueOrigin Origins(Index.api());
      llvm::SmallVector<Origin, 2> PerAttempt =
          Origins.perAttemptOrigins(Value, Fn);
      OS << "    origin: ";
      if (!PerAttempt.empty()) {
        OS << "changes per attempt: " << PerAttempt.front().describe() << " ("
           << where(PerAttempt.front().Where) << ")\n";
      } else {
        llvm::SmallVector<Leaf, 4> Leaves = Origins.leaves(Value, Fn);
        OS << "built from";
        if (Leaves.empty())
          OS << " nothing the model can read";
        for (const Leaf &L : Leaves)
          OS << " '" << (L.Name.empty() ? std::string("?") : L.Name) << "' ("
             << where(L.Where) << ")";
        OS << "\n";
      }
    } else {
      OS << "    origin: unknown (the key's value was not read)\n";
    }
  }
  OS << "  look-up before re-sending: ";
  if (Site.LooksUpState)
    OS << "yes, " << where(Site.LooksUpState) << "\n";
  else
    OS << "no\n";
}

void Tracer::budget(const RetrySite &Site) {
  OS << "  attempt cap: ";
  switch (Site.Cap) {
  case CapKind::Constant:
    OS << "yes, " << Site.MaxAttempts << " attempts";
    break;
  case CapKind::Variable:
    OS << "yes, a counter compared with a value set elsewhere";
    break;
  case CapKind::Policy:
    OS << "yes, a policy call decides";
    break;
  case CapKind::None:
    OS << "no";
    break;
  }
  if (Site.CapWhere)
    OS << " (" << where(Site.CapWhere) << ")";
  OS << "\n  deadline: ";
  if (Site.Deadline) {
    OS << "yes (" << where(Site.Deadline) << ")";
    if (std::optional<double> Secs = deadlineSeconds(Site, Ctx))
      OS << ", " << *Secs << " s";
  } else {
    OS << "no";
  }
  OS << "\n";
}

void Tracer::waits(const RetrySite &Site) {
  // A helper call waits as the helper's own retry does.
  if (Site.Kind == RetryKind::Helper) {
    if (!Site.HelperOwn) {
      OS << "  wait between attempts: unknown (the helper's own retry was "
            "not read)\n";
      return;
    }
    OS << "  the helper's own retry: " << Site.HelperOwn->describe() << " ("
       << where(Site.HelperOwn->Site) << ")\n";
    waits(*Site.HelperOwn);
    return;
  }
  OS << "  wait between attempts: ";
  if (Site.Waits.empty()) {
    OS << "no (no call on the way back to the next attempt can wait)\n";
  } else {
    OS << "yes\n";
    for (const Wait &W : Site.Waits) {
      OS << "    " << (W.Call ? where(W.Call) : std::string("<elsewhere>"));
      if (W.Call)
        OS << ": '" << calleeName(W.Call) << "'";
      OS << "\n      grows: "
         << (W.Grows    ? "yes"
             : W.Opaque ? "unknown"
                        : "no")
         << "; jitter: " << factName(W.Jitter)
         << "; from Retry-After: " << (W.RetryAfter ? "yes" : "no");
      if (W.MayWait)
        OS << " (its body is not read: it may wait)";
      else if (W.Opaque)
        OS << " (the duration comes from code the model cannot read)";
      OS << "\n";
    }
  }
  if (!Site.Waits.empty()) {
    // As the checks read them: any jittered wait spreads the retries, and
    // a duration the model cannot read may be jittered.
    bool Opaque = false, Grows = false, AnyJitter = false, AnyUnknown = false;
    for (const Wait &W : Site.Waits) {
      AnyJitter = AnyJitter || W.Jitter == Fact::Yes;
      AnyUnknown = AnyUnknown || W.Jitter == Fact::Unknown;
      Opaque = Opaque || W.Opaque;
      Grows = Grows || W.Grows;
    }
    Fact Jitter = AnyJitter ? Fact::Yes : AnyUnknown ? Fact::Unknown : Fact::No;
    OS << "  backoff grows: "
       << (Grows    ? "yes"
           : Opaque ? "unknown"
                    : "no")
       << "\n  jitter: " << factName(Jitter) << "\n";
  }
  OS << "  reads Retry-After: " << (Site.ReadsRetryAfter ? "yes" : "no");
  for (const Stmt *R : Site.RetryAfterReads)
    OS << " (" << where(R) << ")";
  OS << "\n  failover (each attempt goes elsewhere): "
     << (Site.Failover ? "yes" : "no") << "\n";
}

bool Tracer::read(const Stmt *S, Reading &R) {
  R.Key = S;
  if (isa<ForStmt, WhileStmt, DoStmt>(S)) {
    R.What = isa<ForStmt>(S)     ? "for loop"
             : isa<WhileStmt>(S) ? "while loop"
                                 : "do loop";
    R.Site = Index.siteOf(S);
  } else if (const auto *G = dyn_cast<GotoStmt>(S)) {
    R.What = "goto " + G->getLabel()->getName().str();
    R.Key = G->getLabel()->getStmt();
    R.Site = R.Key ? Index.siteOf(R.Key) : nullptr;
    if (!R.Key)
      return false;
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = calleeDecl(Call);
    const FunctionDecl *In = Index.enclosingFunction(Call);
    R.Site = Index.siteOf(Call);
    bool Recursive = In && callsAgain(Call, In);
    // Other calls only when the model asked whether they retry.
    if (!R.Site && !Recursive && Index.whyNotSite(Call).empty())
      return false;
    R.What = (Recursive ? "recursive call to '" : "call to '") +
             (Callee ? Callee->getNameAsString() : std::string("?")) + "'";
  } else {
    return false;
  }
  return true;
}

void Tracer::print(const Stmt *S, const Reading &R) {
  const RetrySite *Site = R.Site;
  const Stmt *Key = R.Key;
  const std::string &What = R.What;
  OS << where(S) << ": " << What << "\n  retry site: ";
  if (!Site) {
    StringRef Why = Index.whyNotSite(Key);
    OS << "no: "
       << (Why.empty() ? StringRef("its analysis did not complete (it is "
                                   "being read as part of another site)")
                       : Why)
       << "\n";
    return;
  }
  OS << "yes, " << Site->describe() << " (" << where(Site->Site) << ")\n";
  OS << "  retry evidence: " << Site->Evidence.What << " ("
     << where(Site->Evidence.Where) << ")\n";
  operations(*Site);
  if (Site->Kind == RetryKind::Loop)
    OS << "  goes round after a success: "
       << (goesRoundAfterSuccess(Site->Site, Site->Operations, Ctx,
                                 Index.loopBodyReads())
               ? "yes (read as a retry because it goes back after an "
                 "unknown call's failure)"
               : "no")
       << "\n";
  outcomes(*Site);
  key(*Site);
  budget(*Site);
  waits(*Site);
}

unsigned traceLine(RetrySiteIndex &Index, FileID File, unsigned Line,
                   llvm::raw_ostream &OS) {
  ASTContext &Ctx = Index.context();
  LineFinder Finder(Ctx.getSourceManager(), File, Line);
  Finder.TraverseAST(Ctx);
  Tracer T(Index, OS);
  // A template's statements come once from its pattern and once from each
  // instantiation (where dependent calls are resolved): one reading per
  // place, a site when any of them makes one.
  unsigned N = 0;
  llvm::SmallVector<SourceLocation, 4> Done;
  for (const Stmt *S : Finder.Found) {
    SourceLocation Loc = S->getBeginLoc();
    if (llvm::is_contained(Done, Loc))
      continue;
    const Stmt *Best = nullptr;
    Tracer::Reading BestR;
    for (const Stmt *Same : Finder.Found) {
      Tracer::Reading R;
      if (Same->getBeginLoc() != Loc || Same->getStmtClass() != S->getStmtClass() ||
          !T.read(Same, R))
        continue;
      if (!Best || (R.Site && !BestR.Site)) {
        Best = Same;
        BestR = R;
      }
    }
    if (!Best)
      continue;
    Done.push_back(Loc);
    T.print(Best, BestR);
    ++N;
  }
  return N;
}

} // namespace clang::tidy::retry::model
