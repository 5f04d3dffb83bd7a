// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "GrpcServiceConfig.h"
#include "llvm/Support/JSON.h"

namespace clang::tidy::retry::model {

std::vector<GrpcRetryPolicy> parseGrpcServiceConfig(StringRef Json,
                                                    std::string *Error) {
  // llvm::json, not nlohmann: this code is built without exceptions and
  // shares binaries with the probe, which uses nlohmann with exceptions.
  std::vector<GrpcRetryPolicy> Out;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed) {
    if (Error)
      *Error = llvm::toString(Parsed.takeError());
    else
      llvm::consumeError(Parsed.takeError());
    return Out;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root) {
    if (Error)
      *Error = "not a JSON object";
    return Out;
  }
  auto Seconds = [](const llvm::json::Object &O, StringRef Key) -> double {
    std::optional<StringRef> V = O.getString(Key);
    if (!V)
      return 0;
    StringRef S = *V;
    S.consume_back("s");
    double D = 0;
    return S.getAsDouble(D) ? 0 : D;
  };
  const llvm::json::Array *Configs = Root->getArray("methodConfig");
  if (!Configs)
    return Out;
  for (const llvm::json::Value &MCV : *Configs) {
    const llvm::json::Object *MC = MCV.getAsObject();
    if (!MC)
      continue;
    const llvm::json::Object *RP = MC->getObject("retryPolicy");
    if (!RP)
      continue;
    GrpcRetryPolicy P;
    if (const llvm::json::Array *Names = MC->getArray("name"))
      for (const llvm::json::Value &N : *Names)
        if (const llvm::json::Object *NO = N.getAsObject()) {
          if (NO->get("method"))
            P.NamesMethods = true;
          P.Names.push_back({NO->getString("service").value_or("").str(),
                             NO->getString("method").value_or("").str()});
        }
    if (std::optional<int64_t> M = RP->getInteger("maxAttempts"))
      P.MaxAttempts = *M < 0 ? 0 : unsigned(*M);
    if (const llvm::json::Array *Codes = RP->getArray("retryableStatusCodes"))
      for (const llvm::json::Value &Code : *Codes) {
        if (std::optional<int64_t> N = Code.getAsInteger()) {
          if (*N >= 0)
            P.RetryableCodes = P.RetryableCodes | StatusSet::grpc(unsigned(*N));
        } else if (std::optional<StringRef> Name = Code.getAsString()) {
          if (std::optional<unsigned> C = grpcCodeFromName(*Name))
            P.RetryableCodes = P.RetryableCodes | StatusSet::grpc(*C);
          else
            P.UnknownCodes.push_back(Name->str());
        }
      }
    P.InitialBackoffSeconds = Seconds(*RP, "initialBackoff");
    P.MaxBackoffSeconds = Seconds(*RP, "maxBackoff");
    if (std::optional<double> B = RP->getNumber("backoffMultiplier"))
      P.BackoffMultiplier = *B;
    Out.push_back(std::move(P));
  }
  return Out;
}

} // namespace clang::tidy::retry::model
