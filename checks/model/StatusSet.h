// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sets of outcomes of a remote operation: HTTP statuses (0-999), gRPC codes
// (0-16), transport failures (no response) and exceptions; and the analysis
// that computes, for a retry site, which of them send control back to the
// next attempt.

#ifndef RETRYLINT_CHECKS_MODEL_STATUSSET_H
#define RETRYLINT_CHECKS_MODEL_STATUSSET_H

#include "RetrySite.h"
#include <bitset>
#include <optional>
#include <string>

namespace clang::tidy::retry::model {

enum class Transport : unsigned {
  Refused = 1, ///< connection refused: the request was never sent (safe)
  Dns = 2,     ///< name resolution failed (safe)
  Timeout = 4, ///< the request may have been processed (ambiguous)
  Other = 8,   ///< reset, closed, empty reply, unknown (ambiguous)
  All = 15,
};

class StatusSet {
public:
  static constexpr unsigned HttpMax = 1000;
  static constexpr unsigned GrpcMax = 17;

  static StatusSet all();
  static StatusSet none() { return {}; }
  static StatusSet http(unsigned Lo, unsigned Hi); ///< inclusive range
  static StatusSet grpc(unsigned Code);
  static StatusSet transport(unsigned Mask);
  static StatusSet exceptions();

  StatusSet operator|(const StatusSet &O) const;
  StatusSet operator&(const StatusSet &O) const;
  StatusSet operator~() const;
  bool empty() const;
  bool operator==(const StatusSet &O) const;

  bool hasHttp(unsigned Code) const { return Code < HttpMax && Http[Code]; }
  bool hasGrpc(unsigned Code) const { return Code < GrpcMax && Grpc[Code]; }
  bool hasAnyHttp() const { return Http.any(); }
  bool hasAnyGrpc() const { return Grpc.any(); }
  unsigned transportMask() const { return TransportMask; }
  bool hasExceptions() const { return Exceptions; }

  /// Outcomes that say the request may have been processed: timeouts,
  /// resets, 500/502/504, gRPC UNAVAILABLE/DEADLINE_EXCEEDED/UNKNOWN/
  /// INTERNAL, exceptions.
  StatusSet ambiguous() const;
  /// HTTP 4xx except 408, 425, 429, and the gRPC codes that never succeed
  /// on retry, minus \p Extra (statuses a team declares retryable).
  StatusSet nonRetryable(const StatusSet &Extra) const;

  /// "HTTP 400-407, 409-424; gRPC NOT_FOUND; transport failures".
  std::string format() const;

private:
  std::bitset<HttpMax> Http;
  std::bitset<GrpcMax> Grpc;
  unsigned TransportMask = 0;
  bool Exceptions = false;
};

/// A condition as a three-valued predicate over outcomes: the outcomes for
/// which it must be true and those for which it may be true.
struct StatusCond {
  StatusSet Must, May;
  bool Imprecise = false; ///< mentions the response but was not understood
  static StatusCond unknown();
  static StatusCond exactly(const StatusSet &S) { return {S, S, false}; }
};

/// What the retry path of a site is taken for.
struct RetriedStatuses {
  StatusSet Set;
  /// Some condition on the response was not understood, or the site is a
  /// helper whose retry decision is invisible: Set is an over-approximation.
  bool Imprecise = false;
  /// Where the retry decision is made (the condition that loops back), for
  /// diagnostics.
  const Stmt *Where = nullptr;
  /// Each way back to the next attempt and the outcomes that take it.
  std::vector<std::pair<StatusSet, const Stmt *>> Paths;

  /// The first decision point that retries some of \p S.
  const Stmt *whereFor(const StatusSet &S) const {
    for (const auto &[Set, At] : Paths)
      if (!(Set & S).empty())
        return At;
    return Where;
  }
};

/// The outcomes for which \p Site loops back to another attempt.
RetriedStatuses retriedStatuses(const RetrySite &Site, RetrySiteIndex &Index);

/// Parses a gRPC service config (JSON text) and returns its retry policies.
struct GrpcRetryPolicy {
  unsigned MaxAttempts = 0;
  StatusSet RetryableCodes;
  std::vector<std::string> UnknownCodes;
  double InitialBackoffSeconds = 0, MaxBackoffSeconds = 0;
  double BackoffMultiplier = 0;
  bool NamesMethods = false;
  /// The (service, method) names the policy applies to; an empty service or
  /// method matches all. No names: the policy applies to every call.
  std::vector<std::pair<std::string, std::string>> Names;
};
std::vector<GrpcRetryPolicy> parseGrpcServiceConfig(StringRef Json,
                                                    std::string *Error);

/// gRPC code number for a name like "UNAVAILABLE" / "unavailable".
std::optional<unsigned> grpcCodeFromName(StringRef Name);
StringRef grpcCodeName(unsigned Code);

} // namespace clang::tidy::retry::model

#endif
