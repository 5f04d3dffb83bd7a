// Shared declarations of the three translation units of facts.test.
#pragma once
#include <grpcpp/grpcpp.h>

// checkout.cpp -> charge.cpp -> post.cpp: each layer retries 3 times.
grpc::Status post_charge(payments::Payments::Stub &stub,
                         const payments::ChargeRequest &req);
grpc::Status charge_with_retry(payments::Payments::Stub &stub,
                               const payments::ChargeRequest &req);
// Defined in post.cpp; does not retry.
grpc::Status post_once(payments::Payments::Stub &stub,
                       const payments::ChargeRequest &req);
