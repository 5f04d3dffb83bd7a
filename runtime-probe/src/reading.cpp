#include "retryprobe/reading.h"

#include <cmath>

namespace retryprobe {

bool Figure::holds() const {
  if (relation == "<=")
    return measured <= claim;
  if (relation == ">=")
    return measured >= claim;
  return measured == claim;
}

std::string Figure::claim_text() const {
  return relation + " " + std::to_string(claim) +
         (unit.empty() ? "" : " " + unit);
}

nlohmann::json to_json(const Reconciliation &r) {
  return {{"requests", r.requests},
          {"committed", r.committed},
          {"distinct_intents", r.distinct_intents},
          {"duplicates", r.duplicates},
          {"lost", r.lost}};
}

nlohmann::json to_json(const Reading &r, ReadingDetail detail) {
  nlohmann::json claim = to_json(r.claim);
  claim["requests_at_least"] = r.requests_at_least;
  nlohmann::json j = {{"scenario", r.scenario},
                      {"claim", claim},
                      {"measured", to_json(r.measured)},
                      {"matches", r.matches},
                      {"delivery", delivery_label(r.measured)},
                      {"seconds", std::round(r.seconds * 1000) / 1000},
                      {"error", r.error}};
  if (!r.error_kind.empty())
    j["error_kind"] = r.error_kind;
  for (const auto &[name, value] :
       {std::pair<const char *, const std::string &>{"policy", r.policy},
        {"key", r.key},
        {"fault", r.fault},
        {"summary", r.summary},
        {"demonstrates", r.demonstrates}})
    if (!value.empty())
      j[name] = value;
  if (!r.figures.empty()) {
    nlohmann::json figures = nlohmann::json::array();
    for (const auto &f : r.figures)
      figures.push_back({{"name", f.name},
                         {"label", f.label},
                         {"measured", f.measured},
                         {"claim", f.claim},
                         {"relation", f.relation},
                         {"unit", f.unit},
                         {"holds", f.holds()}});
    j["figures"] = figures;
  }
  if (detail == ReadingDetail::summary)
    return j;
  nlohmann::json attempts = nlohmann::json::array();
  for (const auto &a : r.attempts)
    attempts.push_back({{"intent", a.intent},
                        {"attempt", a.attempt},
                        {"method", a.method},
                        {"status", a.status},
                        {"kind", a.kind},
                        {"replay", a.replay}});
  j["attempts"] = attempts;
  j["ledger_lines"] = r.ledger_lines;
  j["notes"] = r.notes;
  return j;
}

nlohmann::json canonical_json(const Reading &r) {
  return canonical_json(to_json(r));
}

nlohmann::json canonical_json(const nlohmann::json &reading) {
  nlohmann::json j = reading;
  if (!j.is_object())
    return j;
  j.erase("seconds");
  // Descriptive text may be reworded without the measurement changing.
  j.erase("summary");
  j.erase("demonstrates");
  const auto claim = j.find("claim");
  const auto measured = j.find("measured");
  if (claim != j.end() && measured != j.end() && claim->is_object() &&
      measured->is_object() && claim->value("requests_at_least", false)) {
    // A count taken over a time window depends on the machine; its claim
    // is a bound, so the verdict is what must repeat.
    int got = measured->value("requests", 0);
    (*measured)["requests"] =
        got >= claim->value("requests", 0) ? "at least claim" : "below claim";
    j["notes"] = nlohmann::json::array();
    j.erase("attempts"); // as long as the count, so as variable
  }
  return j;
}

} // namespace retryprobe
