// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Per-function retry facts and their files: the retry layers a function
// contains (with their attempt caps and the failures they retry), the calls
// it makes inside and outside them, and the retry layers of library clients
// it calls. LayerGraph.h computes them from the AST of a translation unit;
// here they are written as JSON (--export-facts) and read back by later runs
// (--facts), so nested retry layers are found across translation units: one
// run maps each TU to a facts file, a later run reduces them.

#ifndef RETRYLINT_CHECKS_MODEL_FACTS_H
#define RETRYLINT_CHECKS_MODEL_FACTS_H

#include "RetrySite.h"
#include "StatusSet.h"
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
  /// Something bounds the layer that the model cannot count (a cap read
  /// from a member or a parameter, a policy, a deadline): its attempts are
  /// unknown, not unbounded.
  bool CapUnknown = false;
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
/// whose nested-layer findings can change once the facts of the
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

/// "a.cpp:12", for notes about facts from other TUs.
std::string formatFactLoc(const FactLoc &L);

/// Where \p Loc is (its expansion), as a fact.
FactLoc factLocOf(const SourceManager &SM, SourceLocation Loc);

} // namespace clang::tidy::retry::model

#endif
