// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Baseline.h"
#include "Nesting.h"
#include "SourceFiles.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <tuple>

namespace retrylint {

/// check, path, raw line text (normalized, not decoded)
using Key = std::tuple<std::string, std::string, std::string>;

/// The directory baseline paths are relative to.
static std::string baseDir(const std::string &File) {
  return canonicalPath(llvm::sys::path::parent_path(absolutePath(File)));
}

static bool isRetry(const Finding &F) {
  return llvm::StringRef(F.Check).starts_with("retry-");
}

static Key keyOf(const Finding &F, const std::string &Base) {
  return {F.Check, relativePath(canonicalPath(F.Loc.File), Base),
          normalizeText(sourceLine(F.Loc.File, F.Loc.Line))};
}

static std::string fingerprintOf(const Key &K) {
  return baselineFingerprint(std::get<0>(K), std::get<1>(K), std::get<2>(K));
}

static bool isFingerprint(llvm::StringRef S) {
  return S.size() == 16 && llvm::all_of(S, [](char C) {
           return (C >= '0' && C <= '9') || (C >= 'a' && C <= 'f');
         });
}

int writeBaseline(const std::string &File, const std::vector<Finding> &Findings,
                  std::string &Err) {
  std::string Base = baseDir(File);
  std::map<Key, unsigned> Counts;
  for (const Finding &F : Findings)
    if (isRetry(F))
      ++Counts[keyOf(F, Base)];
  std::error_code EC;
  llvm::raw_fd_ostream OS(File, EC);
  if (EC) {
    Err = "cannot write baseline '" + File + "': " + EC.message();
    return -1;
  }
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", 1);
    J.attribute("tool", "retrylint");
    J.attributeArray("findings", [&] {
      // Sorted by path, then check, then text: small diffs on update.
      std::vector<std::pair<Key, unsigned>> Sorted(Counts.begin(),
                                                   Counts.end());
      llvm::stable_sort(Sorted, [](auto &A, auto &B) {
        return std::tie(std::get<1>(A.first), std::get<0>(A.first),
                        std::get<2>(A.first)) < std::tie(std::get<1>(B.first),
                                                         std::get<0>(B.first),
                                                         std::get<2>(B.first));
      });
      for (const auto &Entry : Sorted)
        J.object([&] {
          const Key &K = Entry.first;
          J.attribute("check", std::get<0>(K));
          // JSON text must be UTF-8: a path or line that is not (Latin-1,
          // stray bytes) is stored with U+FFFD for humans to read; matching
          // uses the fingerprint of the raw bytes.
          J.attribute("path", std::get<1>(K));
          J.attribute("text", std::get<2>(K));
          J.attribute("count", Entry.second);
          J.attribute("fingerprint", fingerprintOf(K));
        });
    });
  });
  OS << '\n';
  OS.close();
  if (OS.has_error()) {
    Err = "cannot write baseline '" + File + "': " + OS.error().message();
    OS.clear_error();
    return -1;
  }
  return static_cast<int>(Counts.size());
}

namespace {
/// A baseline's entries keyed by fingerprint: how many findings each entry
/// may absorb, and the entry as recorded (for the "no longer occurs"
/// lines), in the file's order.
struct Recorded {
  std::map<std::string, unsigned> Budget;
  std::map<std::string, BaselineEntry> Entries;
  std::vector<std::string> Order;
};
} // namespace

/// Adds the baseline's \p Entries to \p R; false with \p Why on a malformed
/// entry.
static bool readEntries(const llvm::json::Array &Entries, Recorded &R,
                        std::string &Why) {
  for (size_t I = 0; I < Entries.size(); ++I) {
    const llvm::json::Object *E = Entries[I].getAsObject();
    auto Field = [&](const char *Name) -> std::optional<llvm::StringRef> {
      return E ? E->getString(Name) : std::nullopt;
    };
    auto Check = Field("check"), Path = Field("path"), Text = Field("text");
    std::optional<int64_t> Count = E ? E->getInteger("count") : std::nullopt;
    if (!E || !Check || !Path || !Text || !Count || *Count < 1) {
      Why = ("entry " + llvm::Twine(I + 1) +
             " needs string \"check\", \"path\", \"text\" and a positive "
             "integer \"count\"")
                .str();
      return false;
    }
    // Baselines written before fingerprints match on the text, which was
    // then stored as it is in the file whenever it was valid UTF-8.
    std::string Fp =
        baselineFingerprint(Check->str(), Path->str(), Text->str());
    if (const llvm::json::Value *V = E->get("fingerprint")) {
      std::optional<llvm::StringRef> S = V->getAsString();
      if (!S || !isFingerprint(*S)) {
        Why = ("entry " + llvm::Twine(I + 1) +
               ": \"fingerprint\" is not 16 hexadecimal digits")
                  .str();
        return false;
      }
      Fp = S->str();
    }
    if (!R.Budget.count(Fp)) {
      R.Order.push_back(Fp);
      R.Entries[Fp] = {Check->str(), Path->str(), Text->str(), 0};
    }
    R.Budget[Fp] += static_cast<unsigned>(*Count);
  }
  return true;
}

/// Reads the baseline \p File into \p R; false with \p Err when it cannot
/// be read or is malformed.
static bool readBaseline(const std::string &File, Recorded &R,
                         std::string &Err) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf) {
    Err = "cannot read baseline '" + File + "': " + Buf.getError().message();
    return false;
  }
  auto Bad = [&](const llvm::Twine &Why) {
    Err = ("malformed baseline '" + File + "': " + Why).str();
    return false;
  };
  std::string NestErr;
  if (!checkJsonNesting((*Buf)->getBuffer(), NestErr))
    return Bad(NestErr);
  auto Parsed = llvm::json::parse((*Buf)->getBuffer());
  if (!Parsed)
    return Bad(llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root)
    return Bad("expected a JSON object");
  std::optional<int64_t> Version = Root->getInteger("version");
  if (!Version)
    return Bad("no \"version\"");
  if (*Version != 1)
    return Bad("unsupported version " + llvm::Twine(*Version) +
               " (this retrylint reads version 1)");
  const llvm::json::Array *Entries = Root->getArray("findings");
  if (!Entries)
    return Bad("no \"findings\" array");
  std::string Why;
  if (!readEntries(*Entries, R, Why))
    return Bad(Why);
  return true;
}

bool applyBaseline(const std::string &File,
                   const std::vector<Finding> &Findings,
                   const std::set<std::string> &Analyzed, BaselineMatch &Out,
                   std::string &Err) {
  Recorded R;
  if (!readBaseline(File, R, Err))
    return false;
  std::string Base = baseDir(File);
  std::map<std::string, unsigned> Seen;
  for (const Finding &F : Findings) {
    if (!isRetry(F)) {
      Out.Remaining.push_back(F);
      continue;
    }
    std::string Fp = fingerprintOf(keyOf(F, Base));
    auto It = R.Budget.find(Fp);
    // Identical lines beyond the recorded count are new (the later ones).
    if (It != R.Budget.end() && Seen[Fp] < It->second) {
      ++Seen[Fp];
      ++Out.Matched;
      continue;
    }
    Out.Remaining.push_back(F);
  }

  std::set<std::string> AnalyzedRel;
  for (const std::string &A : Analyzed)
    AnalyzedRel.insert(relativePath(canonicalPath(A), Base));
  for (const std::string &Fp : R.Order) {
    unsigned Have = Seen[Fp], Want = R.Budget[Fp];
    const BaselineEntry &E = R.Entries[Fp];
    if (Have >= Want || (!Analyzed.empty() && !AnalyzedRel.count(E.Path)))
      continue;
    Out.Gone.push_back({E.Check, E.Path, E.Text, Want - Have});
  }
  return true;
}

bool checkBaseline(const std::string &File, std::string &Err) {
  BaselineMatch Unused;
  return applyBaseline(File, {}, {}, Unused, Err);
}

} // namespace retrylint
