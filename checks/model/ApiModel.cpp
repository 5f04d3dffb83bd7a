// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ApiModel.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "utils/IdentifierWords.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringExtras.h"
#include <tuple>

namespace clang::tidy::retry::model {

using namespace utils;

static std::string lower(StringRef S) { return S.lower(); }
namespace {

// Verbs that make an RPC or SDK call a side effect; Put/Get/List/Describe/
// Delete are idempotent by name.
constexpr llvm::StringLiteral SideEffectVerbs[] = {
    "Create",   "Charge", "Send", "Publish", "Submit",
    "Transfer", "Append", "Post", "Insert",  "Enqueue"};
// What `Send` may be followed by and still say nothing of the receiver's
// effect (`SendRequest`, `send_data`, `SendBytes`; docs/rules.md).
constexpr llvm::StringLiteral TransportNouns[] = {
    "request", "requests", "req",     "data",  "bytes",  "buf", "buffer",
    "packet",  "packets",  "pkt",     "frame", "frames", "raw", "all",
    "chunk",   "line",     "command", "cmd",   "query",  "to",  "and",
    "recv",    "receive",  "async",   "sync",  "now"};

} // namespace

static bool startsWithVerb(StringRef Name, StringRef Verb) {
  // CreateOrder, create_order; not "Sender" or "created".
  if (!Name.starts_with(Verb) && !Name.starts_with(Verb.lower()))
    return false;
  StringRef Rest = Name.drop_front(Verb.size());
  return Rest.empty() || Rest.front() == '_' || llvm::isUpper(Rest.front());
}

static const CXXRecordDecl *methodClass(const CallExpr *Call) {
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(Call->getCalleeDecl()))
    return M->getParent();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const CXXMethodDecl *M = MC->getMethodDecl())
      return M->getParent();
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
    if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl()))
      return M->getParent();
  return nullptr;
}

static bool classNamed(const CXXRecordDecl *RD,
                       llvm::ArrayRef<StringRef> Names) {
  if (!RD)
    return false;
  std::string QN = RD->getQualifiedNameAsString();
  for (StringRef N : Names)
    if (QN == N)
      return true;
  return false;
}

HttpMethod httpMethodFromName(StringRef Name) {
  return llvm::StringSwitch<HttpMethod>(Name)
      .CaseLower("get", HttpMethod::Get)
      .CaseLower("head", HttpMethod::Head)
      .CaseLower("options", HttpMethod::Options)
      .CaseLower("post", HttpMethod::Post)
      .CaseLower("put", HttpMethod::Put)
      .CaseLower("patch", HttpMethod::Patch)
      .CaseLower("delete", HttpMethod::Delete)
      .Default(HttpMethod::Unknown);
}

bool isSideEffectMethod(HttpMethod M) {
  return M == HttpMethod::Post || M == HttpMethod::Patch;
}

StringRef httpMethodName(HttpMethod M) {
  switch (M) {
  case HttpMethod::Get:
    return "GET";
  case HttpMethod::Head:
    return "HEAD";
  case HttpMethod::Options:
    return "OPTIONS";
  case HttpMethod::Post:
    return "POST";
  case HttpMethod::Put:
    return "PUT";
  case HttpMethod::Patch:
    return "PATCH";
  case HttpMethod::Delete:
    return "DELETE";
  case HttpMethod::Unknown:
    break;
  }
  return "unknown method";
}

bool Operation::knownIdempotent() const {
  switch (Kind) {
  case OperationKind::Http:
  case OperationKind::Curl:
  case OperationKind::Beast:
    return !SideEffect && Method != HttpMethod::Unknown;
  case OperationKind::Grpc:
  case OperationKind::AwsSdk:
    return !SideEffect;
  case OperationKind::User:
    return DeclaredSafe;
  case OperationKind::Unknown:
    return false;
  }
  return false;
}

void ApiOptions::read(const ClangTidyCheck::OptionsView &Opts) {
  Operations = Opts.getLocalOrGlobal("Operations", "").str();
  SideEffects = Opts.getLocalOrGlobal("SideEffects", "").str();
  SafeOperations = Opts.getLocalOrGlobal("SafeOperations", "").str();
  KeyHeaders = Opts.getLocalOrGlobal("KeyHeaders", "").str();
  KeySinks = Opts.getLocalOrGlobal("KeySinks", "").str();
  PerAttemptSources = Opts.getLocalOrGlobal("PerAttemptSources", "").str();
  PerAttemptNames = Opts.getLocalOrGlobal("PerAttemptNames", "").str();
  RetryHelpers = Opts.getLocalOrGlobal("RetryHelpers", "").str();
  WaitFunctions = Opts.getLocalOrGlobal("WaitFunctions", "").str();
  PolicyCalls = Opts.getLocalOrGlobal("PolicyCalls", "").str();
  LookupFunctions = Opts.getLocalOrGlobal("LookupFunctions", "").str();
}

void ApiOptions::store(const ClangTidyCheck::OptionsView &Opts,
                       ClangTidyOptions::OptionMap &Map) const {
  Opts.store(Map, "Operations", Operations);
  Opts.store(Map, "SideEffects", SideEffects);
  Opts.store(Map, "SafeOperations", SafeOperations);
  Opts.store(Map, "KeyHeaders", KeyHeaders);
  Opts.store(Map, "KeySinks", KeySinks);
  Opts.store(Map, "PerAttemptSources", PerAttemptSources);
  Opts.store(Map, "PerAttemptNames", PerAttemptNames);
  Opts.store(Map, "RetryHelpers", RetryHelpers);
  Opts.store(Map, "WaitFunctions", WaitFunctions);
  Opts.store(Map, "PolicyCalls", PolicyCalls);
  Opts.store(Map, "LookupFunctions", LookupFunctions);
}

bool ApiOptions::operator==(const ApiOptions &O) const {
  auto Tie = [](const ApiOptions &X) {
    return std::tie(X.Operations, X.SideEffects, X.SafeOperations, X.KeyHeaders,
                    X.KeySinks, X.PerAttemptSources, X.PerAttemptNames,
                    X.RetryHelpers, X.WaitFunctions, X.PolicyCalls,
                    X.LookupFunctions);
  };
  return Tie(*this) == Tie(O);
}

/// Adds the names listed in the option \p Option's \p Value to \p L; what
/// cannot be used goes to \p Errors as (option name, message).
static void
addOptionNames(NameList &L, StringRef Value, StringRef Option,
               std::vector<std::pair<std::string, std::string>> &Errors) {
  for (StringRef S : tidy::utils::options::parseStringList(Value))
    if (std::optional<std::string> Err = L.add(S))
      Errors.emplace_back(Option.str(), *Err);
}

/// Functions whose result differs on every call: ids, random numbers, clocks.
static void addSourceFunctions(NameList &L) {
  for (StringRef S : {"::uuid_generate",
                      "::uuid_generate_random",
                      "::uuid_generate_time",
                      "::uuid_generate_time_safe",
                      "Aws::Utils::UUID::RandomUUID",
                      "QUuid::createUuid",
                      "::rand",
                      "::random",
                      "::rand_r",
                      "::lrand48",
                      "::mrand48",
                      "::drand48",
                      "::arc4random",
                      "::arc4random_uniform",
                      "::time",
                      "::gettimeofday",
                      "::clock_gettime",
                      "::clock",
                      "absl::Now",
                      "absl::Uniform",
                      "absl::InsecureBitGen"})
    L.add(S);
}

/// Retry helpers by name.
static void addRetryHelpers(NameList &L) {
  L.add("retry");
  L.add("retries");
  L.add("retrying");
  // Names like with_retries, RetryWithBackoff, folly::futures::retrying.
  L.addRegex("(^|::)[^:]*(retry|retries|retrying)[^:]*$", {{"retr"}});
}

/// Waits between attempts: sleeps and timed waits.
static void addWaits(NameList &L) {
  for (StringRef S :
       {"std::this_thread::sleep_for", "std::this_thread::sleep_until",
        "::sleep", "::usleep", "::nanosleep", "::Sleep", "absl::SleepFor",
        "boost::this_thread::sleep_for", "std::condition_variable::wait_for",
        "std::condition_variable::wait_until",
        "std::condition_variable_any::wait_for",
        "boost::asio::basic_waitable_timer::expires_after",
        "boost::asio::basic_waitable_timer::expires_from_now",
        "boost::asio::basic_deadline_timer::expires_from_now"})
    L.add(S);
}

/// Retry-policy calls that bound the attempts.
static void addPolicies(NameList &L) {
  L.addRegex("(^|::)(should_?retry|is_?exhausted|was_?last_?attempt|"
             "can_?retry|retry_?allowed|attempts_?left|has_?attempts_?left|"
             "is_?retry_?allowed|on_?failure)[^:]*$",
             {{"retry", "exhausted", "attempt", "failure"}});
}

/// Look-ups of the outcome of an earlier attempt.
static void addLookups(NameList &L) {
  L.addRegex(
      "(^|::)(lookup|find|query|fetch|get|load|read|check)_?[a-z_]*"
      "(status|state|charge|order|payment|outcome|intent|existing|"
      "result|transaction|receipt)[^:]*$",
      {{"lookup", "find", "query", "fetch", "get", "load", "read", "check"},
       {"status", "state", "charge", "order", "payment", "outcome", "intent",
        "existing", "result", "transaction", "receipt"}});
}

/// Functions whose result is built from their arguments only.
static void addTransforms(NameList &L) {
  for (StringRef S :
       {"std::to_string", "std::to_wstring", "std::format", "fmt::format",
        "fmt::to_string", "absl::StrCat", "absl::StrFormat", "std::max",
        "std::min", "std::clamp", "std::chrono::duration_cast",
        "std::chrono::floor", "std::chrono::ceil", "std::chrono::round",
        "boost::uuids::to_string", "boost::lexical_cast", "std::move",
        "std::forward", "std::basic_string::append",
        "std::basic_string::substr", "std::basic_string::c_str",
        "std::basic_string::data",
        // A length says no more than the text it measures.
        "strlen", "strnlen", "std::basic_string::size",
        "std::basic_string::length", "std::basic_ostringstream::str",
        "std::basic_stringstream::str"})
    L.add(S);
}

ApiModel::ApiModel(const ApiOptions &O) {
  auto AddAll = [this](NameList &L, StringRef Value, StringRef Option) {
    addOptionNames(L, Value, Option, ConfigErrors);
  };
  AddAll(UserOperations, O.Operations, "Operations");
  AddAll(UserSideEffects, O.SideEffects, "SideEffects");
  AddAll(UserSafe, O.SafeOperations, "SafeOperations");

  addSourceFunctions(SourceFunctions);
  AddAll(UserSources, O.PerAttemptSources, "PerAttemptSources");

  addRetryHelpers(RetryHelpers);
  AddAll(UserRetryHelpers, O.RetryHelpers, "RetryHelpers");

  addWaits(Waits);
  AddAll(Waits, O.WaitFunctions, "WaitFunctions");
  addPolicies(Policies);
  AddAll(Policies, O.PolicyCalls, "PolicyCalls");
  addLookups(Lookups);
  AddAll(Lookups, O.LookupFunctions, "LookupFunctions");

  addTransforms(Transforms);

  for (StringRef S : {"idempotency-key", "x-idempotency-key"})
    KeyHeaders.push_back(S.str());
  for (StringRef S : tidy::utils::options::parseStringList(O.KeyHeaders))
    KeyHeaders.push_back(lower(S.trim()));

  for (StringRef S : {"idempotency_key", "client_token", "request_id",
                      "deduplication_id", "message_deduplication_id"})
    KeySinks.push_back(normalizeIdentifier(S));
  for (StringRef S : tidy::utils::options::parseStringList(O.KeySinks))
    KeySinks.push_back(normalizeIdentifier(S.trim()));

  for (StringRef S : {"call_id", "tool_call_id", "attempt_id", "request_seq"})
    CallNames.push_back(normalizeIdentifier(S));
  for (StringRef S : tidy::utils::options::parseStringList(O.PerAttemptNames))
    CallNames.push_back(normalizeIdentifier(S.trim()));
}

/// Is \p Rest, what follows a verb, empty or only TransportNouns?
static bool onlyTransportNouns(StringRef Rest) {
  return llvm::all_of(utils::identifierWords(Rest), [](const std::string &W) {
    return llvm::is_contained(TransportNouns, W);
  });
}

bool isSideEffectName(StringRef Name) {
  Name.consume_front("PrepareAsync");
  Name.consume_front("Async");
  for (StringRef Verb : SideEffectVerbs)
    if (startsWithVerb(Name, Verb))
      return Verb != "Send" ||
             !onlyTransportNouns(Name.drop_front(Verb.size()));
  return false;
}

/// The kind of the call of method \p Name of class \p RD when the class is
/// a generated gRPC stub or an AWS SDK client, else none.
static std::optional<OperationKind> rpcKind(const CXXRecordDecl *RD,
                                            StringRef Name) {
  if (RD && RD->getDeclName().isIdentifier()) {
    StringRef Cls = RD->getName();
    std::string QCls = RD->getQualifiedNameAsString();
    // Generated gRPC stubs: Service::Stub / Service::StubInterface.
    if ((Cls == "Stub" || Cls == "StubInterface" || Cls.ends_with("Stub")) &&
        !Name.empty() && llvm::isUpper(Name.front()))
      return OperationKind::Grpc;
    if (StringRef(QCls).starts_with("Aws::") && Cls.ends_with("Client") &&
        !Name.empty() && llvm::isUpper(Name.front()))
      return OperationKind::AwsSdk;
  }
  return std::nullopt;
}

/// Does \p FD answer with a `Result` (cpp-httplib's answer to a request)?
static bool answersResult(const FunctionDecl *FD) {
  const CXXRecordDecl *Ret = FD->getReturnType()->getAsCXXRecordDecl();
  return Ret && Ret->getDeclName().isIdentifier() && Ret->getName() == "Result";
}

std::optional<Operation> ApiModel::operation(const CallExpr *Call) const {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD)
    return std::nullopt;
  Operation Op;
  Op.Call = Call;
  Op.InnerCall = Call;
  Op.Name = FD->getQualifiedNameAsString();
  StringRef Name = FD->getDeclName().isIdentifier() ? FD->getName() : "";
  const CXXRecordDecl *RD = methodClass(Call);

  if (UserSafe.matches(FD)) {
    Op.Kind = OperationKind::User;
    Op.DeclaredSafe = true;
    return Op;
  }
  if (UserSideEffects.matches(FD)) {
    Op.Kind = OperationKind::User;
    Op.SideEffect = true;
    return Op;
  }
  if (Op.Name == "curl_easy_perform" || Op.Name == "curl_multi_perform") {
    Op.Kind = OperationKind::Curl;
    return Op;
  }
  // hiredis: a null reply is a failed round trip to the server (a
  // transport failure: Redis has no HTTP statuses). Its commands are not
  // side effects of their own (the SideEffects option names those).
  if ((Op.Name == "redisCommand" || Op.Name == "redisCommandArgv") &&
      Call->getNumArgs() >= 2) {
    Op.Kind = OperationKind::Unknown;
    return Op;
  }
  if (classNamed(RD, {"httplib::Client", "httplib::ClientImpl",
                      "httplib::SSLClient", "httplib::UniversalClient"})) {
    HttpMethod M = httpMethodFromName(Name);
    // Any member that answers with a Result sends a request (send, a
    // vendored copy's CustomRequest(method, path, ...)); its method is
    // unknown unless it names one.
    if (M == HttpMethod::Unknown && Name != "send" && !answersResult(FD))
      return std::nullopt;
    Op.Kind = OperationKind::Http;
    Op.Method = M;
    Op.SideEffect = isSideEffectMethod(M);
    return Op;
  }
  if (StringRef(Op.Name).starts_with("cpr::")) {
    HttpMethod M = httpMethodFromName(Name);
    if (M == HttpMethod::Unknown)
      return std::nullopt;
    Op.Kind = OperationKind::Http;
    Op.Method = M;
    Op.SideEffect = isSideEffectMethod(M);
    return Op;
  }
  if (Op.Name == "boost::beast::http::write" ||
      Op.Name == "boost::beast::http::async_write") {
    Op.Kind = OperationKind::Beast;
    return Op;
  }
  if (std::optional<OperationKind> K = rpcKind(RD, Name)) {
    Op.Kind = *K;
    Op.SideEffect = isSideEffectName(Name);
    return Op;
  }
  if (UserOperations.matches(FD)) {
    Op.Kind = OperationKind::User;
    Op.SideEffect = isSideEffectName(Name);
    return Op;
  }
  return std::nullopt;
}

bool ApiModel::isKeyHeader(StringRef Name) const {
  std::string L = lower(Name.trim());
  for (const std::string &H : KeyHeaders)
    if (L == H)
      return true;
  return false;
}

bool ApiModel::isKeyHeaderPrefix(StringRef Literal) const {
  size_t Colon = Literal.find(':');
  if (Colon == StringRef::npos)
    return false;
  return isKeyHeader(Literal.take_front(Colon));
}

bool ApiModel::isKeySinkName(StringRef Name) const {
  std::string N = normalizeIdentifier(Name);
  for (const std::string &S : KeySinks)
    if (N == S)
      return true;
  return false;
}

bool ApiModel::isPerAttemptName(StringRef Name) const {
  std::string N = normalizeIdentifier(Name);
  for (const std::string &S : CallNames)
    if (N == S)
      return true;
  return false;
}

bool namesRandom(StringRef Name) {
  llvm::SmallVector<std::string, 4> W = identifierWords(Name);
  for (size_t I = 0; I < W.size(); ++I)
    if (llvm::is_contained({"random", "rand", "rnd", "prng", "jitter"}, W[I]))
      return I == 0 || !llvm::is_contained({"no", "without", "non"}, W[I - 1]);
  return false;
}

std::optional<SourceKind>
ApiModel::perAttemptSource(const CallExpr *Call) const {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD)
    return std::nullopt;
  std::string QN = FD->getQualifiedNameAsString();
  StringRef Q(QN);
  if (const CXXRecordDecl *RD = methodClass(Call)) {
    std::string Cls = RD->getQualifiedNameAsString();
    StringRef C(Cls);
    bool CallOp = isa<CXXMethodDecl>(FD) &&
                  cast<CXXMethodDecl>(FD)->getOverloadedOperator() == OO_Call;
    if (CallOp && C.starts_with("boost::uuids::") &&
        (C.contains("random_generator")))
      return SourceKind::RandomUuid;
    if (CallOp && C.starts_with("std::") &&
        (C.contains("random_device") || C.ends_with("_engine") ||
         C.ends_with("_distribution") || C.contains("engine_adaptor")))
      return SourceKind::RandomNumber;
    if (C.starts_with("std::chrono::") && C.ends_with("_clock") &&
        FD->getName() == "now")
      return SourceKind::Clock;
  }
  if (UserSources.matches(StringRef(QN)))
    return SourceKind::Configured;
  // A project's own generator (`randomNumber()`, `jitter()`): its name
  // says what it returns, a number also over an unknown body (`xoshiro()`);
  // a text or id defined here is read in its body (`random_uuid()`).
  if (FD->getDeclName().isIdentifier() && !FD->getReturnType()->isVoidType() &&
      (!FD->hasBody() || FD->getReturnType()->isArithmeticType()) &&
      namesRandom(FD->getName()))
    return SourceKind::RandomNumber;
  if (!SourceFunctions.matches(StringRef(QN)))
    return std::nullopt;
  if (Q.contains("uuid") || Q.contains("UUID") || Q.contains("Uuid"))
    return SourceKind::RandomUuid;
  if (Q.contains("time") || Q.contains("clock") || Q.ends_with("Now"))
    return SourceKind::Clock;
  if (Q.contains("rand") || Q.contains("Uniform") || Q.contains("BitGen"))
    return SourceKind::RandomNumber;
  return SourceKind::RandomUuid;
}

std::optional<unsigned> ApiModel::waitDurationArg(const CallExpr *Call) const {
  const FunctionDecl *FD = calleeDecl(Call);
  if (!FD || !Waits.matches(FD))
    return std::nullopt;
  StringRef N = FD->getDeclName().isIdentifier() ? FD->getName() : "";
  // condition_variable::wait_for(lock, duration[, pred])
  unsigned Arg = N.starts_with("wait_") ? 1 : 0;
  if (Arg >= Call->getNumArgs())
    return Call->getNumArgs() ? std::optional<unsigned>(0) : std::nullopt;
  return Arg;
}

bool ApiModel::isPolicyCall(const FunctionDecl *Callee) const {
  return Callee && Policies.matches(Callee);
}

bool ApiModel::isLookup(const FunctionDecl *Callee) const {
  return Callee && Lookups.matches(Callee);
}

/// Does \p FD take something it can call: a template parameter, a function
/// pointer, std::function or a closure?
static bool takesCallable(const FunctionDecl *FD) {
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  for (const FunctionDecl *F : {FD, Pattern}) {
    if (!F)
      continue;
    for (const ParmVarDecl *P : F->parameters()) {
      QualType T = P->getType().getNonReferenceType();
      if (T->isDependentType() || T->isFunctionPointerType() ||
          T->isFunctionType())
        return true;
      if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
        if (RD->isLambda())
          return true;
        StringRef N = RD->getName();
        if (N == "function" || N == "move_only_function" ||
            N.contains_insensitive("function_ref") ||
            N.contains_insensitive("callable"))
          return true;
      }
    }
  }
  return false;
}

bool ApiModel::isRetryHelper(const FunctionDecl *Callee) const {
  if (!Callee)
    return false;
  // Configured names are trusted; a built-in name must also take the
  // operation as a callable (charge_with_retry(order) is not a helper).
  return UserRetryHelpers.matches(Callee) ||
         (RetryHelpers.matches(Callee) && takesCallable(Callee));
}

bool ApiModel::isValueTransform(const FunctionDecl *Callee) const {
  return Callee && Transforms.matches(Callee);
}

/// GetOrder, get_order, List, fetch: a read verb followed by a word
/// boundary (not Listen, Getaway).
static bool isReadName(StringRef Name) {
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

bool Operation::onlyReads() const {
  if (SideEffect)
    return false;
  if (Method == HttpMethod::Get || Method == HttpMethod::Head ||
      Method == HttpMethod::Options)
    return true;
  if (Method != HttpMethod::Unknown)
    return false;
  StringRef Name = this->Name;
  Name = Name.rsplit("::").second.empty() ? Name : Name.rsplit("::").second;
  Name.consume_front("PrepareAsync");
  Name.consume_front("Async");
  return (Kind == OperationKind::Grpc || Kind == OperationKind::AwsSdk ||
          Kind == OperationKind::User || Kind == OperationKind::Unknown) &&
         isReadName(Name);
}

} // namespace clang::tidy::retry::model
