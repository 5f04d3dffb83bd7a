// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "StatusSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::retry::model {

// --- StatusSet
// ----------------------------------------------------------------

StatusSet StatusSet::all() {
  StatusSet S;
  S.Http.set();
  S.Grpc.set();
  S.TransportMask = unsigned(Transport::All);
  S.Exceptions = true;
  return S;
}

StatusSet StatusSet::http(unsigned Lo, unsigned Hi) {
  StatusSet S;
  for (unsigned C = Lo; C <= Hi && C < HttpMax; ++C)
    S.Http.set(C);
  return S;
}

StatusSet StatusSet::grpc(unsigned Code) {
  StatusSet S;
  if (Code < GrpcMax)
    S.Grpc.set(Code);
  return S;
}

StatusSet StatusSet::transport(unsigned Mask) {
  StatusSet S;
  S.TransportMask = Mask & unsigned(Transport::All);
  return S;
}

StatusSet StatusSet::exceptions() {
  StatusSet S;
  S.Exceptions = true;
  return S;
}

StatusSet StatusSet::operator|(const StatusSet &O) const {
  StatusSet S = *this;
  S.Http |= O.Http;
  S.Grpc |= O.Grpc;
  S.TransportMask |= O.TransportMask;
  S.Exceptions |= O.Exceptions;
  return S;
}

StatusSet StatusSet::operator&(const StatusSet &O) const {
  StatusSet S = *this;
  S.Http &= O.Http;
  S.Grpc &= O.Grpc;
  S.TransportMask &= O.TransportMask;
  S.Exceptions &= O.Exceptions;
  return S;
}

StatusSet StatusSet::operator~() const {
  StatusSet S;
  S.Http = ~Http;
  S.Grpc = ~Grpc;
  S.TransportMask = ~TransportMask & unsigned(Transport::All);
  S.Exceptions = !Exceptions;
  return S;
}

bool StatusSet::empty() const {
  return Http.none() && Grpc.none() && !TransportMask && !Exceptions;
}

bool StatusSet::operator==(const StatusSet &O) const {
  return Http == O.Http && Grpc == O.Grpc && TransportMask == O.TransportMask &&
         Exceptions == O.Exceptions;
}

StatusSet StatusSet::ambiguous() const {
  StatusSet A =
      http(500, 500) | http(502, 502) | http(504, 504) | grpc(14) | grpc(4) |
      grpc(2) | grpc(13) |
      transport(unsigned(Transport::Timeout) | unsigned(Transport::Other)) |
      exceptions();
  return *this & A;
}

StatusSet StatusSet::nonRetryable(const StatusSet &Extra) const {
  StatusSet N =
      http(400, 407) | http(409, 424) | http(426, 428) | http(430, 499);
  for (unsigned C : {3u, 5u, 6u, 7u, 16u, 9u, 11u, 12u})
    N = N | grpc(C);
  return *this & N & ~Extra;
}

StringRef grpcCodeName(unsigned Code) {
  static const char *Names[] = {"OK",
                                "CANCELLED",
                                "UNKNOWN",
                                "INVALID_ARGUMENT",
                                "DEADLINE_EXCEEDED",
                                "NOT_FOUND",
                                "ALREADY_EXISTS",
                                "PERMISSION_DENIED",
                                "RESOURCE_EXHAUSTED",
                                "FAILED_PRECONDITION",
                                "ABORTED",
                                "OUT_OF_RANGE",
                                "UNIMPLEMENTED",
                                "INTERNAL",
                                "UNAVAILABLE",
                                "DATA_LOSS",
                                "UNAUTHENTICATED"};
  return Code < StatusSet::GrpcMax ? Names[Code] : "?";
}

std::optional<unsigned> grpcCodeFromName(StringRef Name) {
  std::string U = Name.trim().upper();
  for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
    if (grpcCodeName(C) == U)
      return C;
  return std::nullopt;
}

std::string StatusSet::format() const {
  std::string Out;
  auto Sep = [&] {
    if (!Out.empty())
      Out += "; ";
  };
  if (Http.any()) {
    Sep();
    if (Http.all()) {
      Out += "any HTTP status";
    } else {
      Out += "HTTP ";
      bool First = true;
      for (unsigned C = 0; C < HttpMax; ++C) {
        if (!Http[C])
          continue;
        unsigned E = C;
        while (E + 1 < HttpMax && Http[E + 1])
          ++E;
        if (!First)
          Out += ", ";
        First = false;
        Out += std::to_string(C);
        if (E > C)
          Out += "-" + std::to_string(E);
        C = E;
      }
    }
  }
  if (Grpc.any()) {
    Sep();
    Out += "gRPC ";
    bool First = true;
    for (unsigned C = 0; C < GrpcMax; ++C)
      if (Grpc[C]) {
        Out += (First ? "" : ", ") + grpcCodeName(C).str();
        First = false;
      }
  }
  if (TransportMask == unsigned(Transport::All)) {
    Sep();
    Out += "transport failures";
  } else if (TransportMask) {
    std::vector<std::string> Kinds;
    if (TransportMask & unsigned(Transport::Refused))
      Kinds.push_back("connection refused");
    if (TransportMask & unsigned(Transport::Dns))
      Kinds.push_back("name resolution failures");
    if (TransportMask & unsigned(Transport::Timeout))
      Kinds.push_back("timeouts");
    if (TransportMask & unsigned(Transport::Other))
      Kinds.push_back("dropped connections");
    Sep();
    for (size_t I = 0; I < Kinds.size(); ++I)
      Out += (I ? ", " : "") + Kinds[I];
  }
  if (Exceptions) {
    Sep();
    Out += "exceptions";
  }
  return Out;
}

StatusCond StatusCond::unknown() {
  return {StatusSet::none(), StatusSet::all(), false};
}

} // namespace clang::tidy::retry::model
