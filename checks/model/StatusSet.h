// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sets of outcomes of a remote operation: HTTP statuses (0-999), gRPC codes
// (0-16), transport failures (no response) and exceptions, and conditions
// over them. RetriedStatuses.h computes which of them a retry site retries.

#ifndef RETRYLINT_CHECKS_MODEL_STATUSSET_H
#define RETRYLINT_CHECKS_MODEL_STATUSSET_H

#include "clang/Basic/LLVM.h"
#include "llvm/ADT/StringRef.h"
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

/// gRPC code number for a name like "UNAVAILABLE" / "unavailable".
std::optional<unsigned> grpcCodeFromName(StringRef Name);
StringRef grpcCodeName(unsigned Code);

} // namespace clang::tidy::retry::model

#endif
