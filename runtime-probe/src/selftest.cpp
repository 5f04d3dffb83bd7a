// Pure-logic self test: no sockets, no files. Exercises the pieces every
// reading depends on, so a broken build is caught before any probe runs.
#include "retryprobe/intent_key.h"
#include "retryprobe/outcome.h"
#include "retryprobe/reconcile.h"
#include "retryprobe/scenarios.h"

#include <cstdlib>

namespace retryprobe {

int run_selftest(std::string &out) {
  int failures = 0;
  auto check = [&](bool ok, const std::string &what) {
    out += (ok ? "ok   " : "FAIL ") + what + "\n";
    if (!ok)
      ++failures;
  };
  using json = nlohmann::json;

  check(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9"
                             "cb410ff61f20015ad",
        "sha256(\"abc\") matches FIPS 180-2 vector");
  std::string k = intent_key(json{{"id", "x"}});
  check(k.size() == 16 &&
            k.find_first_not_of("0123456789abcdef") == std::string::npos,
        "intent_key is 16 hex digits");
  check(intent_key(json{{"id", " x "}}) == k,
        "intent_key ignores surrounding whitespace");
  check(intent_key(json::parse(R"({"id":"ord-001","amount":1000})")) ==
            intent_key(json::parse(R"({"amount":1000,"id":"ord-001"})")),
        "intent_key ignores key order");
  check(intent_key(json{{"id", "\xEF\xBD\x8F\xEF\xBD\x92\xEF\xBD\x84\xEF\xBC"
                               "\x8D\xEF\xBC\x90\xEF\xBC\x90\xEF\xBC\x91"}}) ==
            intent_key(json{{"id", "ord-001"}}),
        "intent_key maps full-width forms to ASCII (NFKC)");
  check(intent_key(json{{"id", "ord-001"}}) !=
            intent_key(json{{"id", "ord-002"}}),
        "distinct intents give distinct keys");
  KeyOptions fold;
  fold.fold_case = true;
  check(intent_key(json{{"id", "ORD-1"}}, fold) ==
                intent_key(json{{"id", "ord-1"}}, fold) &&
            intent_key(json{{"id", "ORD-1"}}) !=
                intent_key(json{{"id", "ord-1"}}),
        "case folding only when configured");

  std::vector<LedgerEntry> ledger = {
      {"a", 1, "r1", ""}, {"a", 1, "r2", ""}, {"b", 1, "r3", ""}};
  Reconciliation r = reconcile(ledger, {"a", "b", "c"}, 5);
  check(to_string(r) == "5/3/2/1/1",
        "reconcile counts duplicates and lost (" + to_string(r) + ")");

  LedgerRead lr = parse_ledger(
      "{\"intent\":\"a\",\"amount\":1,\"receipt\":\"r\",\"key\":\"\"}\n"
      "{\"intent\":\"b\",\"am");
  check(lr.entries.size() == 1 && lr.torn_last_line && lr.corrupt_lines == 0,
        "ledger reader reports a torn last line and keeps the rest");

  check(classify_outcome(503, "server-error", true) == RetryClass::safe &&
            classify_outcome(429, "client-error", true) == RetryClass::safe &&
            classify_outcome(500, "server-error", true) ==
                RetryClass::ambiguous &&
            classify_outcome(422, "client-error", true) == RetryClass::final &&
            classify_outcome(0, "transport-timeout", true) ==
                RetryClass::ambiguous &&
            classify_outcome(0, "transport", false) == RetryClass::safe,
        "outcome classification (503/429 safe, 500/timeout ambiguous, 422 "
        "final, unsent safe)");

  ClientPolicy p;
  p.backoff = BackoffKind::exponential;
  p.base = std::chrono::milliseconds(10);
  p.cap = std::chrono::milliseconds(80);
  std::mt19937 rng(1);
  std::string seq;
  for (int a = 1; a <= 5; ++a)
    seq += std::to_string(backoff_delay(p, a, rng).count()) + " ";
  check(seq == "10 20 40 80 80 ", "capped exponential backoff: " + seq);

  bool claims_ok = true;
  for (const auto &s : list_scenarios())
    if (s.claim.committed != s.claim.distinct_intents + s.claim.duplicates)
      claims_ok = false;
  check(claims_ok && list_scenarios().size() >= 10,
        "every claim has committed = distinct + duplicates");

  if (const char *inject = std::getenv("RETRYPROBE_SELFTEST_INJECT_FAILURE"))
    if (*inject)
      check(false, "injected failure (RETRYPROBE_SELFTEST_INJECT_FAILURE)");
  return failures;
}

} // namespace retryprobe
