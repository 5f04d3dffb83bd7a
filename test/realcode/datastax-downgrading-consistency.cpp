// corpus: origin github:datastax/cpp-driver src/retry_policy.cpp DowngradingConsistencyRetryPolicy
// corpus: real-headers
// corpus: fixme-fn retry-missing-backoff FIXME: the loop hands the call an argument it changes from the reply (the consistency level, downgraded), so each round reads as a different call rather than a retry of the same request (a bounded loop retrying on a result flag with no wait)
// corpus: negative retry-missing-budget
// After an unavailable reply the policy retries once, at once, at the
// consistency level the alive replicas can still satisfy.
enum CassConsistency { CASS_CONSISTENCY_ONE = 1, CASS_CONSISTENCY_TWO, CASS_CONSISTENCY_THREE, CASS_CONSISTENCY_QUORUM };

struct Result {
  bool ok;
  bool unavailable;
  int alive;
};
class Session {
public:
  Result execute(const char *cql, CassConsistency cl); // network call (other TU)
};

static CassConsistency max_likely_to_work(int alive) {
  if (alive >= 3)
    return CASS_CONSISTENCY_THREE;
  if (alive == 2)
    return CASS_CONSISTENCY_TWO;
  return CASS_CONSISTENCY_ONE;
}

Result read_profile(Session &session, const char *cql) {
  CassConsistency cl = CASS_CONSISTENCY_QUORUM;
  for (int num_retries = 0; num_retries < 2; ++num_retries) {
    Result r = session.execute(cql, cl);
    if (r.ok || !r.unavailable)
      return r;
    cl = max_likely_to_work(r.alive);
  }
  return Result{false, true, 0};
}
