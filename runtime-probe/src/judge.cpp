#include "retryprobe/judge.h"

#include "retryprobe/scenarios.h"

#include <climits>
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace retryprobe {

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
    if (it == j.end() || !it->is_number_integer() || it->get<long long>() < 0 ||
        it->get<long long>() > INT_MAX)
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

// A harness that only kept its ledger and intents gets reconciled here. The
// ledger is an array of rows (objects or JSONL strings), the JSONL text
// itself, or "ledger_file": a JSONL file (relative to the input's folder).
Reconciliation reconcile_raw(const json &reading, const std::string &where,
                             const std::string &base_dir,
                             std::vector<std::string> &notes) {
  std::vector<LedgerEntry> rows;
  if (reading.contains("ledger_file")) {
    const json &f = reading["ledger_file"];
    if (!f.is_string() || f.get<std::string>().empty())
      bad(where, "ledger_file must be a file name");
    std::filesystem::path p(f.get<std::string>());
    if (p.is_relative() && !base_dir.empty())
      p = std::filesystem::path(base_dir) / p;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(p, ec))
      bad(where, "cannot read ledger_file " + p.string());
    LedgerRead lr = read_ledger(p.string());
    note_ledger(lr, notes);
    rows = lr.entries;
  } else if (reading["ledger"].is_string()) {
    LedgerRead lr = parse_ledger(reading["ledger"].get<std::string>());
    note_ledger(lr, notes);
    rows = lr.entries;
  } else {
    const json &ledger = reading["ledger"];
    if (!ledger.is_array())
      bad(where, "ledger must be an array or JSONL text");
    for (std::size_t i = 0; i < ledger.size(); ++i) {
      const json &row = ledger[i];
      json obj = row;
      if (row.is_string()) {
        obj = json::parse(row.get<std::string>(), nullptr, false);
        // A last line that does not parse is what a crash mid-write leaves.
        if (obj.is_discarded() && i + 1 == ledger.size()) {
          notes.push_back(
              "ledger: torn last line (a write cut short; not counted): " +
              row.get<std::string>());
          continue;
        }
      }
      if (!obj.is_object() || !obj.contains("intent") ||
          !obj["intent"].is_string())
        bad(where, "ledger row " + std::to_string(i + 1) +
                       " without a string \"intent\"");
      LedgerEntry e;
      e.intent = obj["intent"].get<std::string>();
      rows.push_back(e);
    }
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
  if (rq == reading.end() || !rq->is_number_integer() ||
      rq->get<long long>() < 0 || rq->get<long long>() > INT_MAX)
    bad(where, "requests missing or not a non-negative integer");
  return reconcile(rows, expected, rq->get<int>());
}

} // namespace

void note_ledger(const LedgerRead &lr, std::vector<std::string> &notes) {
  if (lr.torn_last_line)
    notes.push_back(
        "ledger: torn last line (a write cut short; not counted): " +
        lr.torn_text);
  if (lr.corrupt_lines)
    notes.push_back("ledger: " + std::to_string(lr.corrupt_lines) +
                    " malformed line(s) before the last (not counted)");
}

std::vector<Judgement> judge_readings(const json &doc,
                                      const std::string &base_dir) {
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
    else if (reading.contains("ledger") || reading.contains("ledger_file"))
      j.measured = reconcile_raw(reading, where, base_dir, j.notes);
    else
      bad(where, "neither \"measured\" nor \"ledger\" nor \"ledger_file\"");

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
