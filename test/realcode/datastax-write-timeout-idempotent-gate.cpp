// corpus: origin github:datastax/cpp-driver src/request_handler.cpp RequestExecution::on_error_response
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-unkeyed-side-effect
// A write timeout is retried only when the statement is marked idempotent,
// and only once; unavailable is retried once. Nothing waits between the
// attempts.
enum CassError { CASS_OK, CQL_ERROR_READ_TIMEOUT, CQL_ERROR_WRITE_TIMEOUT, CQL_ERROR_UNAVAILABLE, CQL_ERROR_OTHER };

struct Statement {
  const char *query;
  bool is_idempotent() const;
};
struct Response {
  CassError error;
};
class Connection {
public:
  Response execute(const Statement &st); // writes the frame, waits for the reply
};

Response execute_with_policy(Connection &conn, const Statement &st) {
  for (int num_retries = 0;; ++num_retries) {
    Response r = conn.execute(st);
    switch (r.error) {
    case CASS_OK:
      return r;
    case CQL_ERROR_READ_TIMEOUT:
    case CQL_ERROR_UNAVAILABLE:
      if (num_retries == 0)
        continue;
      return r;
    case CQL_ERROR_WRITE_TIMEOUT:
      if (st.is_idempotent() && num_retries == 0)
        continue;
      return r;
    default:
      return r;
    }
  }
}
