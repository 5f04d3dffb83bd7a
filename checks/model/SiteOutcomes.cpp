// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The outcomes of a retry site's operations, apart from which of them go
// back (RetriedStatuses.cpp): what the operations can produce, what the
// ones that return nothing report through, and on which outcomes the site
// reads Retry-After.

#include "SiteOutcomes.h"
#include "RetrySiteIndex.h"
#include "StatusConditions.h"
#include "utils/AstWalk.h"
#include "utils/OutArguments.h"
#include "clang/AST/ParentMapContext.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// The type \p Call's result has, or, for a call whose type depends on a
/// template parameter (`s = fn()` in a template retry helper), the type of
/// the variable \p Region stores it in.
static QualType resultType(const CallExpr *Call, const Stmt *Region) {
  QualType T = Call->getType();
  if (!T->isDependentType() || !Region)
    return T;
  QualType Stored = T;
  forEachDescendant(Region, [&](const Stmt *N) {
    if (const auto *BO = dyn_cast<BinaryOperator>(N)) {
      if (BO->getOpcode() == BO_Assign &&
          BO->getRHS()->IgnoreParenImpCasts() == Call)
        if (const VarDecl *V = refVar(BO->getLHS()))
          Stored = V->getType();
    } else if (const auto *DS = dyn_cast<DeclStmt>(N)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->getInit() && V->getInit()->IgnoreParenImpCasts() == Call)
          Stored = V->getType();
    }
  });
  return Stored;
}

void learnOutcomeArguments(const RetrySite &Site, StatusConditions &Conds) {
  // An operation that returns nothing reports its outcome through what it is
  // handed by address or by a pointer (`stub.SubmitOrder(&cntl, &req,
  // resp)`, brpc's controller): tests of those say how it went.
  for (const Operation &Op : Site.Operations) {
    const auto *Call =
        dyn_cast_or_null<CallExpr>(Op.InnerCall ? Op.InnerCall : Op.Call);
    if (!Call || !Call->getType()->isVoidType())
      continue;
    for (const OutArgument &A : outArguments(Call)) {
      // What it only reads (`const OrderReq *`) is not where it reports.
      // (A parameter taken by value has no pointee.)
      if (A.Param &&
          (A.Param->getType()->getPointeeType().isNull() || A.ToConstPointee))
        continue;
      if (A.AddressOf || A.ThroughPointer)
        Conds.addOutcomeVar(A.Var);
    }
  }
}

StatusSet operationOutcomes(const RetrySite &Site, StatusConditions &Conds,
                            bool &UnknownHttpReply) {
  StatusSet Universe;
  for (const Operation &Op : Site.Operations) {
    if (Op.Kind == OperationKind::Grpc) {
      for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
        Universe = Universe | StatusSet::grpc(C);
    } else if (Op.Kind == OperationKind::Unknown) {
      // A call the model does not know fails in ways it cannot name, unless
      // it returns a status the model can read (a gRPC status, an HTTP
      // result).
      Universe = Universe | StatusSet::transport(unsigned(Transport::All));
      std::string Ret = resultType(Op.Call, Site.Site).getAsString();
      if (StringRef(Ret).contains("grpc") && StringRef(Ret).contains("Status"))
        for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
          Universe = Universe | StatusSet::grpc(C);
      // A reply that carries an HTTP status (`unique_ptr<HTTPResponse>`).
      if (StringRef(Ret).contains("httplib::Result") ||
          Conds.responseRecord(resultType(Op.Call, Site.Site))) {
        Universe = Universe | StatusSet::http(0, 999);
        UnknownHttpReply = true;
      }
    } else
      Universe = Universe | StatusSet::http(0, 999) |
                 StatusSet::transport(unsigned(Transport::All));
    if (Op.Kind == OperationKind::Beast || Op.Kind == OperationKind::AwsSdk ||
        Op.Kind == OperationKind::User || Op.Kind == OperationKind::Unknown ||
        Op.Via)
      Universe = Universe | StatusSet::exceptions();
  }
  Universe = Universe | StatusSet::exceptions(); // only reach catch handlers
  return Universe;
}

StatusSet retryAfterCoverage(const RetrySite &Site, RetrySiteIndex &Index) {
  llvm::SmallVector<const Stmt *, 4> Reads(Site.RetryAfterReads.begin(),
                                           Site.RetryAfterReads.end());
  for (const Wait &W : Site.Waits)
    if (W.RetryAfter && W.Call)
      Reads.push_back(W.Call);
  // Read deeper in what the attempt calls: not placed, so taken as read on
  // every path.
  if (Reads.empty())
    return Site.ReadsRetryAfter ? StatusSet::all() : StatusSet::none();
  ASTContext &Ctx = Index.context();
  StatusConditions Conds(Index.api(), Ctx, Index.fixedFields());
  for (const Stmt *S : Site.perAttemptCode())
    Conds.learnVariables(S);
  StatusSet Covered = StatusSet::none();
  for (const Stmt *R : Reads) {
    // The tests of the response on the way from the loop down to the read.
    StatusSet Here = StatusSet::all();
    DynTypedNode Child = DynTypedNode::create(*R);
    for (int Steps = 0; Steps < 64; ++Steps) {
      auto Parents = Ctx.getParents(Child);
      // Up through statements and the declarations they hold (`long ra =
      // header_ms(*res);`), not out of the function.
      if (Parents.empty() || Parents[0].get<FunctionDecl>())
        break;
      const Stmt *P = Parents[0].get<Stmt>();
      if (P == Site.Site)
        break;
      if (const auto *If = dyn_cast_or_null<IfStmt>(P)) {
        const Stmt *C = Child.get<Stmt>();
        if (C && C == If->getThen())
          Here = Here & Conds.eval(If->getCond()).May;
        else if (C && C == If->getElse())
          Here = Here & ~Conds.eval(If->getCond()).Must;
      }
      Child = Parents[0];
    }
    Covered = Covered | Here;
  }
  return Covered;
}

} // namespace clang::tidy::retry::model
