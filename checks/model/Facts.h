// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Per-function retry facts: the retry layers a function contains (with their
// attempt caps and the failures they retry), the calls it makes inside and
// outside them, and the retry layers of library clients it calls (AWS SDK,
// gRPC channels with a retry policy). Facts are computed from the AST of a
// translation unit, written as JSON (--export-facts) and read back by later
// runs (--facts), so nested retry layers are found across translation units:
// one run maps each TU to a facts file, a later run reduces them.

#ifndef RETRYLINT_CHECKS_MODEL_FACTS_H
#define RETRYLINT_CHECKS_MODEL_FACTS_H

#include "RetrySite.h"
#include "StatusSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

/// A position in a source file, for facts that come from another TU.
struct FactLoc {
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// A call made by a function, inside or outside one of its retry layers.
struct CallFact {
  std::string USR;  ///< the callee's identity; empty for library layers
  std::string Name; ///< the callee's name, for messages
  /// A library retry layer this call goes through (index into Layers).
  std::optional<unsigned> LibraryLayer;
  const CallExpr *Call = nullptr;       ///< in this TU only
  const FunctionDecl *Callee = nullptr; ///< in this TU only
};

/// One retry layer: a retry site, or a library client that retries.
struct LayerFact {
  std::string What; ///< "retry loop", "gRPC retry policy", ...
  /// Attempts, first try included; none when unbounded or unknown.
  std::optional<unsigned> Attempts;
  /// The failures that lead to another attempt, when known precisely.
  std::optional<StatusSet> Retries;
  /// What the function reports when the layer gives up, when it maps
  /// exhaustion to constant statuses; otherwise the last failure passes
  /// through (Retries).
  std::optional<StatusSet> Exhaustion;
  /// Every operation the layer repeats only reads (a poll).
  bool ReadsOnly = false;
  bool Library = false;
  /// The layer repeats only calls to functions defined elsewhere; it is a
  /// retry layer only if one of them (Deciders, by USR) is known to retry.
  /// Facts passes record such loops because they cannot tell yet.
  bool Tentative = false;
  std::vector<std::string> Deciders;
  FactLoc Where;
  SourceLocation Loc;              ///< in this TU only
  const RetrySite *Site = nullptr; ///< in this TU only
  std::vector<CallFact> Calls;     ///< made once per attempt
  std::vector<unsigned> Nested;    ///< layers directly inside this one

  /// The failures an outer layer sees when this one gives up.
  std::optional<StatusSet> givesUp() const {
    return Exhaustion ? Exhaustion : Retries;
  }
};

struct FunctionFacts {
  std::string USR, Name;
  FactLoc Where;
  std::vector<LayerFact> Layers;
  std::vector<unsigned> Top;   ///< retry layers not inside another one
  std::vector<CallFact> Calls; ///< calls outside any retry layer
};

/// Facts read from a directory of facts files, by USR.
class FactsDb {
public:
  /// Reads every *.json file in \p Dir. Returns null and sets \p Error
  /// (naming the file) when the directory or a file is unusable.
  static std::shared_ptr<const FactsDb> load(StringRef Dir, std::string &Error);
  /// The same, cached per directory until a file in it changes.
  static std::shared_ptr<const FactsDb> loadCached(StringRef Dir,
                                                   std::string &Error);
  const FunctionFacts *find(StringRef USR) const;
  size_t size() const { return Functions.size(); }

private:
  llvm::StringMap<FunctionFacts> Functions;
};

/// Parses / prints one TU's facts file.
bool parseFacts(StringRef Json, std::vector<FunctionFacts> &Out,
                std::string &Error, std::string *TranslationUnit = nullptr);

/// The translation units (main files, as written in the facts) in \p Dir
/// whose retry-nested-layers findings can change once the facts of the
/// others are read: they have a retry layer and refer to a function defined
/// in another translation unit that retries or reaches one that does. A run
/// that wrote the facts only needs to analyze these again.
bool unitsNeedingFacts(StringRef Dir, std::vector<std::string> &Out,
                       std::string &Error);
std::string printFacts(StringRef MainFile,
                       const std::vector<const FunctionFacts *> &Functions);
/// Writes \p Functions to a file in \p Dir named after \p MainFile; the file
/// is written next to its final name and renamed, so readers never see a
/// partial file.
bool writeFactsFile(StringRef Dir, StringRef MainFile,
                    const std::vector<const FunctionFacts *> &Functions,
                    std::string &Error);

/// One step of a chain of retry layers.
struct Hop {
  /// The function called (empty for a layer nested in the same function).
  std::string Callee;
  /// The retry layer this step adds, if any.
  const LayerFact *Layer = nullptr;
  /// Where a note about this step goes in this TU: the inner layer itself,
  /// or the call that leads to a layer defined in another TU.
  SourceLocation NoteLoc;
  /// The layer is defined in another TU (from facts).
  bool External = false;
};

/// The worst chain of retry layers below some layer.
struct Chain {
  std::vector<Hop> Hops;
  unsigned Layers = 0;              ///< hops that retry
  bool Unbounded = false;           ///< some layer has no known cap
  uint64_t Product = 1;             ///< attempts multiplied (when bounded)
  const LayerFact *First = nullptr; ///< the first layer reached

  /// Is this chain worse than \p O?
  bool worseThan(const Chain &O) const;
};

/// Per-TU facts for every function with a body, and the chains of layers
/// that they (and imported facts) form.
class LayerGraph {
public:
  struct Options {
    /// Library calls that retry internally: (names, attempts; 0 means
    /// unbounded).
    std::vector<std::pair<NameList, unsigned>> RetryingCalls;
  };
  LayerGraph(RetrySiteIndex &Index, const ApiModel &Api, Options Opts,
             std::shared_ptr<const FactsDb> Imported);

  /// Facts of \p FD: computed when its body is in this TU, else imported.
  const FunctionFacts *factsFor(const FunctionDecl *FD);
  /// The layer for a retry site of this TU, and the facts holding it.
  std::pair<const FunctionFacts *, unsigned> layerFor(const RetrySite &Site);
  /// The worst chain of layers below layer \p L of \p F (\p L excluded).
  Chain chainBelow(const FunctionFacts &F, unsigned L);
  /// Facts of every function defined in the main file, for export.
  std::vector<const FunctionFacts *> mainFileFacts();

  /// An operation for any call to a function defined elsewhere (not a
  /// system or std function), so loops around one are recorded as
  /// tentative layers for other TUs to resolve.
  std::optional<Operation> externalOperation(const CallExpr *Call);
  /// An operation for a call listed in the RetryingCalls option.
  std::optional<Operation> retryingCallOperation(const CallExpr *Call);
  /// Does \p L multiply attempts: more than one attempt, and a tentative
  /// layer only when what it repeats is known to retry.
  bool counts(const LayerFact &L);

private:
  Chain chainOfFunction(const FunctionFacts &F, unsigned Depth);
  Chain chainOfLayer(const FunctionFacts &F, unsigned L, unsigned Depth);
  Chain chainOfCall(const FunctionFacts &F, const CallFact &C, unsigned Depth);
  std::unique_ptr<FunctionFacts> compute(const FunctionDecl *Def);
  std::optional<LayerFact> libraryLayer(const CallExpr *Call);
  /// The attempts of a RetryingCalls entry \p Call matches (0: unbounded).
  std::optional<unsigned> retryingCallAttempts(const CallExpr *Call) const;
  std::optional<LayerFact> grpcLayer(const CallExpr *Call, const Operation &Op);
  std::optional<LayerFact> awsLayer(const CallExpr *Call);
  std::optional<StatusSet> exhaustion(const RetrySite &Site,
                                      const FunctionDecl *Fn);
  FactLoc factLoc(SourceLocation Loc) const;
  /// Values assigned to a variable or field in the main file (its
  /// initializer included), and member calls made on it.
  llvm::ArrayRef<const Expr *> sourcesOf(const ValueDecl *D);
  llvm::ArrayRef<const CXXMemberCallExpr *> callsOn(const ValueDecl *D);
  void indexAssignments();

  RetrySiteIndex &Index;
  const ApiModel &Api;
  Options Opts;
  std::shared_ptr<const FactsDb> Imported;
  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionFacts>> Local;
  llvm::DenseMap<const FunctionDecl *, bool> InProgress;
  llvm::StringMap<bool> ImportInProgress;
  llvm::DenseMap<const FunctionFacts *, Chain> Memo;
  bool AssignmentsIndexed = false;
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Expr *, 2>> Sources;
  llvm::DenseMap<const ValueDecl *,
                 llvm::SmallVector<const CXXMemberCallExpr *, 4>>
      MemberCalls;
  llvm::DenseMap<const ValueDecl *,
                 std::vector<std::pair<const ValueDecl *, const Expr *>>>
      FieldSources;
};

/// The USR of \p D, or an empty string.
std::string usrOf(const Decl *D);

/// "a.cpp:12", for notes about facts from other TUs.
std::string formatFactLoc(const FactLoc &L);

} // namespace clang::tidy::retry::model

#endif
