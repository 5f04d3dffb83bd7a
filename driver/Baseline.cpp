// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Baseline.h"
#include "SourceFiles.h"
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
namespace {

using Key = std::tuple<std::string, std::string, std::string>; // check, path, text

/// The directory baseline paths are relative to.
std::string baseDir(const std::string &File) {
  return canonicalPath(llvm::sys::path::parent_path(absolutePath(File)));
}

bool isRetry(const Finding &F) {
  return llvm::StringRef(F.Check).starts_with("retry-");
}

Key keyOf(const Finding &F, const std::string &Base) {
  return {F.Check, relativePath(canonicalPath(F.Loc.File), Base),
          normalizeText(sourceLine(F.Loc.File, F.Loc.Line))};
}

} // namespace

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
      std::vector<std::pair<Key, unsigned>> Sorted(Counts.begin(), Counts.end());
      std::stable_sort(Sorted.begin(), Sorted.end(), [](auto &A, auto &B) {
        return std::tie(std::get<1>(A.first), std::get<0>(A.first),
                        std::get<2>(A.first)) <
               std::tie(std::get<1>(B.first), std::get<0>(B.first),
                        std::get<2>(B.first));
      });
      for (const auto &[K, N] : Sorted)
        J.object([&] {
          J.attribute("check", std::get<0>(K));
          J.attribute("path", std::get<1>(K));
          J.attribute("text", std::get<2>(K));
          J.attribute("count", N);
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

bool applyBaseline(const std::string &File, const std::vector<Finding> &Findings,
                   const std::set<std::string> &Analyzed, BaselineMatch &Out,
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

  std::string Base = baseDir(File);
  std::map<Key, unsigned> Budget; // how many findings each key may absorb
  std::vector<Key> Order;
  for (size_t I = 0; I < Entries->size(); ++I) {
    const llvm::json::Object *E = (*Entries)[I].getAsObject();
    auto Field = [&](const char *Name) -> std::optional<llvm::StringRef> {
      return E ? E->getString(Name) : std::nullopt;
    };
    auto Check = Field("check"), Path = Field("path"), Text = Field("text");
    std::optional<int64_t> Count = E ? E->getInteger("count") : std::nullopt;
    if (!E || !Check || !Path || !Text || !Count || *Count < 1)
      return Bad("entry " + llvm::Twine(I + 1) +
                 " needs string \"check\", \"path\", \"text\" and a positive "
                 "integer \"count\"");
    Key K{Check->str(), Path->str(), Text->str()};
    if (!Budget.count(K))
      Order.push_back(K);
    Budget[K] += static_cast<unsigned>(*Count);
  }

  std::map<Key, unsigned> Seen;
  for (const Finding &F : Findings) {
    if (!isRetry(F)) {
      Out.Remaining.push_back(F);
      continue;
    }
    Key K = keyOf(F, Base);
    auto It = Budget.find(K);
    // Identical lines beyond the recorded count are new (the later ones).
    if (It != Budget.end() && Seen[K] < It->second) {
      ++Seen[K];
      ++Out.Matched;
      continue;
    }
    Out.Remaining.push_back(F);
  }

  std::set<std::string> AnalyzedRel;
  for (const std::string &A : Analyzed)
    AnalyzedRel.insert(relativePath(canonicalPath(A), Base));
  for (const Key &K : Order) {
    unsigned Have = Seen[K], Want = Budget[K];
    if (Have >= Want ||
        (!Analyzed.empty() && !AnalyzedRel.count(std::get<1>(K))))
      continue;
    Out.Gone.push_back({std::get<0>(K), std::get<1>(K), std::get<2>(K),
                        Want - Have});
  }
  return true;
}

} // namespace retrylint
