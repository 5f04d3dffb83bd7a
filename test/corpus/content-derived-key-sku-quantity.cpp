// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// A reorder key from the line items (sku x quantity) built in a loop over
// the lines, then used for every attempt.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>
#include <vector>

struct Line {
  std::string sku;
  int qty;
};

std::string sha256_hex(const std::string &);

grpc::Status reorder(payments::Payments::Stub &stub,
                     const std::vector<Line> &lines, long total) {
  std::string material;
  for (const Line &l : lines)
    material += l.sku + "x" + std::to_string(l.qty) + ";";
  payments::ChargeRequest req;
  req.set_amount(total);
  req.set_idempotency_key(sha256_hex(material));
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE &&
        st.error_code() != grpc::DEADLINE_EXCEEDED)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
