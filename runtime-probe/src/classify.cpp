#include "retryprobe/classify.h"

#include "retryprobe/scenarios.h"

#include <stdexcept>

namespace retryprobe {

const char *retry_class_name(RetryClass c) {
  switch (c) {
  case RetryClass::success:
    return "success";
  case RetryClass::safe:
    return "safe";
  case RetryClass::ambiguous:
    return "ambiguous";
  case RetryClass::final:
    return "final";
  }
  return "?";
}

RetryClass classify_outcome(int status, const std::string &kind, bool sent) {
  if (status >= 200 && status < 300)
    return RetryClass::success;
  // RFC 9110/8470/6585: the server did no work and says so.
  if (status == 408 || status == 425 || status == 429 || status == 503)
    return RetryClass::safe;
  if (status >= 400 && status < 500)
    return RetryClass::final;
  if (status >= 500)
    return RetryClass::ambiguous;
  // No response: only a request that never left is known not to have run.
  (void)kind;
  return sent ? RetryClass::ambiguous : RetryClass::safe;
}

std::string delivery_label(const Reconciliation &r) {
  if (r.duplicates > 0 && r.lost > 0)
    return "duplicates+lost";
  if (r.duplicates > 0)
    return "duplicates";
  if (r.lost > 0)
    return "lost";
  return "exactly-once";
}

bool claim_matches(const Reconciliation &claim, const Reconciliation &measured,
                   bool requests_at_least) {
  bool requests_ok = requests_at_least ? measured.requests >= claim.requests
                                       : measured.requests == claim.requests;
  return requests_ok && measured.committed == claim.committed &&
         measured.distinct_intents == claim.distinct_intents &&
         measured.duplicates == claim.duplicates && measured.lost == claim.lost;
}

namespace {

using json = nlohmann::json;

[[noreturn]] void bad(const std::string &where, const std::string &what) {
  throw std::runtime_error(where + ": " + what);
}

Reconciliation reconciliation_from(const json &j, const std::string &where) {
  if (!j.is_object())
    bad(where, "expected an object");
  Reconciliation r;
  auto field = [&](const char *name, int &out) {
    auto it = j.find(name);
    if (it == j.end() || !it->is_number_integer() || it->get<long long>() < 0)
      bad(where, std::string(name) + " missing or not a non-negative integer");
    out = it->get<int>();
  };
  field("requests", r.requests);
  field("committed", r.committed);
  field("distinct_intents", r.distinct_intents);
  field("duplicates", r.duplicates);
  field("lost", r.lost);
  return r;
}

// A harness that only kept its ledger and intents gets reconciled here.
Reconciliation reconcile_raw(const json &reading, const std::string &where) {
  const json &ledger = reading["ledger"];
  if (!ledger.is_array())
    bad(where, "ledger must be an array");
  std::vector<LedgerEntry> rows;
  for (const auto &row : ledger) {
    json obj = row;
    if (row.is_string())
      obj = json::parse(row.get<std::string>(), nullptr, false);
    if (!obj.is_object() || !obj.contains("intent") ||
        !obj["intent"].is_string())
      bad(where, "ledger row without a string \"intent\"");
    LedgerEntry e;
    e.intent = obj["intent"].get<std::string>();
    rows.push_back(e);
  }
  std::vector<std::string> expected;
  auto ex = reading.find("expected_intents");
  if (ex == reading.end() || !ex->is_array())
    bad(where, "expected_intents must be an array of strings");
  for (const auto &i : *ex) {
    if (!i.is_string())
      bad(where, "expected_intents must be an array of strings");
    expected.push_back(i.get<std::string>());
  }
  auto rq = reading.find("requests");
  if (rq == reading.end() || !rq->is_number_integer())
    bad(where, "requests missing or not an integer");
  return reconcile(rows, expected, rq->get<int>());
}

} // namespace

std::vector<Judgement> judge_readings(const json &doc) {
  const json *list = &doc;
  if (doc.is_object()) {
    auto it = doc.find("readings");
    if (it == doc.end())
      throw std::runtime_error("input has no \"readings\" array");
    list = &*it;
  }
  if (!list->is_array())
    throw std::runtime_error("\"readings\" is not an array");

  std::vector<Judgement> out;
  int index = 0;
  for (const auto &reading : *list) {
    ++index;
    std::string where = "reading " + std::to_string(index);
    if (!reading.is_object())
      bad(where, "not an object");
    auto sc = reading.find("scenario");
    if (sc == reading.end() || !sc->is_string())
      bad(where, "\"scenario\" missing or not a string");
    Judgement j;
    j.scenario = sc->get<std::string>();
    where += " (" + j.scenario + ")";

    std::optional<ScenarioInfo> info = find_scenario(j.scenario);
    if (reading.contains("claim")) {
      j.claim = reconciliation_from(reading["claim"], where + " claim");
      j.requests_at_least = reading["claim"].value("requests_at_least", false);
    } else if (info) {
      j.claim = info->claim;
      j.requests_at_least = info->requests_at_least;
    } else {
      bad(where, "no claim and not a built-in scenario");
    }

    if (reading.contains("measured"))
      j.measured =
          reconciliation_from(reading["measured"], where + " measured");
    else if (reading.contains("ledger"))
      j.measured = reconcile_raw(reading, where);
    else
      bad(where, "neither \"measured\" nor \"ledger\"");

    if (reading.contains("error") && reading["error"].is_string() &&
        !reading["error"].get<std::string>().empty())
      j.problem = reading["error"].get<std::string>();
    j.matches = j.problem.empty() &&
                claim_matches(j.claim, j.measured, j.requests_at_least);
    j.label = delivery_label(j.measured);
    out.push_back(j);
  }
  return out;
}

} // namespace retryprobe
