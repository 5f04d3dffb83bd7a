// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the checks know about the outside world: which calls leave the
// process (operations), which of them are side effects, where idempotency
// keys are handed over (sinks), and which values differ between two attempts
// of the same intent (per-attempt sources). Built-in knowledge of libcurl,
// cpp-httplib, Boost.Beast, gRPC and the AWS SDK; every list is extended by
// check options so teams can teach retrylint their own wrappers.

#ifndef RETRYLINT_CHECKS_MODEL_APIMODEL_H
#define RETRYLINT_CHECKS_MODEL_APIMODEL_H

#include "NameList.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "utils/LiteralText.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::retry::model {

enum class HttpMethod { Unknown, Get, Head, Options, Post, Put, Patch, Delete };
StringRef httpMethodName(HttpMethod M);
/// "GET", "get", "Get" -> Get; anything else -> Unknown.
HttpMethod httpMethodFromName(StringRef Name);
/// POST and PATCH change state on each call; the other methods are
/// idempotent by definition.
bool isSideEffectMethod(HttpMethod M);

enum class OperationKind {
  Http,
  Curl,
  Beast,
  Grpc,
  AwsSdk,
  User,
  /// A call the model does not know (a wrapper declared elsewhere, a
  /// virtual call, a callable parameter), taken as an operation because a
  /// retry site re-issues it after its failure.
  Unknown,
};

/// Does \p Name start with a mutating verb (CreateOrder, send_message)?
bool isSideEffectName(StringRef Name);

/// Does \p Name say it draws at random (`random_number`, `prng`,
/// `jitter`, `get_random_bytes`), not that it does not
/// (`compute_no_jitter`)?
bool namesRandom(StringRef Name);

/// A call that leaves the process.
struct Operation {
  const CallExpr *Call = nullptr;
  OperationKind Kind = OperationKind::User;
  std::string Name;
  HttpMethod Method = HttpMethod::Unknown;
  /// True when the operation is not idempotent by method or name.
  bool SideEffect = false;
  /// When the call reaches the operation through a same-TU function: that
  /// function (Call is then the call to it).
  const FunctionDecl *Via = nullptr;
  /// The call that performs the operation itself (== Call unless Via).
  const CallExpr *InnerCall = nullptr;
  /// Listed in the SafeOperations option.
  bool DeclaredSafe = false;

  /// Idempotent by method or name for sure (GET/PUT/DELETE..., Get*/List*
  /// RPCs, declared safe); an unknown method is not.
  bool knownIdempotent() const;
  /// Only reads: GET/HEAD/OPTIONS, or a Get*/List*/Describe*/... RPC or
  /// user operation that is not a side effect.
  bool onlyReads() const;
};

enum class SourceKind {
  RandomUuid,
  Clock,
  RandomNumber,
  CallIdentity, ///< a name that denotes one call: call_id, attempt_id, ...
  AttemptCounter,
  Configured, ///< a function listed in the PerAttemptSources option
};

/// Options every check shares. Read with getLocalOrGlobal, so a team can set
/// them once for all retry-* checks.
struct ApiOptions {
  std::string Operations;        ///< extra operation functions
  std::string SideEffects;       ///< extra side-effecting functions
  std::string SafeOperations;    ///< operations declared idempotent
  std::string KeyHeaders;        ///< extra idempotency-key header names
  std::string KeySinks;          ///< extra setter/field/parameter names
  std::string PerAttemptSources; ///< extra per-attempt source functions
  std::string PerAttemptNames;   ///< extra variable/field names
  std::string RetryHelpers;      ///< extra retry helper function names
  std::string WaitFunctions;     ///< extra wait/sleep functions
  std::string PolicyCalls;       ///< extra attempt-budget policy calls
  std::string LookupFunctions;   ///< extra outcome look-up functions

  void read(const ClangTidyCheck::OptionsView &Opts);
  void store(const ClangTidyCheck::OptionsView &Opts,
             ClangTidyOptions::OptionMap &Map) const;
  /// Every option equal: checks with equal options share one model.
  bool operator==(const ApiOptions &O) const;
};

class ApiModel {
public:
  explicit ApiModel(const ApiOptions &Opts);

  /// The operation performed by \p Call, if it leaves the process.
  std::optional<Operation> operation(const CallExpr *Call) const;

  /// Is \p Name (a header name, case-insensitive) an idempotency-key header?
  bool isKeyHeader(StringRef Name) const;
  /// Does a header line literal such as "Idempotency-Key: " start with a key
  /// header name followed by ':'?
  bool isKeyHeaderPrefix(StringRef Literal) const;
  /// Is \p Name (a setter, field or parameter) an idempotency-key sink?
  bool isKeySinkName(StringRef Name) const;

  /// The per-attempt source kind of a call, if it is one.
  std::optional<SourceKind> perAttemptSource(const CallExpr *Call) const;
  std::optional<SourceKind> perAttemptSource(const CXXConstructExpr *E) const;
  /// Does a variable or field name denote one call (call_id, attempt_id)?
  bool isPerAttemptName(StringRef Name) const;

  /// Is \p Callee a retry helper that retries the callable it is given?
  bool isRetryHelper(const FunctionDecl *Callee) const;

  /// Is \p Callee a wait between attempts (sleep_for, usleep, timer
  /// waits, condition_variable::wait_for)? Returns the duration argument.
  std::optional<unsigned> waitDurationArg(const CallExpr *Call) const;
  /// Is \p Callee a retry-policy call that bounds attempts (ShouldRetry,
  /// IsExhausted, WasLastAttempt)?
  bool isPolicyCall(const FunctionDecl *Callee) const;
  /// Does \p Callee look up the outcome of an earlier attempt (a read of
  /// authoritative state: find_charge, GetOrder, lookup_payment)?
  bool isLookup(const FunctionDecl *Callee) const;

  /// Functions whose result is built from their arguments only (string
  /// building and formatting), so the origin of the result is the union of
  /// the origins of the arguments.
  bool isValueTransform(const FunctionDecl *Callee) const;

  /// Option values that could not be used: (option name, message). Checks
  /// report them as configuration diagnostics.
  const std::vector<std::pair<std::string, std::string>> &configErrors() const {
    return ConfigErrors;
  }

private:
  std::vector<std::pair<std::string, std::string>> ConfigErrors;
  NameList UserOperations, UserSideEffects, UserSafe, SourceFunctions,
      UserSources, Waits, Policies, Lookups, RetryHelpers, UserRetryHelpers,
      Transforms;
  std::vector<std::string> KeyHeaders; // lowercase
  std::vector<std::string> KeySinks;   // normalized
  std::vector<std::string> CallNames;  // normalized
};

} // namespace clang::tidy::retry::model

#endif
