// corpus: origin written
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: a retry helper recognized only by behaviour (a template, class-template or function-pointer helper not named retry*) whose retried callable performs the side effect
// AppendRows (an append is not idempotent) through a retry helper written
// as a free function taking a callable.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace warehouse {
struct AppendRowsRequest {
  void set_table(const std::string &);
  void add_row(const std::string &);
};
struct AppendRowsResponse {};
class Writer {
public:
  class Stub {
  public:
    grpc::Status AppendRows(grpc::ClientContext *, const AppendRowsRequest &,
                            AppendRowsResponse *);
  };
};
} // namespace warehouse

template <class Fn> grpc::Status call_with_backoff(Fn fn, int max_attempts) {
  grpc::Status s;
  int attempt = 0;
  do {
    s = fn();
    if (s.error_code() != grpc::DEADLINE_EXCEEDED &&
        s.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((50 << attempt) + rand() % 50));
  } while (++attempt < max_attempts);
  return s;
}

grpc::Status write_rows(warehouse::Writer::Stub &stub, const std::string &row) {
  warehouse::AppendRowsRequest req;
  req.set_table("events");
  req.add_row(row);
  return call_with_backoff(
      [&] {
        warehouse::AppendRowsResponse resp;
        grpc::ClientContext ctx;
        return stub.AppendRows(&ctx, req, &resp);
      },
      4);
}
