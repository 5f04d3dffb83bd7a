// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Cache.h"
#include "ErrorsJson.h"
#include "model/FactsPasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <cstdlib>
#include <set>
#include <unistd.h>

using clang::tidy::ClangTidyError;
namespace facts = clang::tidy::retry::model;
namespace fs = llvm::sys::fs;
namespace json = llvm::json;
using llvm::SmallString;
using llvm::StringRef;

namespace retrylint {

/// Bump when the manifest's layout changes: older entries then miss.
static constexpr int CacheFormat = 3;
/// Entries kept per key (one per set of included file contents).
static constexpr size_t EntriesPerKey = 8;

static std::string hashBytes(StringRef Data) {
  // 128 bits: a 64-bit hash is not enough against accidental collisions
  // over many files and many runs.
  auto H = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(Data));
  return llvm::toHex(H, /*LowerCase=*/true);
}

bool writeAtomically(StringRef Path, StringRef Content, std::string &Err) {
  SmallString<256> Model(Path);
  Model += ".tmp-%%%%%%%%";
  int FD;
  SmallString<256> Tmp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Tmp)) {
    Err = "cannot create a file beside '" + Path.str() + "': " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.close();
    if (OS.has_error()) {
      Err = "cannot write '" + Tmp.str().str() + "': " + OS.error().message();
      OS.clear_error();
      fs::remove(Tmp);
      return false;
    }
  }
  if (std::error_code EC = fs::rename(Tmp, Path)) {
    Err = "cannot write '" + Path.str() + "': " + EC.message();
    fs::remove(Tmp);
    return false;
  }
  return true;
}

/// In place: for a directory nobody else reads.
static bool writeDirectly(StringRef Path, StringRef Content) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return false;
  OS << Content;
  OS.close();
  bool Ok = !OS.has_error();
  OS.clear_error();
  return Ok;
}

bool parseSize(StringRef Text, uint64_t &Bytes) {
  uint64_t Unit = 1;
  if (!Text.empty()) {
    switch (llvm::toUpper(Text.back())) {
    case 'K':
      Unit = 1ULL << 10;
      break;
    case 'M':
      Unit = 1ULL << 20;
      break;
    case 'G':
      Unit = 1ULL << 30;
      break;
    default:
      break;
    }
  }
  if (Unit != 1)
    Text = Text.drop_back();
  uint64_t N;
  if (Text.empty() || !llvm::all_of(Text, llvm::isDigit) ||
      Text.getAsInteger(10, N) || N == 0 || N > UINT64_MAX / Unit)
    return false;
  Bytes = N * Unit;
  return true;
}

/// The version and the running executable's size and modification time
/// (ccache's compiler_check=mtime): a rebuilt retrylint misses.
static std::string buildIdentity() {
  static int Anchor;
  std::string Exe = fs::getMainExecutable("retrylint", &Anchor);
  fs::file_status St;
  std::string Out = "retrylint " RETRYLINT_VERSION;
  if (!fs::status(Exe, St))
    Out +=
        " " + std::to_string(St.getSize()) + " " +
        std::to_string(St.getLastModificationTime().time_since_epoch().count());
  return Out;
}

ResultCache::ResultCache(std::string Dir, uint64_t MaxSize)
    : Dir(std::move(Dir)), MaxSize(MaxSize), Build(buildIdentity()) {}

std::string ResultCache::hashFile(StringRef Path) {
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Hashes.find(Path);
    if (It != Hashes.end())
      return It->second;
  }
  // Many units share headers: each file is read and hashed once per run.
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  std::string H = Buf ? hashBytes((*Buf)->getBuffer()) : "";
  std::lock_guard<std::mutex> Lock(Mu);
  Hashes[Path] = H;
  return H;
}

ResultCache::Pass ResultCache::pass(StringRef ExportDir, StringRef ImportDir,
                                    bool PrivateExport) {
  Pass P;
  P.ExportDir = ExportDir.str();
  P.PrivateExport = PrivateExport;
  P.Salt = ExportDir.empty() ? "export=0" : "export=1";
  if (ImportDir.empty())
    return P;
  // The facts' contents, never the directory's path: --cross-tu reads a new
  // temporary directory on every run. Read once per run: pass 2 plans and
  // analyzes with the same facts.
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = ImportSalts.find(ImportDir);
    if (It != ImportSalts.end()) {
      P.Salt += It->second;
      return P;
    }
  }
  std::vector<std::string> Files;
  std::error_code EC;
  for (fs::directory_iterator It(ImportDir, EC), End; It != End && !EC;
       It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".json")
      Files.push_back(It->path());
  llvm::sort(Files);
  std::string All;
  for (const std::string &F : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(F);
    All += llvm::sys::path::filename(F).str() + '\0' +
           (Buf ? hashBytes((*Buf)->getBuffer()) : "unreadable") + "\n";
  }
  std::string Import = ";import=" + hashBytes(All);
  P.Salt += Import;
  std::lock_guard<std::mutex> Lock(Mu);
  ImportSalts[ImportDir] = Import;
  return P;
}

/// The check option names the driver fills with facts directories: their
/// values are paths that differ between runs, so the key leaves them out.
static const std::set<std::string> &factsOptionNames() {
  static const std::set<std::string> Names = [] {
    std::set<std::string> Out;
    clang::tidy::ClangTidyOptions Probe;
    facts::exportFactsTo(Probe, "");
    facts::importFactsFrom(Probe, "");
    for (const auto &KV : Probe.CheckOptions)
      Out.insert(KV.getKey().str());
    return Out;
  }();
  return Names;
}

std::string ResultCache::key(const clang::tidy::ClangTidyOptions &Opts,
                             const clang::tooling::CompilationDatabase &DB,
                             StringRef File, const Pass &P) {
  std::string K = Build + "\n" + P.Salt + "\n";
  clang::tidy::ClangTidyOptions Rest = Opts;
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  for (const auto &KV : Opts.CheckOptions)
    CheckOptions.emplace_back(KV.getKey().str(),
                              factsOptionNames().count(KV.getKey().str())
                                  ? std::string("<facts directory>")
                                  : KV.getValue().Value);
  llvm::sort(CheckOptions);
  Rest.CheckOptions.clear();
  K += clang::tidy::configurationAsText(Rest) + "\n";
  for (const auto &[Name, Value] : CheckOptions)
    K += Name + "=" + Value + "\n";
  for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(File)) {
    K += "command: " + C.Directory + '\0' + C.Filename;
    for (const std::string &A : C.CommandLine)
      K += '\0' + A;
    K += "\n";
  }
  std::string Main = hashFile(File);
  if (Main.empty())
    return ""; // unreadable: analyzed, never cached
  K += "main: " + File.str() + " " + Main + "\n";
  return hashBytes(K);
}

std::string ResultCache::manifestPath(StringRef Key) const {
  SmallString<256> P(Dir);
  llvm::sys::path::append(P, Key.take_front(2), Key.str() + ".json");
  return std::string(P);
}

void ResultCache::warnCorrupt(StringRef Path, StringRef Why) {
  std::lock_guard<std::mutex> Lock(Mu);
  llvm::errs() << "retrylint: warning: ignoring corrupt cache entry '" << Path
               << "': " << oneLine(Why) << "\n";
}

/// The manifest at \p Path; null if there is none, else null with \p Why
/// when it is corrupt.
static std::unique_ptr<json::Object> readManifest(StringRef Path,
                                                  std::string &Why) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return nullptr;
  auto V = json::parse((*Buf)->getBuffer());
  if (!V) {
    Why = llvm::toString(V.takeError());
    return nullptr;
  }
  json::Object *O = V->getAsObject();
  if (!O || O->getInteger("retrylint_cache") != CacheFormat ||
      !O->getArray("entries")) {
    Why = "not a retrylint cache manifest";
    return nullptr;
  }
  return std::make_unique<json::Object>(std::move(*O));
}

bool ResultCache::lookup(StringRef Key, const Pass &P,
                         std::vector<ClangTidyError> &Out) {
  std::string Path = manifestPath(Key), Why;
  std::unique_ptr<json::Object> M = readManifest(Path, Why);
  if (!Why.empty())
    warnCorrupt(Path, Why);
  // Not `M ? *M->getArray(...) : json::Array()`: that copies the entries.
  static const json::Array None;
  for (const json::Value &EV : M ? *M->getArray("entries") : None) {
    const json::Object *E = EV.getAsObject();
    const json::Array *Deps = E ? E->getArray("deps") : nullptr;
    if (!Deps || !E->get("result")) {
      warnCorrupt(Path, "an entry lacks its files or result");
      break;
    }
    bool Same = true;
    for (const json::Value &D : *Deps) {
      const json::Array *Pair = D.getAsArray();
      auto File =
          Pair && Pair->size() == 2 ? (*Pair)[0].getAsString() : std::nullopt;
      auto Hash =
          Pair && Pair->size() == 2 ? (*Pair)[1].getAsString() : std::nullopt;
      if (!File || !Hash || Hash->empty()) {
        Same = false;
        Why = "a recorded file is malformed";
        break;
      }
      if (hashFile(*File) != *Hash) {
        Same = false;
        break;
      }
    }
    if (!Why.empty()) {
      warnCorrupt(Path, Why);
      break;
    }
    if (!Same)
      continue;
    if (!errorsFromJson(*E->get("result"), Out, Why)) {
      warnCorrupt(Path, Why);
      break;
    }
    if (!P.ExportDir.empty()) {
      // The unit's exported facts, as the analysis would have written them.
      const json::Object *F = E->getObject("facts");
      auto Name = F ? F->getString("name") : std::nullopt;
      auto Hash = F ? F->getString("hash") : std::nullopt;
      if (!Name || !Hash || Name->contains('/') || Hash->contains('/')) {
        warnCorrupt(Path, "an entry lacks its facts");
        break;
      }
      SmallString<256> FactsPath(P.ExportDir);
      llvm::sys::path::append(FactsPath, *Name);
      if (!restoreFacts(FactsPath, *Hash, P.PrivateExport))
        break; // analyzed instead, which reports the problem
    }
    // Eviction goes by modification time: a hit keeps the entry young.
    int FD;
    if (!fs::openFileForWrite(Path, FD, fs::CD_OpenExisting, fs::OF_Append)) {
      fs::setLastAccessAndModificationTime(FD,
                                           std::chrono::system_clock::now());
      ::close(FD);
    }
    ++Replayed;
    return true;
  }
  Out.clear();
  ++Analyzed;
  return false;
}

static constexpr StringRef PlanHeader = "retrylint plan 2\n";

bool ResultCache::lookupPlan(const Pass &P, std::vector<std::string> &Units) {
  std::string Path = pathIn("plans", hashBytes(Build + "\n" + P.Salt));
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return false;
  StringRef Text = (*Buf)->getBuffer();
  if (!Text.consume_front(PlanHeader) || !Text.ends_with("\n")) {
    warnCorrupt(Path, "not a retrylint pass-2 plan");
    return false;
  }
  llvm::SmallVector<StringRef, 64> Lines;
  Text.drop_back().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  Units.assign(Lines.begin(), Lines.end());
  return true;
}

void ResultCache::storePlan(const Pass &P,
                            const std::vector<std::string> &Units) {
  std::string Path = pathIn("plans", hashBytes(Build + "\n" + P.Salt)),
              Text = PlanHeader.str(), Err;
  for (const std::string &U : Units)
    Text += U + "\n";
  fs::create_directories(llvm::sys::path::parent_path(Path));
  if (writeAtomically(Path, Text, Err))
    ++Stored;
}

std::string ResultCache::pathIn(StringRef Sub, StringRef Name) const {
  SmallString<256> P(Dir);
  llvm::sys::path::append(P, Sub, Name);
  return std::string(P);
}

bool ResultCache::restoreFacts(StringRef Path, StringRef Hash, bool Private) {
  // The manifest names the facts by the hash of their content (parsing the
  // content inside every manifest was most of a warm run); the copy is
  // hashed again before use: never trusted.
  std::string Blob = pathIn("facts", Hash);
  auto Buf = llvm::MemoryBuffer::getFile(Blob, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return false; // evicted: analyzed again
  StringRef Content = (*Buf)->getBuffer();
  if (hashBytes(Content) != Hash) {
    warnCorrupt(Blob, "its content does not match its name");
    return false;
  }
  if (!Private) {
    std::string Err;
    return writeAtomically(Path, Content, Err);
  }
  // Creating files (new inodes; a temporary file and a rename for each)
  // cost more than the rest of a replay together; a hard link to the
  // cache's copy costs next to nothing.
  if (!fs::create_hard_link(Blob, Path))
    return true;
  return writeDirectly(Path, Content);
}

/// Compile errors may come from the environment (a missing generated
/// header) and configuration errors are fatal: neither is replayed.
static bool cacheable(const std::vector<ClangTidyError> &R) {
  return llvm::none_of(R, [](const ClangTidyError &E) {
    StringRef Name = E.DiagnosticName;
    return Name == "clang-tidy-config" ||
           (Name.starts_with("clang-diagnostic") &&
            (E.DiagLevel == ClangTidyError::Error || E.IsWarningAsError));
  });
}

void ResultCache::store(StringRef Key, const Pass &P, const IncludedFiles &Inc,
                        const std::vector<ClangTidyError> &R) {
  if (Key.empty() || !cacheable(R) || Inc.Files.empty())
    return;
  json::Array Deps;
  for (const std::string &F : Inc.Files) {
    std::string H = hashFile(F);
    if (H.empty())
      return; // gone already: nothing to compare a later run with
    Deps.push_back(json::Array{F, H});
  }
  json::Object Entry{{"deps", std::move(Deps)}, {"result", errorsToJson(R)}};
  if (!P.ExportDir.empty()) {
    if (Inc.MainFile.empty())
      return;
    std::string Name = llvm::sys::path::filename(Inc.MainFile).str() + "." +
                       llvm::utohexstr(llvm::xxHash64(Inc.MainFile)) + ".json";
    SmallString<256> FactsPath(P.ExportDir);
    llvm::sys::path::append(FactsPath, Name);
    auto Buf = llvm::MemoryBuffer::getFile(FactsPath);
    if (!Buf)
      return; // not where the facts check writes: never replay without it
    std::string Hash = hashBytes((*Buf)->getBuffer());
    Entry["facts"] = json::Object{{"name", Name}, {"hash", Hash}};
    // The copy restoreFacts() links to.
    std::string Blob = pathIn("facts", Hash), Err;
    auto Old = llvm::MemoryBuffer::getFile(Blob, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    // A damaged copy is replaced (atomically: a run may be reading it).
    if (!Old || (*Old)->getBuffer() != (*Buf)->getBuffer()) {
      fs::create_directories(llvm::sys::path::parent_path(Blob));
      writeAtomically(Blob, (*Buf)->getBuffer(), Err);
    }
  }
  std::string Path = manifestPath(Key), Why;
  json::Array Entries;
  Entries.push_back(std::move(Entry));
  // Keep the entries for other contents of the included files (a header
  // switched back and forth), unless the manifest is corrupt.
  if (std::unique_ptr<json::Object> Old = readManifest(Path, Why))
    for (json::Value &V : *Old->getArray("entries"))
      if (Entries.size() < EntriesPerKey)
        Entries.push_back(std::move(V));
  json::Object M{{"retrylint_cache", CacheFormat},
                 {"entries", std::move(Entries)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(M));
  OS.flush();
  fs::create_directories(llvm::sys::path::parent_path(Path));
  std::string Err;
  // A cache that cannot be written only costs time.
  if (writeAtomically(Path, Text, Err))
    ++Stored;
}

void ResultCache::finish(bool Quiet) {
  if (Stored) {
    struct Entry {
      llvm::sys::TimePoint<> Time;
      uint64_t Size;
      std::string Path;
    };
    std::vector<Entry> All;
    uint64_t Total = 0;
    std::error_code EC;
    for (fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC)) {
      fs::file_status St;
      if (fs::status(It->path(), St) ||
          St.type() != fs::file_type::regular_file)
        continue;
      All.push_back({St.getLastModificationTime(), St.getSize(), It->path()});
      Total += St.getSize();
    }
    llvm::sort(All, [](const Entry &A, const Entry &B) {
      return A.Time != B.Time ? A.Time < B.Time : A.Path < B.Path;
    });
    for (const Entry &E : All) {
      if (Total <= MaxSize)
        break;
      if (!fs::remove(E.Path))
        Total -= E.Size;
    }
  }
  if (!Quiet && (Replayed || Analyzed))
    llvm::errs() << "retrylint: cache: " << Replayed << " replayed, "
                 << Analyzed << " analyzed\n";
}

std::unique_ptr<ResultCache> openCache(const Options &O) {
  std::string Dir, Label = "--cache-dir";
  if (O.CacheDir) {
    Dir = *O.CacheDir;
  } else if (const char *Env = std::getenv("RETRYLINT_CACHE_DIR")) {
    Dir = Env;
    Label = "RETRYLINT_CACHE_DIR";
  }
  // A line filter drops findings before they are stored, and is no part of
  // a cache key: such a run neither reads nor writes the cache.
  if (Dir.empty() || !O.LineFilter.empty())
    return nullptr;
  SmallString<256> Abs(Dir);
  fs::make_absolute(Abs);
  if (fs::exists(Abs) && !fs::is_directory(Abs))
    fatal(Label + ": '" + Dir + "' is not a directory");
  if (std::error_code EC = fs::create_directories(Abs))
    fatal(Label + ": cannot create cache directory '" + Dir +
          "': " + EC.message());
  if (fs::access(Abs, fs::AccessMode::Write) ||
      fs::access(Abs, fs::AccessMode::Exist))
    fatal(Label + ": cache directory '" + Dir + "' is not writable");
  return std::make_unique<ResultCache>(std::string(Abs), O.CacheMaxSize);
}

} // namespace retrylint
