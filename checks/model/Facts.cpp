// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Facts.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"
#include <functional>
#include <mutex>

namespace clang::tidy::retry::model {

namespace {

constexpr unsigned MaxDepth = 16;

/// The declaration an object expression names: `stub`, `stub_`, `*stub`,
/// `stub->`, `stub.get()`.
const ValueDecl *objectDecl(const Expr *E) {
  for (int Steps = 0; E && Steps < 8; ++Steps) {
    E = ignoreWrappers(E);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getNumArgs() >= 1 &&
        (OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star)) {
      E = OC->getArg(0);
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && MC->getMethodDecl() &&
        MC->getMethodDecl()->getDeclName().isIdentifier() &&
        MC->getMethodDecl()->getName() == "get") {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->getMemberDecl();
    return nullptr;
  }
  return nullptr;
}

/// The first call in \p S whose callee is named one of \p Names.
const CallExpr *findCall(const Stmt *S, llvm::ArrayRef<StringRef> Names) {
  const CallExpr *Found = nullptr;
  forEachDescendant(S, [&](const Stmt *N) {
    if (const auto *Call = dyn_cast<CallExpr>(N))
      if (!Found && llvm::is_contained(Names, calleeName(Call)))
        Found = Call;
  });
  return Found;
}

/// A string literal in \p E, or in the initializer of the variable \p E
/// names.
std::optional<std::pair<StringRef, const Expr *>> literalText(const Expr *E) {
  const Expr *Where = E;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E)))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        Where = VD->getInit();
  std::optional<std::pair<StringRef, const Expr *>> Out;
  forEachDescendant(Where, [&](const Stmt *N) {
    if (const auto *SL = dyn_cast<StringLiteral>(N))
      if (!Out && SL->getCharByteWidth() == 1)
        Out = {SL->getString(), SL};
  });
  return Out;
}

/// The first integer constant among \p Args.
std::optional<int64_t> firstIntArg(llvm::ArrayRef<const Expr *> Args,
                                   ASTContext &Ctx) {
  for (const Expr *A : Args) {
    if (!A || isa<CXXDefaultArgExpr>(A) || !A->getType()->isIntegerType())
      continue;
    int64_t V = constInt(A, Ctx, INT64_MIN);
    if (V != INT64_MIN)
      return V;
  }
  return std::nullopt;
}

/// A constant status in a returned expression: a gRPC StatusCode
/// enumerator, `Status::OK`/`Status::CANCELLED`, or an HTTP status number.
std::optional<StatusSet> constantStatus(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  std::optional<StatusSet> Out;
  forEachDescendant(E, [&](const Stmt *N) {
    if (Out)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N)) {
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
        if (cast<EnumDecl>(EC->getDeclContext())->getName() == "StatusCode")
          if (std::optional<unsigned> C = grpcCodeFromName(EC->getName()))
            Out = StatusSet::grpc(*C);
      } else if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (VD->isStaticDataMember())
          if (const auto *RD = dyn_cast<CXXRecordDecl>(VD->getDeclContext()))
            if (RD->getName() == "Status")
              if (std::optional<unsigned> C = grpcCodeFromName(VD->getName()))
                Out = StatusSet::grpc(*C);
      }
    } else if (const auto *IL = dyn_cast<IntegerLiteral>(N)) {
      uint64_t V = IL->getValue().getLimitedValue();
      if (V >= 100 && V <= 599)
        Out = StatusSet::http(unsigned(V), unsigned(V));
    }
  });
  return Out;
}

/// GetOrder, get_order, List, fetch: a read verb followed by a word
/// boundary (not Listen, Getaway).
bool isReadName(StringRef Name) {
  for (StringRef P : {"get", "list", "describe", "read", "fetch", "poll",
                      "watch", "query", "lookup"}) {
    if (!Name.starts_with_insensitive(P))
      continue;
    StringRef Rest = Name.drop_front(P.size());
    if (Rest.empty() || Rest.front() == '_' || llvm::isUpper(Rest.front()))
      return true;
  }
  return false;
}

/// Does \p Op only read (GET/HEAD, Get*/List*/Describe* RPCs)?
bool isRead(const Operation &Op) {
  if (Op.SideEffect)
    return false;
  if (Op.Method == HttpMethod::Get || Op.Method == HttpMethod::Head ||
      Op.Method == HttpMethod::Options)
    return true;
  if (Op.Method != HttpMethod::Unknown)
    return false;
  StringRef Name = Op.Name;
  Name = Name.rsplit("::").second.empty() ? Name : Name.rsplit("::").second;
  Name.consume_front("PrepareAsync");
  Name.consume_front("Async");
  return (Op.Kind == OperationKind::Grpc || Op.Kind == OperationKind::AwsSdk ||
          Op.Kind == OperationKind::User) &&
         isReadName(Name);
}

// --- JSON ------------------------------------------------------------------

llvm::json::Value setToJson(const std::optional<StatusSet> &S) {
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

bool setFromJson(const llvm::json::Value *V, std::optional<StatusSet> &Out,
                 std::string &Error) {
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

llvm::json::Value callToJson(const CallFact &C) {
  llvm::json::Object O{{"usr", C.USR}, {"name", C.Name}};
  if (C.LibraryLayer)
    O["library_layer"] = *C.LibraryLayer;
  return O;
}

bool callFromJson(const llvm::json::Value &V, CallFact &C, unsigned NumLayers,
                  std::string &Error) {
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

llvm::json::Value locToJson(const FactLoc &L) {
  return llvm::json::Object{
      {"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

void locFromJson(const llvm::json::Object *O, FactLoc &L) {
  if (!O)
    return;
  L.File = O->getString("file").value_or("").str();
  L.Line = unsigned(O->getInteger("line").value_or(0));
  L.Column = unsigned(O->getInteger("column").value_or(0));
}

} // namespace

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  return std::string(Buf);
}

std::string formatFactLoc(const FactLoc &L) {
  return llvm::sys::path::filename(L.File).str() + ":" + std::to_string(L.Line);
}

bool Chain::worseThan(const Chain &O) const {
  if (Layers == 0 || O.Layers == 0)
    return Layers > O.Layers;
  if (Unbounded != O.Unbounded)
    return Unbounded;
  if (Product != O.Product)
    return Product > O.Product;
  return Layers > O.Layers;
}

// --- facts files -------------------------------------------------------------

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
    const llvm::json::Object *FO = FV.getAsObject();
    if (!FO || !FO->getString("usr") || !FO->getString("name")) {
      Error = "a function has no \"usr\" or \"name\"";
      return false;
    }
    FunctionFacts F;
    F.USR = FO->getString("usr")->str();
    F.Name = FO->getString("name")->str();
    locFromJson(FO->getObject("where"), F.Where);
    const llvm::json::Array *Layers = FO->getArray("layers");
    unsigned NumLayers = Layers ? Layers->size() : 0;
    if (Layers)
      for (const llvm::json::Value &LV : *Layers) {
        const llvm::json::Object *LO = LV.getAsObject();
        if (!LO) {
          Error = "a layer of '" + F.Name + "' is not an object";
          return false;
        }
        LayerFact L;
        L.What = LO->getString("what").value_or("retry layer").str();
        if (std::optional<int64_t> A = LO->getInteger("attempts")) {
          if (*A < 1) {
            Error = "a layer of '" + F.Name + "' has fewer than 1 attempt";
            return false;
          }
          L.Attempts = unsigned(std::min<int64_t>(*A, 1 << 30));
        }
        if (!setFromJson(LO->get("retries"), L.Retries, Error) ||
            !setFromJson(LO->get("exhaustion"), L.Exhaustion, Error))
          return false;
        L.ReadsOnly = LO->getBoolean("reads_only").value_or(false);
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
              Error =
                  "a nested layer index of '" + F.Name + "' is out of range";
              return false;
            }
            L.Nested.push_back(unsigned(*N));
          }
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

// --- the layer graph -------------------------------------------------------

LayerGraph::LayerGraph(RetrySiteIndex &Index, const ApiModel &Api, Options Opts,
                       std::shared_ptr<const FactsDb> Imported)
    : Index(Index), Api(Api), Opts(std::move(Opts)),
      Imported(std::move(Imported)), Ctx(Index.context()) {}

FactLoc LayerGraph::factLoc(SourceLocation Loc) const {
  FactLoc L;
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isValid()) {
    L.File = P.getFilename();
    L.Line = P.getLine();
    L.Column = P.getColumn();
  }
  return L;
}

namespace {
/// Main-file assignments and member calls, for following a stub back to its
/// channel and a client back to its configuration.
class AssignmentCollector : public RecursiveASTVisitor<AssignmentCollector> {
public:
  AssignmentCollector(const SourceManager &SM) : SM(SM) {}
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      add(BO->getLHS(), BO->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      add(OC->getArg(0), OC->getArg(1));
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *CD) {
    for (const CXXCtorInitializer *Init : CD->inits())
      if (Init->getMember() && Init->isWritten())
        Out.push_back({Init->getMember(), Init->getInit()});
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    if (const ValueDecl *D = objectDecl(MC->getImplicitObjectArgument()))
      Calls.push_back({D, MC});
    return true;
  }
  void add(const Expr *LHS, const Expr *RHS) {
    LHS = ignoreWrappers(LHS);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS))
      Out.push_back({DRE->getDecl(), RHS});
    else if (const auto *ME = dyn_cast<MemberExpr>(LHS)) {
      Out.push_back({ME->getMemberDecl(), RHS});
      // cfg.retryStrategy = ...: also a fact about cfg.
      if (const ValueDecl *Base = objectDecl(ME->getBase()))
        Fields.push_back({Base, {ME->getMemberDecl(), RHS}});
    }
  }
  std::vector<std::pair<const ValueDecl *, const Expr *>> Out;
  std::vector<std::pair<const ValueDecl *, const CXXMemberCallExpr *>> Calls;
  std::vector<
      std::pair<const ValueDecl *, std::pair<const ValueDecl *, const Expr *>>>
      Fields;

private:
  const SourceManager &SM;
};
} // namespace

void LayerGraph::indexAssignments() {
  AssignmentsIndexed = true;
  AssignmentCollector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (auto &[D, E] : C.Out)
    Sources[D].push_back(E);
  for (auto &[D, MC] : C.Calls)
    MemberCalls[D].push_back(MC);
  for (auto &[Base, FieldValue] : C.Fields)
    FieldSources[Base].push_back(FieldValue);
}

llvm::ArrayRef<const Expr *> LayerGraph::sourcesOf(const ValueDecl *D) {
  if (!AssignmentsIndexed)
    indexAssignments();
  auto &List = Sources[D];
  if (const auto *VD = dyn_cast<VarDecl>(D))
    if (VD->getInit() && llvm::find(List, VD->getInit()) == List.end())
      List.insert(List.begin(), VD->getInit());
  if (const auto *FD = dyn_cast<FieldDecl>(D))
    if (FD->getInClassInitializer() &&
        llvm::find(List, FD->getInClassInitializer()) == List.end())
      List.insert(List.begin(), FD->getInClassInitializer());
  return List;
}

llvm::ArrayRef<const CXXMemberCallExpr *>
LayerGraph::callsOn(const ValueDecl *D) {
  if (!AssignmentsIndexed)
    indexAssignments();
  return MemberCalls[D];
}

/// The object a member call is made on, unless it is a parameter: a stub or
/// client passed in from elsewhere has no visible configuration and is
/// assumed not to retry (CHECKS.md, Library layers).
static const ValueDecl *localObject(const CallExpr *Call) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const ValueDecl *D =
      MC ? objectDecl(MC->getImplicitObjectArgument()) : nullptr;
  return D && !isa<ParmVarDecl>(D) ? D : nullptr;
}

std::optional<LayerFact> LayerGraph::grpcLayer(const CallExpr *Call,
                                               const Operation &Op) {
  const ValueDecl *Stub = localObject(Call);
  if (!Stub)
    return std::nullopt;
  const CallExpr *NewStub = nullptr;
  for (const Expr *S : sourcesOf(Stub))
    if ((NewStub = findCall(S, {"NewStub"})))
      break;
  if (!NewStub || NewStub->getNumArgs() < 1)
    return std::nullopt;
  auto ChannelCall = [&](const Expr *E) -> const CallExpr * {
    static constexpr StringRef Makers[] = {
        "CreateCustomChannel", "CreateCustomChannelWithInterceptors",
        "CreateChannel"};
    if (const CallExpr *C = findCall(E, Makers))
      return C;
    if (const ValueDecl *Ch = objectDecl(E))
      if (!isa<ParmVarDecl>(Ch))
        for (const Expr *S : sourcesOf(Ch))
          if (const CallExpr *C = findCall(S, Makers))
            return C;
    return nullptr;
  };
  const CallExpr *Channel = ChannelCall(NewStub->getArg(0));
  if (!Channel || calleeName(Channel) == "CreateChannel" ||
      Channel->getNumArgs() < 3)
    return std::nullopt;
  const ValueDecl *Args = objectDecl(Channel->getArg(2));
  if (!Args)
    return std::nullopt;
  std::optional<std::pair<StringRef, const Expr *>> Config;
  for (const CXXMemberCallExpr *Set : callsOn(Args)) {
    StringRef M = calleeName(Set);
    if (M == "SetInt" && Set->getNumArgs() == 2) {
      auto Key = literalText(Set->getArg(0));
      if (Key && Key->first == "grpc.enable_retries" &&
          constInt(Set->getArg(1), Ctx, 1) == 0)
        return std::nullopt; // retries switched off on this channel
    } else if (M == "SetServiceConfigJSON" && Set->getNumArgs() == 1) {
      Config = literalText(Set->getArg(0));
    } else if (M == "SetString" && Set->getNumArgs() == 2) {
      auto Key = literalText(Set->getArg(0));
      if (Key && Key->first == "grpc.service_config")
        Config = literalText(Set->getArg(1));
    }
  }
  if (!Config)
    return std::nullopt;
  // The method and service the stub call reaches: Service::Stub::Method.
  StringRef Method = calleeName(Call);
  Method.consume_front("PrepareAsync");
  Method.consume_front("Async");
  std::string Service;
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(calleeDecl(Call)))
    if (const auto *Outer =
            dyn_cast<CXXRecordDecl>(MD->getParent()->getDeclContext()))
      Service = Outer->getQualifiedNameAsString();
  for (const GrpcRetryPolicy &P :
       parseGrpcServiceConfig(Config->first, nullptr)) {
    bool Applies = P.Names.empty();
    for (const auto &[Svc, Meth] : P.Names) {
      std::string Dotted = Service;
      for (size_t Pos; (Pos = Dotted.find("::")) != std::string::npos;)
        Dotted.replace(Pos, 2, ".");
      bool SvcOk = Svc.empty() || Svc == Dotted ||
                   StringRef(Dotted).ends_with("." + Svc);
      if (SvcOk && (Meth.empty() || Meth == Method))
        Applies = true;
    }
    // gRPC requires at least 2 attempts and caps them at 5.
    if (!Applies || P.MaxAttempts < 2)
      continue;
    LayerFact L;
    L.What = "gRPC retry policy";
    L.Attempts = std::min(P.MaxAttempts, 5u);
    L.Retries = P.RetryableCodes;
    L.Library = true;
    L.ReadsOnly = isRead(Op);
    L.Loc = Config->second->getBeginLoc();
    L.Where = factLoc(L.Loc);
    return L;
  }
  return std::nullopt;
}

std::optional<LayerFact> LayerGraph::awsLayer(const CallExpr *Call) {
  const ValueDecl *Client = localObject(Call);
  if (!Client)
    return std::nullopt;
  // The client must be built where we can see it: a declaration that
  // constructs it, or a make_shared/MakeShared of it.
  const Expr *Built = nullptr;
  llvm::ArrayRef<const Expr *> Args;
  for (const Expr *S : sourcesOf(Client)) {
    forEachDescendant(S, [&](const Stmt *N) {
      if (Built)
        return;
      if (const auto *CE = dyn_cast<CXXConstructExpr>(N)) {
        if (const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl())
          if (StringRef(RD->getQualifiedNameAsString()).starts_with("Aws::") &&
              RD->getName().ends_with("Client")) {
            Built = CE;
            Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
          }
      } else if (const auto *CallE = dyn_cast<CallExpr>(N)) {
        std::string T = CallE->getType().getAsString();
        StringRef Name = calleeName(CallE);
        if (StringRef(T).contains("Aws::") && StringRef(T).contains("Client") &&
            (Name.contains("make") || Name.contains("Make"))) {
          Built = CallE;
          Args = llvm::ArrayRef(CallE->getArgs(), CallE->getNumArgs());
        }
      }
    });
    if (Built)
      break;
  }
  if (!Built)
    return std::nullopt;
  LayerFact L;
  L.What = "AWS SDK client";
  L.Attempts = 3; // the SDK's default (standard) retry strategy
  L.Library = true;
  L.Retries = StatusSet::http(429, 429) | StatusSet::http(500, 504) |
              StatusSet::transport(unsigned(Transport::All));
  L.Loc = Client->getLocation();
  // A ClientConfiguration whose retryStrategy is set decides.
  for (const Expr *A : Args) {
    const ValueDecl *Cfg = objectDecl(A);
    if (!Cfg || !StringRef(Cfg->getType().getAsString())
                     .contains("ClientConfiguration"))
      continue;
    if (!AssignmentsIndexed)
      indexAssignments();
    for (const auto &[Field, V] : FieldSources[Cfg]) {
      if (!Field->getDeclName().isIdentifier() ||
          Field->getName() != "retryStrategy")
        continue;
      {
        const Expr *Maker = nullptr;
        std::string Kind;
        bool MakerSpecific = false;
        // The most specific strategy type wins: the assignment converts
        // shared_ptr<DefaultRetryStrategy> to shared_ptr<RetryStrategy>.
        forEachDescendant(V, [&](const Stmt *N) {
          const auto *E = dyn_cast<Expr>(N);
          if (!E || !(isa<CallExpr>(E) || isa<CXXConstructExpr>(E)))
            return;
          std::string T = E->getType().getAsString();
          bool Specific = StringRef(T).contains("DefaultRetryStrategy") ||
                          StringRef(T).contains("StandardRetryStrategy") ||
                          StringRef(T).contains("AdaptiveRetryStrategy") ||
                          StringRef(T).contains("NoRetry");
          if (StringRef(T).contains("RetryStrategy") &&
              (!Maker || (Specific && !MakerSpecific))) {
            Maker = E;
            Kind = T;
            MakerSpecific = Specific;
          }
        });
        if (!Maker)
          continue;
        llvm::SmallVector<const Expr *, 4> MArgs;
        if (const auto *CE = dyn_cast<CallExpr>(Maker))
          MArgs.append(CE->arg_begin(), CE->arg_end());
        else
          for (const Expr *X : cast<CXXConstructExpr>(Maker)->arguments())
            MArgs.push_back(X);
        std::optional<int64_t> N = firstIntArg(MArgs, Ctx);
        L.Loc = Maker->getBeginLoc();
        if (StringRef(Kind).contains("NoRetry"))
          return std::nullopt;
        if (StringRef(Kind).contains("DefaultRetryStrategy"))
          L.Attempts = unsigned(N.value_or(10) + 1); // N retries
        else if (StringRef(Kind).contains("StandardRetryStrategy") ||
                 StringRef(Kind).contains("AdaptiveRetryStrategy"))
          L.Attempts = unsigned(std::max<int64_t>(N.value_or(3), 1));
        else
          L.Attempts = std::nullopt; // a custom strategy: unknown
        if (L.Attempts && *L.Attempts <= 1)
          return std::nullopt;
      }
    }
  }
  L.Where = factLoc(L.Loc);
  return L;
}

std::optional<LayerFact> LayerGraph::libraryLayer(const CallExpr *Call) {
  if (std::optional<Operation> Op = Api.operation(Call)) {
    if (Op->Kind == OperationKind::Grpc)
      return grpcLayer(Call, *Op);
    if (Op->Kind == OperationKind::AwsSdk)
      return awsLayer(Call);
  }
  if (std::optional<unsigned> Attempts = retryingCallAttempts(Call)) {
    LayerFact L;
    L.What = "retrying library call";
    if (*Attempts)
      L.Attempts = *Attempts;
    L.Library = true;
    L.Loc = Call->getBeginLoc();
    L.Where = factLoc(L.Loc);
    return L;
  }
  return std::nullopt;
}

std::optional<StatusSet> LayerGraph::exhaustion(const RetrySite &Site,
                                                const FunctionDecl *Fn) {
  if (!Fn || !Fn->getBody() || Site.Kind == RetryKind::Recursion)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = Site.Site->getEndLoc();
  std::optional<StatusSet> Out;
  bool Unknown = false;
  // Returns after the site: what the function reports once it gives up.
  forEachDescendant(Fn->getBody(), [&](const Stmt *N) {
    const auto *RS = dyn_cast<ReturnStmt>(N);
    if (!RS || !SM.isBeforeInTranslationUnit(End, RS->getBeginLoc()))
      return;
    std::optional<StatusSet> S = constantStatus(RS->getRetValue(), Ctx);
    if (!S) {
      Unknown = true;
      return;
    }
    Out = Out ? (*Out | *S) : *S;
  });
  if (Unknown)
    return std::nullopt;
  return Out;
}

std::unique_ptr<FunctionFacts> LayerGraph::compute(const FunctionDecl *Def) {
  auto F = std::make_unique<FunctionFacts>();
  F->USR = usrOf(Def);
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  F->Name =
      MD && MD->getParent()->isLambda() ? "lambda" : Def->getNameAsString();
  F->Where = factLoc(Def->getLocation());
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange Body = Def->getBody()->getSourceRange();
  auto Inside = [&](const RetrySite *S) {
    if (S->Kind == RetryKind::Recursion)
      return S->Recursive == Def;
    SourceLocation L = SM.getExpansionLoc(S->getBeginLoc());
    return SM.isPointWithin(L, SM.getExpansionLoc(Body.getBegin()),
                            SM.getExpansionLoc(Body.getEnd()));
  };
  llvm::DenseMap<const RetrySite *, unsigned> LayerOf;
  auto LayerIndex = [&](const RetrySite *S) {
    auto It = LayerOf.find(S);
    if (It != LayerOf.end())
      return It->second;
    LayerFact L;
    L.What = S->describe();
    if (S->Cap == CapKind::Constant)
      L.Attempts = S->MaxAttempts;
    RetriedStatuses R = retriedStatuses(*S, Index);
    if (!R.Imprecise)
      L.Retries = R.Set;
    L.Exhaustion = exhaustion(*S, Def);
    L.ReadsOnly = !S->Operations.empty() &&
                  llvm::all_of(S->Operations,
                               [](const Operation &Op) { return isRead(Op); });
    L.Tentative = true;
    for (const Operation &Op : S->Operations) {
      const FunctionDecl *Callee =
          calleeDecl(Op.InnerCall ? Op.InnerCall : Op.Call);
      const FunctionDecl *CDef = nullptr;
      if (Op.Via || !Callee || (Callee->hasBody(CDef) && CDef) ||
          Api.operation(Op.Call) || retryingCallOperation(Op.Call)) {
        L.Tentative = false;
        break;
      }
      L.Deciders.push_back(usrOf(Callee));
    }
    if (!L.Tentative)
      L.Deciders.clear();
    L.Loc = S->getBeginLoc();
    L.Where = factLoc(L.Loc);
    L.Site = S;
    F->Layers.push_back(std::move(L));
    unsigned Idx = F->Layers.size() - 1;
    LayerOf[S] = Idx;
    return Idx;
  };

  // Calls evaluated in the function; a lambda's body runs where it is
  // called, except the callable handed to a retry helper here.
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : LE->capture_inits())
        Walk(Init);
      bool HelperCallable = false;
      for (const RetrySite *Site : Index.enclosingSites(LE->getBody()))
        HelperCallable |= Site->Callable == LE;
      if (HelperCallable)
        Walk(LE->getBody());
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      llvm::SmallVector<const RetrySite *, 2> Sites;
      for (const RetrySite *Site : Index.enclosingSites(Call))
        if (Inside(Site))
          Sites.push_back(Site);
      std::optional<unsigned> Innermost;
      for (size_t I = 0; I < Sites.size(); ++I) {
        unsigned Idx = LayerIndex(Sites[I]);
        if (I == 0)
          Innermost = Idx;
        if (I + 1 < Sites.size()) {
          unsigned Parent = LayerIndex(Sites[I + 1]);
          if (!llvm::is_contained(F->Layers[Parent].Nested, Idx))
            F->Layers[Parent].Nested.push_back(Idx);
        } else if (!llvm::is_contained(F->Top, Idx)) {
          F->Top.push_back(Idx);
        }
      }
      CallFact C;
      C.Call = Call;
      bool Keep = false;
      if (std::optional<LayerFact> Lib = libraryLayer(Call)) {
        F->Layers.push_back(std::move(*Lib));
        C.LibraryLayer = F->Layers.size() - 1;
        C.Name = calleeName(Call).str();
        Keep = true;
      } else if (const FunctionDecl *Callee = calleeDecl(Call)) {
        const FunctionDecl *CDef = nullptr;
        bool HasBody = Callee->hasBody(CDef) && CDef;
        // Library functions (no body, declared in a system header) and
        // operations the model knows do not retry by themselves.
        // Code in system headers (libraries) is not followed: their retry
        // layers are modelled (gRPC, AWS, RetryingCalls), and walking
        // Boost or gRPC inline code would cost an editor its latency.
        bool Known =
            !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())) &&
            (HasBody || (!Callee->isOverloadedOperator() &&
                         !isa<CXXConversionDecl>(Callee)));
        if (Known && !Callee->isInStdNamespace() &&
            !Api.isRetryHelper(Callee) && !Api.operation(Call)) {
          C.Callee = HasBody ? CDef : Callee;
          C.USR = usrOf(Callee);
          const auto *CMD = dyn_cast<CXXMethodDecl>(Callee);
          C.Name = Callee->getNameAsString();
          if (CMD && CMD->getParent()->isLambda()) {
            // send_retrying(): name the lambda after its variable.
            C.Name = "lambda";
            if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
              if (const ValueDecl *V = objectDecl(OC->getArg(0)))
                C.Name = V->getNameAsString();
          }
          Keep = true;
        }
      }
      if (Keep) {
        if (Innermost)
          F->Layers[*Innermost].Calls.push_back(std::move(C));
        else
          F->Calls.push_back(std::move(C));
      }
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Def->getBody());
  return F;
}

const FunctionFacts *LayerGraph::factsFor(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def) && Def) {
    auto It = Local.find(Def);
    if (It != Local.end())
      return It->second.get();
    if (InProgress.lookup(Def))
      return nullptr;
    InProgress[Def] = true;
    std::unique_ptr<FunctionFacts> F = compute(Def);
    InProgress[Def] = false;
    return (Local[Def] = std::move(F)).get();
  }
  if (Imported)
    return Imported->find(usrOf(FD));
  return nullptr;
}

std::pair<const FunctionFacts *, unsigned>
LayerGraph::layerFor(const RetrySite &Site) {
  const FunctionDecl *Fn = Site.Kind == RetryKind::Recursion
                               ? Site.Recursive
                               : Index.enclosingFunction(Site.Site);
  // A site in a helper's callable belongs to the function around the
  // lambda.
  while (Fn) {
    const FunctionFacts *F = factsFor(Fn);
    if (F)
      for (unsigned I = 0; I < F->Layers.size(); ++I)
        if (F->Layers[I].Site == &Site)
          return {F, I};
    const auto *MD = dyn_cast<CXXMethodDecl>(Fn);
    if (!MD || !MD->getParent()->isLambda())
      break;
    const LambdaExpr *LE = nullptr;
    for (const auto &P : Ctx.getParents(*MD->getParent()))
      LE = LE ? LE : P.get<LambdaExpr>();
    if (!LE)
      break;
    Fn = Index.enclosingFunction(LE);
  }
  return {nullptr, 0};
}

namespace {
/// Does a failure that \p Inner gives up with make \p Outer try again?
bool amplifies(const LayerFact &Outer, const LayerFact *Inner) {
  if (!Inner || !Outer.Retries)
    return true;
  std::optional<StatusSet> GivesUp = Inner->givesUp();
  return !GivesUp || !(*Outer.Retries & *GivesUp).empty();
}

} // namespace

bool LayerGraph::counts(const LayerFact &L) {
  if (L.Attempts && *L.Attempts < 2)
    return false;
  if (!L.Tentative)
    return true;
  if (!Imported)
    return false;
  for (const std::string &USR : L.Deciders) {
    const FunctionFacts *G = Imported->find(USR);
    if (!G)
      continue;
    std::string Key = G->USR + "#" + G->Name;
    if (ImportInProgress.lookup(Key))
      continue;
    ImportInProgress[Key] = true;
    Chain C = chainOfFunction(*G, 1);
    ImportInProgress[Key] = false;
    if (C.Layers)
      return true;
  }
  return false;
}

Chain LayerGraph::chainOfLayer(const FunctionFacts &F, unsigned L,
                               unsigned Depth) {
  const LayerFact &Layer = F.Layers[L];
  Chain Below = Depth > MaxDepth ? Chain() : chainBelow(F, L);
  Chain Out;
  if (counts(Layer)) {
    Hop H;
    H.Layer = &Layer;
    H.NoteLoc = Layer.Loc;
    Out.Hops.push_back(H);
    Out.Layers = 1;
    Out.First = &Layer;
    if (Layer.Attempts)
      Out.Product = *Layer.Attempts;
    else
      Out.Unbounded = true;
  }
  Out.Hops.insert(Out.Hops.end(), Below.Hops.begin(), Below.Hops.end());
  Out.Layers += Below.Layers;
  Out.Unbounded |= Below.Unbounded;
  Out.Product = std::min<uint64_t>(Out.Product * Below.Product, 1ull << 40);
  if (!Out.First)
    Out.First = Below.First;
  return Out;
}

Chain LayerGraph::chainBelow(const FunctionFacts &F, unsigned L) {
  const LayerFact &Layer = F.Layers[L];
  Chain Worst;
  auto Consider = [&](Chain C) {
    if (C.Layers && amplifies(Layer, C.First) && C.worseThan(Worst))
      Worst = std::move(C);
  };
  for (unsigned N : Layer.Nested)
    if (N != L)
      Consider(chainOfLayer(F, N, 1));
  for (const CallFact &C : Layer.Calls)
    Consider(chainOfCall(F, C, 1));
  return Worst;
}

Chain LayerGraph::chainOfCall(const FunctionFacts &F, const CallFact &C,
                              unsigned Depth) {
  if (Depth > MaxDepth)
    return {};
  if (C.LibraryLayer) {
    Chain Out = chainOfLayer(F, *C.LibraryLayer, Depth + 1);
    if (!Out.Hops.empty())
      Out.Hops.front().Callee = C.Name;
    return Out;
  }
  const FunctionFacts *G = nullptr;
  bool External = false;
  if (C.Callee) {
    G = factsFor(C.Callee);
    const FunctionDecl *Def = nullptr;
    External = !(C.Callee->hasBody(Def) && Def);
  } else if (Imported && !C.USR.empty()) {
    G = Imported->find(C.USR);
    External = true;
  }
  if (!G || ImportInProgress.lookup(G->USR + "#" + G->Name))
    return {};
  std::string Key = G->USR + "#" + G->Name;
  ImportInProgress[Key] = true;
  Chain Sub = chainOfFunction(*G, Depth + 1);
  ImportInProgress[Key] = false;
  if (!Sub.Layers)
    return {};
  if (External)
    for (Hop &H : Sub.Hops) {
      H.External = true;
      H.NoteLoc = C.Call ? C.Call->getBeginLoc() : SourceLocation();
    }
  if (!Sub.Hops.empty() && Sub.Hops.front().Callee.empty()) {
    Sub.Hops.front().Callee = C.Name;
  } else {
    Hop H;
    H.Callee = C.Name;
    H.External = External;
    Sub.Hops.insert(Sub.Hops.begin(), H);
  }
  return Sub;
}

Chain LayerGraph::chainOfFunction(const FunctionFacts &F, unsigned Depth) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  Chain Worst;
  for (unsigned T : F.Top) {
    Chain C = chainOfLayer(F, T, Depth);
    if (C.worseThan(Worst))
      Worst = std::move(C);
  }
  for (const CallFact &Call : F.Calls) {
    Chain C = chainOfCall(F, Call, Depth);
    if (C.worseThan(Worst))
      Worst = std::move(C);
  }
  Memo[&F] = Worst;
  return Worst;
}

std::vector<const FunctionFacts *> LayerGraph::mainFileFacts() {
  std::vector<const FunctionFacts *> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  struct Collector : RecursiveASTVisitor<Collector> {
    const SourceManager &SM;
    std::vector<const FunctionDecl *> Fns;
    Collector(const SourceManager &SM) : SM(SM) {}
    bool shouldVisitLambdaBody() const { return true; }
    bool TraverseDecl(Decl *D) {
      if (!D)
        return true;
      if (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) &&
          !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
        return true;
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
        Fns.push_back(FD);
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *LE) {
      if (!LE->getCallOperator()->isDependentContext())
        Fns.push_back(LE->getCallOperator());
      return true;
    }
  } C(SM);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *FD : C.Fns)
    if (const FunctionFacts *F = factsFor(FD))
      if (!F->USR.empty() && (!F->Layers.empty() || !F->Calls.empty()))
        Out.push_back(F);
  return Out;
}

std::optional<unsigned>
LayerGraph::retryingCallAttempts(const CallExpr *Call) const {
  if (const FunctionDecl *FD = calleeDecl(Call))
    for (const auto &[Names, Attempts] : Opts.RetryingCalls)
      if (Names.matches(FD))
        return Attempts;
  return std::nullopt;
}

std::optional<Operation>
LayerGraph::retryingCallOperation(const CallExpr *Call) {
  if (!retryingCallAttempts(Call))
    return std::nullopt;
  Operation Op;
  Op.Call = Call;
  Op.InnerCall = Call;
  Op.Name = calleeDecl(Call)->getQualifiedNameAsString();
  return Op;
}

std::optional<Operation> LayerGraph::externalOperation(const CallExpr *Call) {
  const FunctionDecl *FD = calleeDecl(Call);
  const FunctionDecl *Def = nullptr;
  if (!FD || (FD->hasBody(Def) && Def) || FD->isInStdNamespace() ||
      Ctx.getSourceManager().isInSystemHeader(FD->getLocation()) ||
      Api.isRetryHelper(FD) || FD->getReturnType()->isVoidType() ||
      isa<CXXConversionDecl>(FD) || FD->isOverloadedOperator())
    return std::nullopt;
  // Accessors of a result (status.ok(), error_code()) are not operations.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isConst())
    return std::nullopt;
  Operation Op;
  Op.Call = Call;
  Op.InnerCall = Call;
  Op.Name = FD->getQualifiedNameAsString();
  std::string Ret = FD->getReturnType().getAsString();
  Op.Kind = StringRef(Ret).contains("grpc") && StringRef(Ret).contains("Status")
                ? OperationKind::Grpc
                : OperationKind::User;
  return Op;
}

} // namespace clang::tidy::retry::model
