// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The retry sites of one translation unit. Checks ask "which retry sites is
// this statement evaluated in, once per attempt?" and never re-derive loops
// themselves. The index answers from its parts: one recognizer per kind of
// site (RetryLoops.h, RetryRecursion.h, RetryGotos.h, HelperRetry.h,
// RetryReissue.h), the
// summarizer that fills in each recognized site's facts
// (RetrySiteSummary.h), the table of sites found and refused (SiteTable.h),
// and the operations calls perform (OperationFinder.h).

#ifndef RETRYLINT_CHECKS_MODEL_RETRYSITEINDEX_H
#define RETRYLINT_CHECKS_MODEL_RETRYSITEINDEX_H

#include "FixedFields.h"
#include "RetrySite.h"
#include "SiteTable.h"
#include "UnitNodes.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <memory>
#include <vector>

namespace clang::tidy::retry::model {

class GotoRecognizer;
class HelperRecognizer;
class LoopBodyReads;
class LoopRecognizer;
class OperationFinder;
class RecursionRecognizer;
class ReissueRecognizer;
class SiteSummarizer;

/// Per-translation-unit index of retry sites. Sites are analyzed lazily, the
/// first time a statement inside them is asked about.
class RetrySiteIndex {
public:
  /// The index of \p Ctx's translation unit, read with \p Model over the
  /// code \p Files analyses.
  RetrySiteIndex(const ApiModel &Model, ASTContext &Ctx,
                 std::shared_ptr<const utils::AnalysedFiles> Files);
  ~RetrySiteIndex();
  RetrySiteIndex(const RetrySiteIndex &) = delete;
  RetrySiteIndex &operator=(const RetrySiteIndex &) = delete;

  /// Retry sites (innermost first) whose per-attempt code contains \p S.
  /// Code in a loop's init statement or in a lambda's init-captures is
  /// evaluated once, not per attempt, and does not count.
  llvm::SmallVector<const RetrySite *, 2> enclosingSites(const Stmt *S);

  /// Calls to \p FD made from the per-attempt code of some retry site in the
  /// main file.
  llvm::ArrayRef<RetriedCall> retriedCallsTo(const FunctionDecl *FD);

  /// The first operation \p FD performs, looking through same-TU callees up
  /// to a small depth; recursion-safe.
  std::optional<Operation> operationIn(const FunctionDecl *FD);

  /// Operations performed inside \p S (directly or through same-TU callees).
  llvm::SmallVector<Operation, 2> operationsIn(const Stmt *S);

  /// \p Call as an operation the model does not know (OperationFinder.h).
  std::optional<Operation> unknownOperation(const CallExpr *Call);

  /// The function (or lambda call operator) whose body contains \p S.
  const FunctionDecl *enclosingFunction(const Stmt *S);

  /// Every retry site in the main file, in source order.
  std::vector<const RetrySite *> allSites();

  /// The retry-helper site made by \p Call, whatever form its callable
  /// takes (a lambda, a named lambda, a function by name or address).
  const RetrySite *helperSite(const CallExpr *Call);

  /// The retry site \p S makes, analysed now: a loop, the label a later
  /// goto jumps back to, a recursive call (its function's site) or a call
  /// to a retry helper. Null when it makes none; whyNotSite() says why.
  const RetrySite *siteOf(const Stmt *S);
  /// Why \p S makes no retry site, as the analysis found (for --trace);
  /// empty when it was never considered one.
  llvm::StringRef whyNotSite(const Stmt *S);

  /// Operations the API model does not know but another source does (facts
  /// about functions defined in other translation units). Set before the
  /// first query.
  void setExternalOperations(
      std::function<std::optional<Operation>(const CallExpr *)> Fn);

  ASTContext &context() { return Ctx; }
  const ApiModel &api() const { return Model; }
  /// The code of the unit the index reads.
  const utils::AnalysedFiles &files() const { return *Files; }
  /// The configuration members the unit proves (FixedFields.h).
  FixedFields &fixedFields() { return Fixed; }
  /// The unit's loop bodies as read by outcome (LoopBackOnFailure.h).
  LoopBodyReads &loopBodyReads();
  /// The walk's findings over the unit (UnitNodes.h), made on first use.
  const UnitNodes &unitNodes();

  /// The index's parts, for one another: the recognizers, the summarizer,
  /// the sites found so far and the operations calls perform.
  LoopRecognizer &loops() { return *Loops; }
  RecursionRecognizer &recursion() { return *Recursion; }
  HelperRecognizer &helpers() { return *Helpers; }
  SiteSummarizer &summarizer() { return *Summarizer; }
  SiteTable &table() { return Table; }
  OperationFinder &operations() { return *Operations; }

private:
  void buildCallIndex();

  const ApiModel &Model;
  ASTContext &Ctx;
  std::shared_ptr<const utils::AnalysedFiles> Files;
  FixedFields Fixed;
  SiteTable Table;
  std::unique_ptr<OperationFinder> Operations;
  std::unique_ptr<LoopRecognizer> Loops;
  std::unique_ptr<RecursionRecognizer> Recursion;
  std::unique_ptr<GotoRecognizer> Gotos;
  std::unique_ptr<ReissueRecognizer> Reissues;
  std::unique_ptr<HelperRecognizer> Helpers;
  std::unique_ptr<SiteSummarizer> Summarizer;
  std::shared_ptr<LoopBodyReads> BodyReads;
  std::shared_ptr<const UnitNodes> Nodes;
  /// enclosingFunction's answers: the model asks it of every call in every
  /// loop, and each answer climbs the parents.
  llvm::DenseMap<const Stmt *, const FunctionDecl *> EnclosingFn;
  bool CallIndexBuilt = false;
  std::vector<const RetrySite *> AnalysedSites;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<RetriedCall, 2>>
      CallIndex;
};

} // namespace clang::tidy::retry::model

#endif
