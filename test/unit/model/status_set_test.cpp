// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "model/StatusSet.h"
#include "gtest/gtest.h"

namespace clang::tidy::retry::model {
namespace {

constexpr unsigned AllTransport = unsigned(Transport::All);

TEST(StatusSet, EmptyAndAll) {
  EXPECT_TRUE(StatusSet::none().empty());
  EXPECT_TRUE(StatusSet().empty());
  StatusSet All = StatusSet::all();
  EXPECT_FALSE(All.empty());
  EXPECT_TRUE(All.hasHttp(0) && All.hasHttp(999));
  EXPECT_TRUE(All.hasGrpc(0) && All.hasGrpc(16));
  EXPECT_EQ(All.transportMask(), AllTransport);
  EXPECT_TRUE(All.hasExceptions());
  EXPECT_TRUE((~All).empty());
  EXPECT_EQ(~StatusSet::none(), All);
}

TEST(StatusSet, RangesAreInclusiveAndBounded) {
  StatusSet S = StatusSet::http(500, 504);
  EXPECT_FALSE(S.hasHttp(499));
  EXPECT_TRUE(S.hasHttp(500) && S.hasHttp(504));
  EXPECT_FALSE(S.hasHttp(505));
  EXPECT_FALSE(S.hasHttp(StatusSet::HttpMax));
  EXPECT_FALSE(S.hasGrpc(StatusSet::GrpcMax));
  EXPECT_TRUE(S.hasAnyHttp());
  EXPECT_FALSE(S.hasAnyGrpc());
  EXPECT_TRUE(StatusSet::http(600, 500).empty());
}

TEST(StatusSet, Algebra) {
  StatusSet A = StatusSet::http(400, 499) | StatusSet::grpc(5);
  StatusSet B = StatusSet::http(429, 429) | StatusSet::exceptions();
  EXPECT_EQ(A & B, StatusSet::http(429, 429));
  EXPECT_EQ((A | B) & ~B, (A & ~B));
  EXPECT_EQ(A | StatusSet::none(), A);
  EXPECT_EQ(A & StatusSet::all(), A);
  EXPECT_TRUE((A & ~A).empty());
  EXPECT_EQ(~(A | B), ~A & ~B); // De Morgan
  EXPECT_FALSE(A == B);
  StatusSet T = StatusSet::transport(unsigned(Transport::Timeout)) |
                StatusSet::transport(unsigned(Transport::Dns));
  EXPECT_EQ(T.transportMask(),
            unsigned(Transport::Timeout) | unsigned(Transport::Dns));
  EXPECT_EQ((~T).transportMask(),
            unsigned(Transport::Refused) | unsigned(Transport::Other));
}

TEST(StatusSet, AmbiguousOutcomes) {
  // The request may have been processed: timeouts, dropped connections,
  // 500/502/504, UNAVAILABLE/DEADLINE_EXCEEDED/UNKNOWN/INTERNAL, exceptions.
  StatusSet A = StatusSet::all().ambiguous();
  EXPECT_TRUE(A.hasHttp(500) && A.hasHttp(502) && A.hasHttp(504));
  EXPECT_FALSE(A.hasHttp(503) || A.hasHttp(429) || A.hasHttp(400));
  EXPECT_TRUE(A.hasGrpc(14) && A.hasGrpc(4) && A.hasGrpc(2) && A.hasGrpc(13));
  EXPECT_FALSE(A.hasGrpc(0) || A.hasGrpc(5));
  EXPECT_EQ(A.transportMask(),
            unsigned(Transport::Timeout) | unsigned(Transport::Other));
  EXPECT_TRUE(A.hasExceptions());
  // Refused connections and DNS failures never reached the server.
  EXPECT_TRUE(StatusSet::transport(unsigned(Transport::Refused) |
                                   unsigned(Transport::Dns))
                  .ambiguous()
                  .empty());
}

TEST(StatusSet, NonRetryableOutcomes) {
  StatusSet N = StatusSet::all().nonRetryable(StatusSet::none());
  for (unsigned C = 400; C < 500; ++C)
    EXPECT_EQ(N.hasHttp(C), C != 408 && C != 425 && C != 429) << C;
  EXPECT_FALSE(N.hasHttp(503) || N.hasHttp(200));
  // INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED,
  // FAILED_PRECONDITION, OUT_OF_RANGE, UNIMPLEMENTED, UNAUTHENTICATED.
  for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
    EXPECT_EQ(N.hasGrpc(C), C == 3 || C == 5 || C == 6 || C == 7 || C == 9 ||
                                C == 11 || C == 12 || C == 16)
        << C;
  EXPECT_EQ(N.transportMask(), 0u);
  EXPECT_FALSE(N.hasExceptions());
  // A team's declared retryable statuses are taken out.
  StatusSet Extra = StatusSet::http(409, 409) | StatusSet::grpc(9);
  StatusSet M = StatusSet::all().nonRetryable(Extra);
  EXPECT_FALSE(M.hasHttp(409) || M.hasGrpc(9));
  EXPECT_TRUE(M.hasHttp(410));
}

TEST(StatusSet, Format) {
  EXPECT_EQ(StatusSet::none().format(), "");
  EXPECT_EQ((StatusSet::http(400, 407) | StatusSet::http(409, 409)).format(),
            "HTTP 400-407, 409");
  EXPECT_EQ(StatusSet::http(0, 999).format(), "any HTTP status");
  EXPECT_EQ((StatusSet::grpc(5) | StatusSet::grpc(14)).format(),
            "gRPC NOT_FOUND, UNAVAILABLE");
  EXPECT_EQ((StatusSet::http(503, 503) | StatusSet::transport(AllTransport) |
             StatusSet::exceptions())
                .format(),
            "HTTP 503; transport failures; exceptions");
  EXPECT_EQ(StatusSet::transport(unsigned(Transport::Timeout) |
                                 unsigned(Transport::Refused))
                .format(),
            "connection refused, timeouts");
}

TEST(GrpcCodes, NamesRoundTrip) {
  for (unsigned C = 0; C < StatusSet::GrpcMax; ++C)
    EXPECT_EQ(grpcCodeFromName(grpcCodeName(C)), C) << C;
  EXPECT_EQ(grpcCodeFromName(" unavailable "), 14u);
  EXPECT_EQ(grpcCodeFromName("Not_Found"), 5u);
  EXPECT_EQ(grpcCodeFromName("14"), std::nullopt);
  EXPECT_EQ(grpcCodeFromName("UNAVAILABLE_"), std::nullopt);
  EXPECT_EQ(grpcCodeFromName(""), std::nullopt);
  EXPECT_EQ(grpcCodeName(StatusSet::GrpcMax), "?");
}

TEST(StatusCond, UnknownMayBeAnythingMustBeNothing) {
  StatusCond U = StatusCond::unknown();
  EXPECT_TRUE(U.Must.empty());
  EXPECT_EQ(U.May, StatusSet::all());
  StatusCond E = StatusCond::exactly(StatusSet::grpc(0));
  EXPECT_EQ(E.Must, E.May);
  EXPECT_FALSE(E.Imprecise);
}

} // namespace
} // namespace clang::tidy::retry::model
