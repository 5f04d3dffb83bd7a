// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gRPC service configs (the JSON a channel is configured with): the retry
// policies they declare and the methods those apply to.

#ifndef RETRYLINT_CHECKS_MODEL_GRPCSERVICECONFIG_H
#define RETRYLINT_CHECKS_MODEL_GRPCSERVICECONFIG_H

#include "StatusSet.h"
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::retry::model {

/// One retryPolicy of a gRPC service config's methodConfig.
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
/// The retry policies of a gRPC service config (JSON text), in order.
/// Malformed JSON or a root that is not an object gives none and sets
/// \p Error (when given); entries without a retryPolicy are skipped.
std::vector<GrpcRetryPolicy> parseGrpcServiceConfig(StringRef Json,
                                                    std::string *Error);

} // namespace clang::tidy::retry::model

#endif
