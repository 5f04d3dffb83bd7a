// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Facts.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"
#include <mutex>

namespace clang::tidy::retry::model {

using namespace utils;

static llvm::json::Value setToJson(const std::optional<StatusSet> &S) {
  if (!S)
    return nullptr;
  llvm::json::Array Http;
  for (unsigned C = 0; C < StatusSet::HttpMax;) {
    if (!S->hasHttp(C)) {
      ++C;
      continue;
    }
    unsigned Hi = C;
    while (Hi + 1 < StatusSet::HttpMax && S->hasHttp(Hi + 1))
      ++Hi;
    Http.push_back(llvm::json::Array{C, Hi});
    C = Hi + 1;
  }
  llvm::json::Array Grpc;
  for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
    if (S->hasGrpc(C))
      Grpc.push_back(grpcCodeName(C));
  return llvm::json::Object{{"http", std::move(Http)},
                            {"grpc", std::move(Grpc)},
                            {"transport", S->transportMask()},
                            {"exceptions", S->hasExceptions()}};
}

static bool setFromJson(const llvm::json::Value *V,
                        std::optional<StatusSet> &Out, std::string &Error) {
  Out.reset();
  if (!V || V->kind() == llvm::json::Value::Null)
    return true;
  const llvm::json::Object *O = V->getAsObject();
  if (!O) {
    Error = "a status set is not an object";
    return false;
  }
  StatusSet S;
  if (const llvm::json::Array *Http = O->getArray("http"))
    for (const llvm::json::Value &R : *Http) {
      const llvm::json::Array *Pair = R.getAsArray();
      if (!Pair || Pair->size() != 2 || !(*Pair)[0].getAsInteger() ||
          !(*Pair)[1].getAsInteger()) {
        Error = "an HTTP range is not [low, high]";
        return false;
      }
      S = S | StatusSet::http(unsigned(*(*Pair)[0].getAsInteger()),
                              unsigned(*(*Pair)[1].getAsInteger()));
    }
  if (const llvm::json::Array *Grpc = O->getArray("grpc"))
    for (const llvm::json::Value &C : *Grpc) {
      std::optional<StringRef> Name = C.getAsString();
      std::optional<unsigned> Code =
          Name ? grpcCodeFromName(*Name) : std::nullopt;
      if (!Code) {
        Error = "unknown gRPC code in a status set";
        return false;
      }
      S = S | StatusSet::grpc(*Code);
    }
  if (std::optional<int64_t> T = O->getInteger("transport"))
    S = S | StatusSet::transport(unsigned(*T));
  if (O->getBoolean("exceptions").value_or(false))
    S = S | StatusSet::exceptions();
  Out = S;
  return true;
}

static llvm::json::Value callToJson(const CallFact &C) {
  llvm::json::Object O{{"usr", C.USR}, {"name", C.Name}};
  if (C.LibraryLayer)
    O["library_layer"] = *C.LibraryLayer;
  return O;
}

static bool callFromJson(const llvm::json::Value &V, CallFact &C,
                         unsigned NumLayers, std::string &Error) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O || !O->getString("name")) {
    Error = "a call has no name";
    return false;
  }
  C.USR = O->getString("usr").value_or("").str();
  C.Name = O->getString("name")->str();
  if (std::optional<int64_t> L = O->getInteger("library_layer")) {
    if (*L < 0 || unsigned(*L) >= NumLayers) {
      Error = "a call names a layer that does not exist";
      return false;
    }
    C.LibraryLayer = unsigned(*L);
  }
  return true;
}

static llvm::json::Value locToJson(const FactLoc &L) {
  return llvm::json::Object{
      {"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

static void locFromJson(const llvm::json::Object *O, FactLoc &L) {
  if (!O)
    return;
  L.File = O->getString("file").value_or("").str();
  L.Line = unsigned(O->getInteger("line").value_or(0));
  L.Column = unsigned(O->getInteger("column").value_or(0));
}

std::string formatFactLoc(const FactLoc &L) {
  return llvm::sys::path::filename(L.File).str() + ":" + std::to_string(L.Line);
}

FactLoc factLocOf(const SourceManager &SM, SourceLocation Loc) {
  FactLoc L;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isValid()) {
    L.File = P.getFilename();
    L.Line = P.getLine();
    L.Column = P.getColumn();
  }
  return L;
}

std::string printFacts(StringRef MainFile,
                       const std::vector<const FunctionFacts *> &Functions) {
  llvm::json::Array Fns;
  for (const FunctionFacts *F : Functions) {
    llvm::json::Array Layers;
    for (const LayerFact &L : F->Layers) {
      llvm::json::Array Calls, Nested;
      for (const CallFact &C : L.Calls)
        Calls.push_back(callToJson(C));
      for (unsigned N : L.Nested)
        Nested.push_back(N);
      llvm::json::Object O{{"what", L.What},
                           {"retries", setToJson(L.Retries)},
                           {"exhaustion", setToJson(L.Exhaustion)},
                           {"reads_only", L.ReadsOnly},
                           {"library", L.Library},
                           {"tentative", L.Tentative},
                           {"deciders", llvm::json::Array(L.Deciders)},
                           {"where", locToJson(L.Where)},
                           {"calls", std::move(Calls)},
                           {"nested", std::move(Nested)}};
      O["attempts"] = L.Attempts ? llvm::json::Value(*L.Attempts)
                                 : llvm::json::Value(nullptr);
      if (L.CapUnknown)
        O["cap_unknown"] = true;
      Layers.push_back(std::move(O));
    }
    llvm::json::Array Calls, Top;
    for (const CallFact &C : F->Calls)
      Calls.push_back(callToJson(C));
    for (unsigned T : F->Top)
      Top.push_back(T);
    Fns.push_back(llvm::json::Object{{"usr", F->USR},
                                     {"name", F->Name},
                                     {"where", locToJson(F->Where)},
                                     {"layers", std::move(Layers)},
                                     {"top", std::move(Top)},
                                     {"calls", std::move(Calls)}});
  }
  llvm::json::Object Root{{"retrylint_facts", 1},
                          {"translation_unit", MainFile},
                          {"functions", std::move(Fns)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  return Out;
}

/// Reads one layer of function \p FnName from \p LO into \p L; false (with
/// \p Error set) when the layer is malformed.
static bool layerFromJson(const llvm::json::Object *LO,
                          const std::string &FnName, unsigned NumLayers,
                          LayerFact &L, std::string &Error) {
  if (!LO) {
    Error = "a layer of '" + FnName + "' is not an object";
    return false;
  }
  L.What = LO->getString("what").value_or("retry layer").str();
  if (std::optional<int64_t> A = LO->getInteger("attempts")) {
    if (*A < 1) {
      Error = "a layer of '" + FnName + "' has fewer than 1 attempt";
      return false;
    }
    L.Attempts = unsigned(std::min<int64_t>(*A, 1 << 30));
  }
  if (!setFromJson(LO->get("retries"), L.Retries, Error) ||
      !setFromJson(LO->get("exhaustion"), L.Exhaustion, Error))
    return false;
  L.ReadsOnly = LO->getBoolean("reads_only").value_or(false);
  L.CapUnknown = !L.Attempts && LO->getBoolean("cap_unknown").value_or(false);
  L.Library = LO->getBoolean("library").value_or(false);
  L.Tentative = LO->getBoolean("tentative").value_or(false);
  if (const llvm::json::Array *Ds = LO->getArray("deciders"))
    for (const llvm::json::Value &D : *Ds)
      if (std::optional<StringRef> U = D.getAsString())
        L.Deciders.push_back(U->str());
  locFromJson(LO->getObject("where"), L.Where);
  if (const llvm::json::Array *Calls = LO->getArray("calls"))
    for (const llvm::json::Value &CV : *Calls) {
      CallFact C;
      if (!callFromJson(CV, C, NumLayers, Error))
        return false;
      L.Calls.push_back(std::move(C));
    }
  if (const llvm::json::Array *Nested = LO->getArray("nested"))
    for (const llvm::json::Value &NV : *Nested) {
      std::optional<int64_t> N = NV.getAsInteger();
      if (!N || *N < 0 || unsigned(*N) >= NumLayers) {
        Error = "a nested layer index of '" + FnName + "' is out of range";
        return false;
      }
      L.Nested.push_back(unsigned(*N));
    }
  return true;
}

/// Reads one entry of "functions" into \p F; false (with \p Error set) when
/// it or one of its layers, top indices or calls is malformed.
static bool functionFromJson(const llvm::json::Value &FV, FunctionFacts &F,
                             std::string &Error) {
  const llvm::json::Object *FO = FV.getAsObject();
  if (!FO || !FO->getString("usr") || !FO->getString("name")) {
    Error = "a function has no \"usr\" or \"name\"";
    return false;
  }
  F.USR = FO->getString("usr")->str();
  F.Name = FO->getString("name")->str();
  locFromJson(FO->getObject("where"), F.Where);
  const llvm::json::Array *Layers = FO->getArray("layers");
  unsigned NumLayers = Layers ? Layers->size() : 0;
  if (Layers)
    for (const llvm::json::Value &LV : *Layers) {
      LayerFact L;
      if (!layerFromJson(LV.getAsObject(), F.Name, NumLayers, L, Error))
        return false;
      F.Layers.push_back(std::move(L));
    }
  if (const llvm::json::Array *Top = FO->getArray("top"))
    for (const llvm::json::Value &TV : *Top) {
      std::optional<int64_t> T = TV.getAsInteger();
      if (!T || *T < 0 || unsigned(*T) >= NumLayers) {
        Error = "a top layer index of '" + F.Name + "' is out of range";
        return false;
      }
      F.Top.push_back(unsigned(*T));
    }
  if (const llvm::json::Array *Calls = FO->getArray("calls"))
    for (const llvm::json::Value &CV : *Calls) {
      CallFact C;
      if (!callFromJson(CV, C, NumLayers, Error))
        return false;
      F.Calls.push_back(std::move(C));
    }
  return true;
}

bool parseFacts(StringRef Json, std::vector<FunctionFacts> &Out,
                std::string &Error, std::string *TranslationUnit) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed) {
    Error = llvm::toString(Parsed.takeError());
    return false;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root || Root->getInteger("retrylint_facts") != 1) {
    Error = "not a retrylint facts file (no \"retrylint_facts\": 1)";
    return false;
  }
  if (TranslationUnit)
    *TranslationUnit = Root->getString("translation_unit").value_or("").str();
  const llvm::json::Array *Fns = Root->getArray("functions");
  if (!Fns) {
    Error = "no \"functions\" array";
    return false;
  }
  for (const llvm::json::Value &FV : *Fns) {
    FunctionFacts F;
    if (!functionFromJson(FV, F, Error))
      return false;
    Out.push_back(std::move(F));
  }
  return true;
}

bool writeFactsFile(StringRef Dir, StringRef MainFile,
                    const std::vector<const FunctionFacts *> &Functions,
                    std::string &Error) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
    Error =
        "cannot create facts directory '" + Dir.str() + "': " + EC.message();
    return false;
  }
  // One file per TU, named after it; the hash keeps a.cpp in two
  // directories apart.
  SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, llvm::sys::path::filename(MainFile) + "." +
                                    llvm::utohexstr(llvm::xxHash64(MainFile)) +
                                    ".json");
  SmallString<256> Tmp(Path);
  Tmp += ".tmp" + std::to_string(llvm::sys::Process::getProcessId());
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Tmp, EC);
    if (EC) {
      Error =
          "cannot write facts file '" + Tmp.str().str() + "': " + EC.message();
      return false;
    }
    OS << printFacts(MainFile, Functions);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Path)) {
    Error =
        "cannot write facts file '" + Path.str().str() + "': " + EC.message();
    return false;
  }
  return true;
}

/// Parses every *.json file in \p Dir, in name order.
static bool readFactsDir(
    StringRef Dir,
    llvm::function_ref<void(StringRef TU, std::vector<FunctionFacts> &)> Each,
    std::string &Error) {
  if (!llvm::sys::fs::is_directory(Dir)) {
    Error = "facts directory '" + Dir.str() + "' does not exist";
    return false;
  }
  std::error_code EC;
  std::vector<std::string> Files;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".json")
      Files.push_back(It->path());
  if (EC) {
    Error = "cannot read facts directory '" + Dir.str() + "': " + EC.message();
    return false;
  }
  llvm::sort(Files);
  for (const std::string &File : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf) {
      Error =
          "cannot read facts file '" + File + "': " + Buf.getError().message();
      return false;
    }
    std::vector<FunctionFacts> Fns;
    std::string E, TU;
    if (!parseFacts((*Buf)->getBuffer(), Fns, E, &TU)) {
      Error = "malformed facts file '" + File + "': " + E;
      return false;
    }
    Each(TU, Fns);
  }
  return true;
}

std::shared_ptr<const FactsDb> FactsDb::load(StringRef Dir,
                                             std::string &Error) {
  auto Db = std::make_shared<FactsDb>();
  if (!readFactsDir(
          Dir,
          [&](StringRef, std::vector<FunctionFacts> &Fns) {
            for (FunctionFacts &F : Fns)
              Db->Functions.try_emplace(F.USR, std::move(F));
          },
          Error))
    return nullptr;
  return Db;
}

bool unitsNeedingFacts(StringRef Dir, std::vector<std::string> &Out,
                       std::string &Error) {
  struct Unit {
    std::string TU;
    std::vector<FunctionFacts> Fns;
  };
  std::vector<Unit> Units;
  if (!readFactsDir(
          Dir,
          [&](StringRef TU, std::vector<FunctionFacts> &Fns) {
            Units.push_back({TU.str(), std::move(Fns)});
          },
          Error))
    return false;
  // Where each function is defined, and which functions retry or reach a
  // function that does (a fixpoint over every call the facts record).
  llvm::StringMap<std::string> DefinedIn;
  llvm::StringMap<bool> Retries;
  auto Refs = [](const FunctionFacts &F) {
    std::vector<StringRef> R;
    for (const CallFact &C : F.Calls)
      R.push_back(C.USR);
    for (const LayerFact &L : F.Layers) {
      for (const CallFact &C : L.Calls)
        R.push_back(C.USR);
      for (const std::string &D : L.Deciders)
        R.push_back(D);
    }
    return R;
  };
  for (const Unit &U : Units)
    for (const FunctionFacts &F : U.Fns) {
      DefinedIn[F.USR] = U.TU;
      if (llvm::any_of(F.Layers,
                       [](const LayerFact &L) { return !L.Tentative; }))
        Retries[F.USR] = true;
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Unit &U : Units)
      for (const FunctionFacts &F : U.Fns)
        if (!Retries.lookup(F.USR))
          for (StringRef R : Refs(F))
            if (Retries.lookup(R)) {
              Retries[F.USR] = Changed = true;
              break;
            }
  }
  for (const Unit &U : Units) {
    bool HasLayer = false, RefersOut = false;
    for (const FunctionFacts &F : U.Fns) {
      HasLayer |= !F.Layers.empty();
      for (StringRef R : Refs(F)) {
        auto It = DefinedIn.find(R);
        RefersOut |=
            It != DefinedIn.end() && It->second != U.TU && Retries.lookup(R);
      }
    }
    if (HasLayer && RefersOut)
      Out.push_back(U.TU);
  }
  return true;
}

std::shared_ptr<const FactsDb> FactsDb::loadCached(StringRef Dir,
                                                   std::string &Error) {
  // The driver builds one context per TU; read the directory once per
  // change, not once per TU.
  static std::mutex Mu;
  static llvm::StringMap<std::pair<std::string, std::shared_ptr<const FactsDb>>>
      Cache;
  std::string Stamp;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(It->path(), St))
      Stamp += It->path() + "@" +
               std::to_string(
                   St.getLastModificationTime().time_since_epoch().count()) +
               "#" + std::to_string(St.getSize()) + ";";
  }
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = Cache.find(Dir);
  if (It != Cache.end() && It->second.first == Stamp && !EC)
    return It->second.second;
  std::shared_ptr<const FactsDb> Db = load(Dir, Error);
  if (Db)
    Cache[Dir] = {Stamp, Db};
  return Db;
}

const FunctionFacts *FactsDb::find(StringRef USR) const {
  auto It = Functions.find(USR);
  return It == Functions.end() ? nullptr : &It->second;
}

} // namespace clang::tidy::retry::model
