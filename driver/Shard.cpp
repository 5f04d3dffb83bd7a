// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Shard.h"
#include "Cache.h"
#include "ErrorsJson.h"
#include "Findings.h"
#include "Paths.h"
#include "model/FactsPasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

namespace facts = clang::tidy::retry::model;
namespace fs = llvm::sys::fs;
namespace json = llvm::json;
using llvm::SmallString;
using llvm::StringRef;

namespace retrylint {

/// Bump when the results file's layout changes.
static constexpr int ShardFormat = 1;
static constexpr StringRef ShardPrefix = "retrylint-shard-";
/// Not .json: the facts reader parses every *.json file of the directory.
static constexpr StringRef ShardSuffix = ".results";

unsigned shardOf(StringRef File, unsigned N) {
  // Relative to the working directory, so that every runner (whatever its
  // checkout path) puts a file in the same shard.
  std::string Cwd = absolutePath(".");
  std::string Abs = absolutePath(File);
  StringRef Rel(Abs);
  if (!Rel.consume_front(Cwd + "/"))
    Rel = Abs;
  std::string Key = llvm::sys::path::convert_to_slash(Rel);
  return static_cast<unsigned>(fnv1a(Key) % N) + 1;
}

std::vector<std::string> filesOfShard(const std::vector<std::string> &Files,
                                      unsigned K, unsigned N) {
  std::vector<std::string> Out;
  for (const std::string &F : Files)
    if (shardOf(F, N) == K)
      Out.push_back(F);
  return Out;
}

void writeShardResults(StringRef Dir, unsigned K, unsigned N,
                       const std::vector<std::string> &Files,
                       const Results &PassOne) {
  json::Array Units;
  for (size_t I = 0; I < Files.size(); ++I)
    Units.push_back(json::Object{{"file", Files[I]},
                                 {"results", errorsToJson(PassOne[I])}});
  json::Object Root{{"retrylint_shard", ShardFormat},
                    {"version", RETRYLINT_VERSION},
                    {"shard", static_cast<int64_t>(K)},
                    {"of", static_cast<int64_t>(N)},
                    {"units", std::move(Units)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(Root));
  OS.flush();
  SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, ShardPrefix + std::to_string(K) + "-of-" +
                                    std::to_string(N) + ShardSuffix);
  std::string Err;
  if (!writeAtomically(Path, Text, Err))
    fatal("--export-facts: " + Err);
}

namespace {
/// One shard's file.
struct ShardFile {
  std::string Path;
  unsigned K = 0, N = 0;
  std::vector<std::string> Files;
  Results PassOne;
};
} // namespace

static ShardFile readShard(const std::string &Path) {
  auto Bad = [&](const llvm::Twine &Why) {
    fatal("--merge-shards: malformed shard results '" + Path + "': " + Why);
  };
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    fatal("--merge-shards: cannot read '" + Path +
          "': " + Buf.getError().message());
  auto V = json::parse((*Buf)->getBuffer());
  if (!V)
    Bad(llvm::toString(V.takeError()));
  const json::Object *Root = V->getAsObject();
  if (!Root || Root->getInteger("retrylint_shard") != ShardFormat)
    Bad("not the results of a retrylint --shard run");
  auto Version = Root->getString("version");
  if (!Version || *Version != RETRYLINT_VERSION)
    Bad("written by another retrylint version");
  auto K = Root->getInteger("shard"), N = Root->getInteger("of");
  const json::Array *Units = Root->getArray("units");
  if (!K || !N || *N < 1 || *K < 1 || *K > *N || !Units)
    Bad("no shard number, shard count or units");
  ShardFile S;
  S.Path = Path;
  S.K = static_cast<unsigned>(*K);
  S.N = static_cast<unsigned>(*N);
  for (const json::Value &U : *Units) {
    const json::Object *O = U.getAsObject();
    auto File = O ? O->getString("file") : std::nullopt;
    const json::Value *R = O ? O->get("results") : nullptr;
    std::vector<clang::tidy::ClangTidyError> Errors;
    std::string Err;
    if (!File || !R)
      Bad("a unit lacks its file or results");
    if (!errorsFromJson(*R, Errors, Err))
      Bad(Err);
    S.Files.push_back(File->str());
    S.PassOne.push_back(std::move(Errors));
  }
  return S;
}

void readShards(StringRef Dir, std::vector<std::string> &Files,
                Results &PassOne) {
  if (!fs::is_directory(Dir))
    fatal("--merge-shards: '" + Dir + "' is not a directory");
  std::vector<std::string> Paths;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.starts_with(ShardPrefix) && Name.ends_with(ShardSuffix))
      Paths.push_back(It->path());
  }
  if (EC)
    fatal("--merge-shards: cannot read '" + Dir + "': " + EC.message());
  if (Paths.empty())
    fatal("--merge-shards: no shard results (" + ShardPrefix + "K-of-N" +
          ShardSuffix + ") in '" + Dir + "'");
  llvm::sort(Paths);
  std::vector<ShardFile> Shards;
  for (const std::string &P : Paths)
    Shards.push_back(readShard(P));
  unsigned N = Shards.front().N;
  std::map<unsigned, const ShardFile *> ByIndex;
  for (const ShardFile &S : Shards) {
    if (S.N != N)
      fatal("--merge-shards: shards of different runs in '" + Dir + "': '" +
            Shards.front().Path + "' is one of " + std::to_string(N) + ", '" +
            S.Path + "' one of " + std::to_string(S.N));
    auto [It, New] = ByIndex.emplace(S.K, &S);
    if (!New)
      fatal("--merge-shards: shard " + std::to_string(S.K) + " of " +
            std::to_string(N) + " twice in '" + Dir + "': '" +
            It->second->Path + "' and '" + S.Path + "'");
  }
  std::string Missing;
  for (unsigned K = 1; K <= N; ++K)
    if (!ByIndex.count(K))
      Missing += (Missing.empty() ? "" : ", ") + std::to_string(K);
  if (!Missing.empty())
    fatal("--merge-shards: shard " + Missing + " of " + std::to_string(N) +
          " missing in '" + Dir + "'");
  std::map<std::string,
           std::pair<unsigned, std::vector<clang::tidy::ClangTidyError> *>>
      Units;
  for (ShardFile &S : Shards)
    for (size_t I = 0; I < S.Files.size(); ++I) {
      auto [It, New] =
          Units.emplace(S.Files[I], std::make_pair(S.K, &S.PassOne[I]));
      if (!New)
        fatal("--merge-shards: '" + S.Files[I] + "' is in shard " +
              std::to_string(It->second.first) + " and in shard " +
              std::to_string(S.K));
    }
  Files.clear();
  PassOne.clear();
  for (auto &KV : Units) {
    Files.push_back(KV.first);
    PassOne.push_back(std::move(*KV.second.second));
  }
}

void mergeShards(const Setup &S, const clang::tooling::CompilationDatabase &DB,
                 StringRef Dir, const std::vector<std::string> &Files,
                 Results &Out, const RunOptions &Run) {
  std::string Err;
  if (!facts::checkFactsDirectory(Dir, Err))
    fatal("--merge-shards: " + Err);
  // The same steps as analyze() after its pass 1.
  passTwo(S, DB, Files, Dir, Out, Run);
  finishFacts(S, Files, Out);
}

} // namespace retrylint
