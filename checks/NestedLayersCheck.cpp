// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "NestedLayersCheck.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::retry {

using namespace utils;

/// Does \p Outer over \p Below make requests without end: a layer with no
/// cap at all (one whose cap cannot be counted is bounded)?
static bool unbounded(const model::LayerFact &Outer,
                      const model::Chain &Below) {
  return (!Outer.Attempts && !Outer.CapUnknown) || Below.Unbounded;
}

static std::string attempts(const model::LayerFact &L) {
  if (!L.Attempts)
    return L.CapUnknown ? "attempts not known" : "unbounded";
  return std::to_string(*L.Attempts) +
         (*L.Attempts == 1 ? " attempt" : " attempts");
}

NestedLayersCheck::NestedLayersCheck(StringRef Name, ClangTidyContext *Context)
    : RetrySiteCheck(Name, Context),
      MaxAmplification(unsignedOption("MaxAmplification", 3)),
      RetryingCallsOption(Options.get("RetryingCalls", "")),
      FactsDirectory(Options.get("FactsDirectory", "")),
      ExportFactsDirectory(Options.get("ExportFactsDirectory", "")) {
  if (MaxAmplification == 0)
    configurationDiag("%0: option 'MaxAmplification' must be at least 1")
        << Name;
  // "google::cloud::storage::Client::InsertObject=3;my::Client::Send":
  // library calls that retry internally, with their attempts (none:
  // unbounded).
  for (StringRef Entry : tidy::utils::options::parseStringList(RetryingCallsOption)) {
    auto [Pattern, Count] = Entry.trim().split('=');
    unsigned N = 0;
    if (Pattern.trim().empty() ||
        (!Count.empty() && (Count.trim().getAsInteger(10, N) || N == 0))) {
      configurationDiag("%0: option 'RetryingCalls': '%1' is not "
                        "'name' or 'name=attempts' (attempts at least 1)")
          << Name << Entry;
      continue;
    }
    model::NameList Names;
    if (std::optional<std::string> Err = Names.add(Pattern.trim())) {
      configError("RetryingCalls", *Err);
      continue;
    }
    GraphOpts.RetryingCalls.push_back({std::move(Names), N});
  }
  // Its index then holds the RetryingCalls operations, which no other
  // check has; without them it reads the same sites as the others.
  if (!GraphOpts.RetryingCalls.empty())
    keepOwnIndex();
  if (!FactsDirectory.empty()) {
    std::string Error;
    Imported = model::FactsDb::loadCached(FactsDirectory, Error);
    if (!Imported)
      configError("FactsDirectory", Error);
  }
}

void NestedLayersCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RetrySiteCheck::storeOptions(Opts);
  Options.store(Opts, "MaxAmplification", std::to_string(MaxAmplification));
  Options.store(Opts, "RetryingCalls", RetryingCallsOption);
  Options.store(Opts, "FactsDirectory", FactsDirectory);
  Options.store(Opts, "ExportFactsDirectory", ExportFactsDirectory);
}

void NestedLayersCheck::beginTranslationUnit(model::RetrySiteIndex &Index) {
  Findings.clear();
  Graph =
      std::make_unique<model::LayerGraph>(Index, api(), GraphOpts, Imported);
  // Calls to RetryingCalls are operations, so a loop around one is a retry
  // site. A loop around a function defined elsewhere is a retry site by its
  // structure (the model's unknown operations); the facts tell whether that
  // function retries too.
  if (!GraphOpts.RetryingCalls.empty())
    Index.setExternalOperations([G = Graph.get()](const CallExpr *Call) {
      return G->retryingCallOperation(Call);
    });
}

void NestedLayersCheck::checkSite(const model::RetrySite &Site,
                                  model::RetrySiteIndex &) {
  auto [F, L] = Graph->layerFor(Site);
  if (!F)
    return;
  const model::LayerFact &Outer = F->Layers[L];
  // A single attempt is no layer. A read loop that also goes round after a
  // success waits for a state change: a poll. One that goes round on
  // failure retries, and multiplies the reads below it.
  bool Polls = Outer.ReadsOnly && Outer.Retries &&
               !(*Outer.Retries &
                 (model::StatusSet::http(200, 200) | model::StatusSet::grpc(0)))
                    .empty();
  if (!Graph->counts(Outer) || Polls)
    return;
  model::Chain Below = Graph->chainBelow(*F, L);
  if (!Below.Layers)
    return;
  // A layer whose attempts cannot be counted makes at least one: report
  // only what the counted layers already prove.
  bool Unbounded = unbounded(Outer, Below);
  uint64_t Total =
      Unbounded ? 0 : uint64_t(Outer.Attempts.value_or(1)) * Below.Product;
  if (!Unbounded && Total <= MaxAmplification)
    return;
  // Two counted layers at least: one layer's own attempts are no nesting.
  if (!Unbounded && (Outer.CapUnknown || Below.Unknown) &&
      (Outer.Attempts ? 1 : 0) + Below.Counted < 2)
    return;
  Findings.push_back({&Site, &Outer, std::move(Below)});
}

void NestedLayersCheck::endTranslationUnit(model::RetrySiteIndex &Index) {
  // A layer that is already the inner part of a reported chain is reported
  // there, with the whole product. Layers in a cycle (mutually recursive
  // retrying functions) are each inside the others, at any depth the walk
  // reached: the first of such a group is reported.
  size_t N = Findings.size();
  std::vector<llvm::BitVector> Reaches(N, llvm::BitVector(N));
  for (size_t J = 0; J < N; ++J)
    for (size_t I = 0; I < N; ++I)
      Reaches[J][I] =
          I != J && llvm::any_of(Findings[J].Below.Hops, [&](const auto &H) {
            return H.Layer && H.Layer->Site == Findings[I].Site;
          });
  for (size_t K = 0; K < N; ++K) // transitive closure
    for (size_t J = 0; J < N; ++J)
      if (Reaches[J][K])
        Reaches[J] |= Reaches[K];
  for (size_t I = 0; I < N; ++I) {
    bool Inner = false;
    for (size_t J = 0; J < N && !Inner; ++J)
      Inner = J != I && Reaches[J][I] && (J < I || !Reaches[I][J]);
    if (!Inner)
      report(Findings[I]);
  }

  if (!ExportFactsDirectory.empty()) {
    const SourceManager &SM = Index.context().getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (Main) {
      SmallString<256> Path(Main->getName());
      llvm::sys::fs::make_absolute(Path);
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      std::string Error;
      if (!model::writeFactsFile(ExportFactsDirectory, Path,
                                 Graph->mainFileFacts(), Error))
        configError("ExportFactsDirectory", Error);
    }
  }
  Findings.clear();
  Graph.reset();
}

void NestedLayersCheck::report(const Finding &F) {
  const model::LayerFact &Outer = *F.Outer;
  bool Unbounded = unbounded(Outer, F.Below);
  bool AtLeast = Outer.CapUnknown || F.Below.Unknown;
  std::string Msg = Outer.What + " (" + attempts(Outer) + ")";
  for (size_t I = 0; I < F.Below.Hops.size(); ++I) {
    const model::Hop &H = F.Below.Hops[I];
    Msg += I == 0 ? " " : " which ";
    if (H.Callee.empty()) {
      Msg += "contains a " + H.Layer->What + " (" + attempts(*H.Layer) + ")";
      continue;
    }
    Msg += "calls '" + H.Callee + "'";
    if (H.Layer)
      Msg += " which retries (" + attempts(*H.Layer) +
             (H.Layer->Library ? ", " + H.Layer->What : std::string()) + ")";
  }
  if (Unbounded)
    Msg += ": unbounded requests per call";
  else
    Msg +=
        (AtLeast ? ": at least " : ": up to ") +
        std::to_string(uint64_t(Outer.Attempts.value_or(1)) * F.Below.Product) +
        " requests per call";
  diag(F.Site->getBeginLoc(), "%0") << Msg;

  for (const model::Hop &H : F.Below.Hops) {
    if (!H.Layer || H.NoteLoc.isInvalid())
      continue;
    const model::LayerFact &L = *H.Layer;
    if (H.External) {
      diag(H.NoteLoc, "%0 (%1) in %2", DiagnosticIDs::Note)
          << (H.Callee.empty() ? "inner " + L.What
                               : "'" + H.Callee + "' retries")
          << attempts(L) << model::formatFactLoc(L.Where);
    } else if (L.Library) {
      diag(H.NoteLoc, "%0: %1 per call of '%2'", DiagnosticIDs::Note)
          << L.What << attempts(L) << H.Callee;
    } else if (H.Callee.empty()) {
      diag(H.NoteLoc, "inner %0 (%1)", DiagnosticIDs::Note)
          << L.What << attempts(L);
    } else {
      diag(H.NoteLoc, "'%0' retries here (%1)", DiagnosticIDs::Note)
          << H.Callee << attempts(L);
    }
  }
}

} // namespace clang::tidy::retry
