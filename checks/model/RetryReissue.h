// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The recognizer of retries by re-issue: event-driven code starts an
// attempt in one function, learns of its failure in a handler the attempt
// registered (a callback, a timer, a reply handler), and there starts the
// attempt again, at once or through a timer. No loop or recursion is in
// view: the attempt and the handler reach each other only through what
// they register.

#ifndef RETRYLINT_CHECKS_MODEL_RETRYREISSUE_H
#define RETRYLINT_CHECKS_MODEL_RETRYREISSUE_H

#include "RetrySite.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <vector>

namespace clang::tidy::retry::model {

class RetrySiteIndex;

class ReissueRecognizer {
public:
  explicit ReissueRecognizer(RetrySiteIndex &Index) : Index(Index) {}

  /// The site \p Call makes by starting an attempt again, or null.
  const RetrySite *siteAt(const CallExpr *Call);
  /// The sites whose handler or re-issued attempt is \p FD.
  llvm::ArrayRef<const RetrySite *> byFunction(const FunctionDecl *FD);
  /// Every re-issue site of the unit, in the order found.
  llvm::ArrayRef<const RetrySite *> sites();

private:
  /// A call in a handler that starts an attempt again.
  struct Candidate {
    const FunctionDecl *Handler;
    const CallExpr *Again;       ///< the site: the call or the scheduler
    const FunctionDecl *Attempt; ///< the function started again
    const CallExpr *AttemptCall; ///< the call to it, when one is written
    bool Scheduled;              ///< handed over as a callable
    bool Counted = false;        ///< sent under a count of its sends
    unsigned Distance = 0; ///< how many calls the attempt takes to fail here
  };
  void scan();
  void collect(const FunctionDecl *H, std::vector<Candidate> &Out);
  /// Does \p Again, a call in handler \p H that starts \p Attempt again,
  /// run on a failure: is \p H named for one, or does a test around the
  /// call or a catch hold it? A call made at once (not \p Scheduled) needs
  /// a word of retry in the handler's or the attempt's name or in a test
  /// around it (`Reconnect`, `if (retried_ < max_)`): an error alone may be
  /// the error of another step.
  bool runsOnFailure(const FunctionDecl *H, const FunctionDecl *Attempt,
                     const CallExpr *Again, bool Scheduled);
  /// Does \p Again run because a call \p H made before it failed: under a
  /// failure test of that call's result (`m->wsi = connect(&i); if
  /// (!m->wsi)`, `if (dial(a) < 0)`)? Then \p H is the attempt and its own
  /// failure handler.
  bool afterFailedCall(const FunctionDecl *H, const CallExpr *Again);
  /// Does \p H also arm \p Attempt with \p Again's delay on a way no
  /// failure leads to (`if (!checker->enabled) thread_add_timer(...,
  /// delay_loop)`)? Then the failure's re-arm keeps the task's period: a
  /// periodic task, not a retry sooner than its schedule.
  bool keepsPeriod(const FunctionDecl *H, const CallExpr *Again,
                   const FunctionDecl *Attempt);
  /// The attempt \p Call in handler \p H starts again, if it is one.
  std::optional<Candidate> candidateAt(const FunctionDecl *H,
                                       const CallExpr *Call);
  const RetrySite *recognize(const Candidate &C);
  /// In how many steps does \p From reach \p To through what its body calls
  /// or registers (calls, functions named as callbacks, bound members, the
  /// callbacks of the timers it arms), a few levels deep? None when it does
  /// not.
  std::optional<unsigned> reaches(const FunctionDecl *From,
                                  const FunctionDecl *To);
  llvm::ArrayRef<const FunctionDecl *> referenced(const FunctionDecl *F);
  /// The callbacks registered on each timer or event object of the unit
  /// (`evtimer_assign(&ns->timeout_event, base, probe_cb, ns)`): arming
  /// the object elsewhere starts them.
  const llvm::DenseMap<const ValueDecl *,
                       llvm::SmallVector<const FunctionDecl *, 1>> &
  eventCallbacks();

  RetrySiteIndex &Index;
  bool Scanned = false;
  std::vector<const RetrySite *> All;
  llvm::DenseMap<const CallExpr *, const RetrySite *> ByCall;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const RetrySite *, 1>>
      ByFunction;
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<const FunctionDecl *, 8>>
      Refs;
  std::optional<llvm::DenseMap<const ValueDecl *,
                               llvm::SmallVector<const FunctionDecl *, 1>>>
      EventCallbacks;
  /// Whether a test's names say failure (or, second, retry alone).
  llvm::DenseMap<std::pair<const Stmt *, unsigned>, bool> ConditionSays;
};

} // namespace clang::tidy::retry::model

#endif
