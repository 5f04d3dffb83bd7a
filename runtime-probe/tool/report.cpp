// retry-probe report: the reading of a serve or proxy ledger (what actually
// happened), reconciled against the intents the client meant to charge.
#include "commands.h"

#include "retryprobe/judge.h"
#include "retryprobe/reading.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace retryprobe_tool {

using namespace retryprobe;
using json = nlohmann::json;

namespace {

// An error with the exit code it stands for.
struct Failure {
  int code;
  std::string what;
};

std::string pad(const std::string &s, std::size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}

std::string read_text(const std::string &path, const std::string &what) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Failure{kPrecondition,
                  "cannot read " + what + " " + path + ": is a directory"};
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Failure{kPrecondition, "cannot read " + what + " " + path};
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// One intent per line (blank lines and # comments skipped), or a JSON array
// of strings.
std::vector<std::string> read_intents(const std::string &path) {
  std::string text = read_text(path, "intents file");
  std::vector<std::string> out;
  auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos &&
      (text[first] == '[' || text[first] == '{')) {
    json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded())
      throw Failure{kPrecondition, path + ": malformed JSON"};
    if (!doc.is_array())
      throw Failure{kPrecondition,
                    path + ": a JSON intents file must be an array of strings"};
    for (const auto &i : doc) {
      if (!i.is_string())
        throw Failure{kPrecondition, path + ": a JSON intents file must be an "
                                            "array of strings"};
      out.push_back(i.get<std::string>());
    }
    return out;
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    auto b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#')
      continue;
    out.push_back(line.substr(b, line.find_last_not_of(" \t\r") + 1 - b));
  }
  return out;
}

bool safe_method(const std::string &m) {
  return m == "GET" || m == "HEAD" || m == "OPTIONS" || m == "TRACE";
}

struct PerIntent {
  int requests = 0, charged = 0;
};

struct Report {
  std::string kind; // serve | proxy
  int records = 0, charge_lines = 0;
  std::string intent_rule, charged_rule;
  int by_key = 0, by_field = 0, by_digest = 0;
  std::map<std::string, PerIntent> intents;
  std::vector<LedgerEntry> charges; // one per charge, for reconcile()
  int requests = 0;
  std::vector<std::string> notes;
};

void read_serve(const LedgerRead &lr, const std::vector<json> &records,
                const ReportArgs &a, Report &r) {
  if (!a.intent_field.empty())
    throw Failure{kUsage, a.ledger + ": --intent-field applies to proxy "
                                     "ledgers; a serve ledger's intents are "
                                     "serve's own"};
  r.kind = "serve";
  r.intent_rule = "serve's own (its --intent-field, else a digest of path "
                  "and body)";
  bool from_lines = !lr.entries.empty();
  r.charged_rule = from_lines ? "charge lines in the ledger"
                              : "request records marked charged (serve's "
                                "durable store keeps its charges in SQLite)";
  for (const auto &rec : records) {
    std::string method = rec.value("method", "");
    if (safe_method(method))
      continue;
    std::string intent = rec.value("intent", "");
    ++r.requests;
    ++r.intents[intent].requests;
    if (!from_lines && rec.value("charged", false)) {
      ++r.intents[intent].charged;
      r.charges.push_back(LedgerEntry{intent, 0, "", ""});
    }
  }
  if (from_lines)
    for (const auto &e : lr.entries) {
      ++r.intents[e.intent].charged;
      r.charges.push_back(e);
    }
  if (records.empty())
    r.notes.push_back("no request records (a ledger written before serve "
                      "recorded requests?): requests not measured");
}

void read_proxy(const LedgerRead &lr, const std::vector<json> &records,
                const ReportArgs &a, Report &r) {
  r.kind = "proxy";
  std::string field = a.intent_field.empty() ? "intent" : a.intent_field;
  std::set<std::string> recorded;
  for (const auto &rec : records)
    if (rec.contains("body_fields") && rec["body_fields"].is_object())
      for (const auto &kv : rec["body_fields"].items())
        recorded.insert(kv.key());
  if (!recorded.empty() && !recorded.count(field)) {
    std::string names;
    for (const auto &n : recorded)
      names += (names.empty() ? "'" : ", '") + n + "'";
    throw Failure{kUsage, a.ledger + ": the proxy recorded body field(s) " +
                              names + ", not '" + field +
                              "' (start proxy with --intent-field " + field +
                              ")"};
  }
  r.charged_rule = "upstream 2xx replies not marked 'Idempotent-Replayed: "
                   "true'";
  for (const auto &rec : records) {
    if (rec.value("source", "") != "proxy" ||
        safe_method(rec.value("method", "")))
      continue;
    std::string key = rec.value("idempotency_key", ""), intent;
    const json *value = nullptr;
    if (rec.contains("body_fields") && rec["body_fields"].is_object() &&
        rec["body_fields"].contains(field))
      value = &rec["body_fields"][field];
    if (!key.empty()) {
      intent = key;
      ++r.by_key;
    } else if (value && value->is_string()) {
      intent = value->get<std::string>();
      ++r.by_field;
    } else {
      intent = "body:" + rec.value("body_digest", "");
      ++r.by_digest;
    }
    ++r.requests;
    ++r.intents[intent].requests;
    int status = rec.value("upstream_status", 0);
    if (status >= 200 && status < 300 &&
        !rec.value("upstream_replayed", false)) {
      ++r.intents[intent].charged;
      r.charges.push_back(LedgerEntry{intent, 0, "", ""});
    }
  }
  r.intent_rule = "Idempotency-Key header, else body field '" + field +
                  "', else body digest (key " + std::to_string(r.by_key) +
                  ", field " + std::to_string(r.by_field) + ", digest " +
                  std::to_string(r.by_digest) + ")";
  if (!lr.entries.empty())
    r.notes.push_back(std::to_string(lr.entries.size()) +
                      " charge line(s) in a proxy ledger (not counted: the "
                      "proxy counts upstream replies)");
}

int report(const ReportArgs &a) {
  std::string text = read_text(a.ledger, "ledger");
  LedgerRead lr = parse_ledger(text);
  std::vector<std::string> intended;
  if (!a.intents.empty())
    intended = read_intents(a.intents);

  std::vector<json> records;
  bool proxy = false;
  for (const auto &line : lr.request_lines) {
    records.push_back(json::parse(line, nullptr, false));
    proxy |= records.back().value("source", "") == "proxy";
  }
  if (records.empty() && lr.entries.empty()) {
    std::string why;
    if (lr.corrupt_lines)
      why = std::to_string(lr.corrupt_lines) + " malformed line" +
            (lr.corrupt_lines == 1 ? "" : "s");
    if (lr.torn_last_line)
      why += (why.empty() ? "" : ", ") + std::string("a torn last line");
    throw Failure{kNoInput, a.ledger +
                                ": no request records and no charge "
                                "lines" +
                                (why.empty() ? "" : " (" + why + ")")};
  }
  Report r;
  r.records = static_cast<int>(records.size());
  r.charge_lines = static_cast<int>(lr.entries.size());
  if (proxy)
    read_proxy(lr, records, a, r);
  else
    read_serve(lr, records, a, r);

  Reconciliation measured = reconcile(r.charges, intended, r.requests);
  std::set<std::string> unique(intended.begin(), intended.end());
  for (const auto &i : unique)
    r.intents[i]; // listed even without a request
  int n = a.intents.empty() ? measured.distinct_intents
                            : static_cast<int>(unique.size());
  Reconciliation claim{measured.requests, n, n, 0, 0};
  bool matches = claim_matches(claim, measured, false);
  std::string label = delivery_label(measured);
  std::vector<std::string> notes = r.notes;
  note_ledger(lr, notes);
  if (a.intents.empty())
    notes.push_back("no --intents: every charged intent counts as intended "
                    "(lost is not measured)");
  std::string name = std::filesystem::path(a.ledger).filename().string();

  if (a.json) {
    json reading = {
        {"scenario", name},
        {"kind", r.kind},
        {"ledger", a.ledger},
        {"claim", to_json(claim)},
        {"measured", to_json(measured)},
        {"matches", matches},
        {"delivery", label},
        {"rule", {{"intent", r.intent_rule}, {"charged", r.charged_rule}}},
        {"intents", json::array()},
        {"notes", notes},
        {"error", ""}};
    reading["claim"]["requests_at_least"] = false;
    for (const auto &kv : r.intents)
      reading["intents"].push_back(
          {{"intent", kv.first},
           {"requests", kv.second.requests},
           {"charged", kv.second.charged},
           {"lost", unique.count(kv.first) && kv.second.charged == 0}});
    json doc = {{"tool", "retry-probe"},
                {"format", 1},
                {"readings", json::array({reading})}};
    std::cout << doc.dump(2) << "\n";
  } else {
    std::cout << "retry-probe report: " << r.kind << " ledger " << a.ledger
              << ": " << r.records << " request record(s)";
    if (r.kind == "serve")
      std::cout << ", " << r.charge_lines << " charge line(s)";
    std::cout << "\nintent: " << r.intent_rule
              << "\ncharged: " << r.charged_rule << "\n"
              << pad("reading", 27) << pad("claim", 18) << pad("measured", 18)
              << pad("delivery", 17) << "verdict\n"
              << pad(name, 27) << pad(to_string(claim), 18)
              << pad(to_string(measured), 18) << pad(label, 17)
              << (matches ? "ok" : "CONTRADICTS claim") << "\n";
    for (const auto &kv : r.intents)
      std::cout << "    intent " << kv.first << ": " << kv.second.requests
                << " request(s), " << kv.second.charged << " charged"
                << (unique.count(kv.first) && kv.second.charged == 0 ? " (lost)"
                                                                     : "")
                << "\n";
    for (const auto &note : notes)
      std::cout << "    note: " << note << "\n";
  }
  return matches ? kOk : kContradiction;
}

} // namespace

int cmd_report(const ReportArgs &a) {
  try {
    return report(a);
  } catch (const Failure &f) {
    print_error(f.what);
    return f.code;
  }
}

} // namespace retryprobe_tool
