// retry-probe: reproduce retry/idempotency failures on loopback sockets and
// a real ledger, and judge readings against their claims.
//
// Exit codes: 0 every reading matches its claim; 1 usage error; 2 a reading
// contradicts its claim (or differs between repeats); 3 a precondition is
// unmet (loopback bind, ledger directory, unreadable or malformed input);
// 4 zero input; 5 selftest failed.
#include "commands.h"

#include "retryprobe/judge.h"
#include "retryprobe/scenarios.h"
#include "retryprobe/version.h"
#include "retryprobe/workdir.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <pthread.h>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace retryprobe;
using json = nlohmann::json;

namespace {

using namespace retryprobe_tool;

// SIGINT/SIGTERM/SIGHUP are blocked in every thread and taken by one
// watcher thread (sigwait), so the reaction may lock, remove files and
// flush: a signal handler could do none of that safely.
std::mutex g_signal_mu;
std::function<void(int)> g_on_signal; // empty: remove temp dirs and exit

[[noreturn]] void exit_on_signal(int sig) {
  int n = remove_all_temp_dirs();
  std::fprintf(stderr,
               "retry-probe: stopped by %s; removed %d temporary ledger "
               "director%s\n",
               sig == SIGINT    ? "SIGINT"
               : sig == SIGTERM ? "SIGTERM"
                                : "SIGHUP",
               n, n == 1 ? "y" : "ies");
  std::fflush(stderr);
  ::_exit(128 + sig);
}

void start_signal_watcher() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, nullptr); // before any other thread
  std::thread([set] {
    for (;;) {
      int sig = 0;
      if (sigwait(&set, &sig) != 0)
        continue;
      std::function<void(int)> fn;
      {
        std::lock_guard<std::mutex> lock(g_signal_mu);
        fn = g_on_signal;
      }
      if (fn)
        fn(sig);
      else
        exit_on_signal(sig);
    }
  }).detach();
}

void sweep_stale() {
  int n = sweep_stale_temp_dirs(temp_root());
  if (n > 0)
    std::cerr << "retry-probe: removed " << n
              << " stale temporary ledger director" << (n == 1 ? "y" : "ies")
              << " left by earlier runs under " << temp_root() << "\n";
}

std::string pad(const std::string &s, std::size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}
std::string rpad(const std::string &s, std::size_t w) {
  return s.size() >= w ? " " + s : std::string(w - s.size(), ' ') + s;
}

void print_header() {
  std::cout << pad("scenario", 27) << pad("policy", 19) << pad("key", 12)
            << pad("fault", 34) << rpad("req", 6) << rpad("charged", 8)
            << rpad("uniq", 5) << rpad("dup", 5) << rpad("lost", 5)
            << "  verdict\n";
}

void print_row(const Reading &r, bool show_attempts, bool show_ledger) {
  auto info = find_scenario(r.scenario);
  const Reconciliation &m = r.measured;
  std::cout << pad(r.scenario, 27) << pad(info ? info->policy : "?", 19)
            << pad(info ? info->key : "?", 12)
            << pad(info ? info->fault : "?", 34)
            << rpad(std::to_string(m.requests), 6)
            << rpad(std::to_string(m.committed), 8)
            << rpad(std::to_string(m.distinct_intents), 5)
            << rpad(std::to_string(m.duplicates), 5)
            << rpad(std::to_string(m.lost), 5) << "  ";
  if (!r.error.empty())
    std::cout << "ERROR (" << r.error_kind << ")\n    error: " << r.error
              << "\n";
  else if (r.matches)
    std::cout << "ok"
              << (r.requests_at_least
                      ? " (req >= " + std::to_string(r.claim.requests) + ")"
                      : "")
              << "\n";
  else
    std::cout << "CONTRADICTS claim " << (r.requests_at_least ? ">=" : "")
              << to_string(r.claim) << "\n";
  for (const auto &f : r.figures)
    std::cout << "    " << f.label << ": " << f.measured
              << (f.unit.empty() ? "" : " " + f.unit) << " (claim "
              << f.claim_text() << (f.holds() ? "" : ", CONTRADICTED") << ")\n";
  for (const auto &n : r.notes)
    std::cout << "    note: " << n << "\n";
  if (show_attempts)
    for (const auto &a : r.attempts)
      std::cout << "    attempt " << a.intent << " #" << a.attempt << " "
                << a.method << " " << a.status << " " << a.kind
                << (a.replay ? " replay" : "") << "\n";
  if (show_ledger)
    for (const auto &l : r.ledger_lines)
      std::cout << "    ledger " << l << "\n";
}

bool write_json(const std::string &path, const json &j) {
  std::ofstream out(path);
  out << j.dump(2) << "\n";
  out.close();
  if (!out) {
    std::cerr << "retry-probe: error: cannot write " << path << "\n";
    return false;
  }
  return true;
}

int cmd_selftest() {
  std::string out;
  int failures = run_selftest(out);
  std::cout << out;
  std::cout << (failures ? "selftest: " + std::to_string(failures) +
                               " check(s) FAILED\n"
                         : "selftest: all checks passed\n");
  return failures ? kSelftest : kOk;
}

int cmd_list() {
  std::cout << pad("scenario", 27) << pad("set", 8) << pad("policy", 19)
            << pad("key", 12) << pad("claim req/charged/uniq/dup/lost", 33)
            << "summary\n";
  for (const auto &s : list_scenarios())
    std::cout << pad(s.name, 27) << pad(s.core ? "core" : "derived", 8)
              << pad(s.policy, 19) << pad(s.key, 12)
              << pad((s.requests_at_least ? ">=" : "") + to_string(s.claim), 33)
              << s.summary << "\n";
  return kOk;
}

struct ProbeArgs {
  std::vector<std::string> scenarios;
  std::string json_path, work_dir, baseline;
  int repeat = 1;
  bool core = false, show_attempts = false, show_ledger = false;
};

int cmd_probe(const ProbeArgs &a) {
  std::vector<std::string> names = a.scenarios;
  for (const auto &n : names)
    if (!find_scenario(n)) {
      std::cerr << "retry-probe: error: unknown scenario '" << n
                << "' (see 'retry-probe list')\n";
      return kUsage;
    }
  // --core adds the ten core scenarios; no selection at all means every one.
  bool all = names.empty() && !a.core;
  for (const auto &s : list_scenarios())
    if (all || (a.core && s.core))
      names.push_back(s.name);

  // Load the baseline first: a bad file should fail before minutes of work.
  std::map<std::string, json> baseline;
  if (!a.baseline.empty()) {
    std::ifstream in(a.baseline, std::ios::binary);
    if (!in) {
      std::cerr << "retry-probe: error: cannot read " << a.baseline << "\n";
      return kPrecondition;
    }
    json doc = json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("readings") ||
        !doc["readings"].is_array()) {
      std::cerr << "retry-probe: error: " << a.baseline
                << ": not a 'retry-probe probe --json' file\n";
      return kPrecondition;
    }
    for (const auto &r : doc["readings"])
      if (r.is_object() && r.contains("scenario") && r["scenario"].is_string())
        baseline[r["scenario"].get<std::string>()] = r;
    if (baseline.empty()) {
      std::cerr << "retry-probe: error: " << a.baseline
                << " contains no readings\n";
      return kNoInput;
    }
  }

  sweep_stale();
  RunOptions opts;
  opts.work_dir = a.work_dir;
  auto t0 = std::chrono::steady_clock::now();
  std::vector<Reading> first;
  std::vector<std::string> drift;
  for (int rep = 1; rep <= a.repeat; ++rep) {
    std::vector<Reading> rs = run_scenarios(names, opts);
    if (rep == 1) {
      first = rs;
      continue;
    }
    for (std::size_t i = 0; i < rs.size(); ++i) {
      nlohmann::json now = canonical_json(rs[i]),
                     then = canonical_json(first[i]);
      if (now == then && rs[i].matches == first[i].matches)
        continue;
      // Which parts differ, so that a drift the counts do not show (an
      // attempt's outcome, a note) can be told apart.
      std::string parts;
      for (const auto &[field, value] : now.items())
        if (!then.contains(field) || then[field] != value)
          parts += (parts.empty() ? "" : ", ") + field;
      drift.push_back("repeat " + std::to_string(rep) + ": " + rs[i].scenario +
                      " measured " + to_string(rs[i].measured) +
                      ", first run " + to_string(first[i].measured) +
                      " (differs in " + parts + ")");
    }
  }
  double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();

  print_header();
  int matched = 0, contradicted = 0, errors = 0;
  bool precondition = false;
  for (const auto &r : first) {
    print_row(r, a.show_attempts, a.show_ledger);
    if (!r.error.empty()) {
      ++errors;
      precondition |= r.error_kind == "precondition";
    } else if (r.matches) {
      ++matched;
    } else {
      ++contradicted;
    }
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", wall);
  std::cout << "\n"
            << first.size() << " scenario(s): " << matched
            << " match their claims, " << contradicted << " contradict, "
            << errors << " error(s); wall " << buf << " s";
  if (a.repeat > 1)
    std::cout << " for " << a.repeat << " runs; readings "
              << (drift.empty() ? "identical in every run" : "DIFFER");
  std::cout << "\n";
  for (const auto &d : drift)
    std::cout << "  " << d << "\n";

  int regressions = 0;
  for (const auto &r : first) {
    auto it = baseline.find(r.scenario);
    if (it == baseline.end())
      continue;
    json now = canonical_json(r), then = canonical_json(it->second);
    if (now == then)
      continue;
    ++regressions;
    std::cout << "  regression: " << r.scenario << " differs from "
              << a.baseline << ":";
    for (const char *field : {"claim", "measured", "matches", "figures",
                              "attempts", "ledger_lines", "error"})
      if (now.value(field, json()) != then.value(field, json()))
        std::cout << " " << field;
    std::cout << " (measured " << to_string(r.measured) << ")\n";
  }
  if (!baseline.empty())
    std::cout << "baseline " << a.baseline << ": " << regressions
              << " regression(s)\n";

  if (!a.json_path.empty()) {
    json doc = {{"tool", "retry-probe"}, {"format", 1},
                {"repeat", a.repeat},    {"repeats_identical", drift.empty()},
                {"wall_seconds", wall},  {"readings", json::array()}};
    for (const auto &r : first)
      doc["readings"].push_back(to_json(r));
    if (!write_json(a.json_path, doc))
      return kPrecondition;
  }
  if (precondition)
    return kPrecondition;
  return contradicted || errors || regressions || !drift.empty()
             ? kContradiction
             : kOk;
}

int cmd_classify(const std::string &path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    std::cerr << "retry-probe: error: cannot read " << path
              << ": is a directory, not a readings file\n";
    return kPrecondition;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "retry-probe: error: cannot read " << path << "\n";
    return kPrecondition;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  if (ss.str().find_first_not_of(" \t\r\n") == std::string::npos) {
    std::cerr << "retry-probe: error: " << path << " is empty: no readings\n";
    return kNoInput;
  }
  json doc;
  try {
    doc = json::parse(ss.str());
  } catch (const json::exception &e) {
    // parse_error, and out_of_range for numbers such as 1e400.
    std::cerr << "retry-probe: error: malformed JSON in " << path << ": "
              << e.what() << "\n";
    return kPrecondition;
  }
  std::vector<Judgement> js;
  try {
    js =
        judge_readings(doc, std::filesystem::path(path).parent_path().string());
  } catch (const std::exception &e) {
    std::cerr << "retry-probe: error: " << path << ": " << e.what() << "\n";
    return kPrecondition;
  }
  if (js.empty()) {
    std::cerr << "retry-probe: error: " << path << " contains no readings\n";
    return kNoInput;
  }
  std::cout << pad("scenario", 27) << pad("claim", 18) << pad("measured", 18)
            << pad("delivery", 17) << "verdict\n";
  int bad = 0;
  for (const auto &j : js) {
    std::cout << pad(j.scenario, 27)
              << pad((j.requests_at_least ? ">=" : "") + to_string(j.claim), 18)
              << pad(to_string(j.measured), 18) << pad(j.label, 17);
    if (!j.problem.empty())
      std::cout << "ERROR: " << j.problem << "\n";
    else
      std::cout << (j.matches ? "ok" : "CONTRADICTS claim") << "\n";
    for (const auto &n : j.notes)
      std::cout << "    note: " << n << "\n";
    bad += j.matches ? 0 : 1;
  }
  std::cout << "\n"
            << js.size() << " reading(s): " << js.size() - bad
            << " match their claims, " << bad << " do not\n";
  return bad ? kContradiction : kOk;
}

} // namespace

namespace retryprobe_tool {
void on_signal(std::function<void(int)> fn) {
  std::lock_guard<std::mutex> lock(g_signal_mu);
  g_on_signal = std::move(fn);
}

StopSignal::StopSignal() {
  on_signal([this](int sig) {
    std::lock_guard<std::mutex> lock(mu_);
    sig_ = sig;
    cv_.notify_all();
  });
}

StopSignal::~StopSignal() { on_signal(nullptr); }

const char *StopSignal::wait() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return sig_ != 0; });
  return sig_ == SIGINT ? "SIGINT" : sig_ == SIGTERM ? "SIGTERM" : "SIGHUP";
}

void print_error(const std::string &what) {
  std::cerr << "retry-probe: error: " << what << "\n";
}
} // namespace retryprobe_tool

int main(int argc, char **argv) {
  std::signal(SIGPIPE, SIG_IGN); // a dropped peer is data, not a crash
  start_signal_watcher();
  CLI::App app{"retry-probe: measure retry and idempotency failures on "
               "loopback sockets and a real ledger"};
  app.set_version_flag("--version",
                       "retry-probe " RETRYPROBE_VERSION_STRING);
  app.require_subcommand(1);

  auto *selftest =
      app.add_subcommand("selftest", "pure-logic checks, no "
                                     "sockets (exit 5 on failure)");
  auto *list = app.add_subcommand("list", "list scenarios and their claims");

  ProbeArgs pa;
  auto *probe = app.add_subcommand("probe", "run scenarios and compare each "
                                            "reading with its claim");
  probe->add_option("--scenario", pa.scenarios,
                    "scenario to run (repeatable; default: all)");
  probe->add_flag("--core", pa.core, "only the ten core scenarios");
  probe->add_option("--json", pa.json_path,
                    "write the readings (claims, counts, attempts, ledger) "
                    "as JSON");
  probe
      ->add_option("--repeat", pa.repeat,
                   "run N times; readings must be identical")
      ->check(CLI::Range(1, 1000));
  probe->add_option("--baseline", pa.baseline,
                    "compare with an earlier --json file; any difference in "
                    "counts, attempts or ledger is a regression (exit 2)");
  probe->add_flag("--show-attempts", pa.show_attempts,
                  "print every attempt the clients made");
  probe->add_flag("--show-ledger", pa.show_ledger, "print the ledger lines");
  probe->add_option("--work-dir", pa.work_dir,
                    "keep ledgers in DIR/<scenario> (default: a temporary "
                    "directory, removed afterwards)");

  std::string input;
  auto *classify = app.add_subcommand(
      "classify", "judge readings from a JSON file (ours or a harness's)");
  classify->add_option("--input", input, "readings JSON")->required();

  ServeArgs sa;
  auto *serve = app.add_subcommand(
      "serve", "run the charge service for your own client (stops on "
               "SIGINT/SIGTERM)");
  serve->add_option("--listen", sa.listen,
                    "address to listen on (default 127.0.0.1)");
  serve->add_option("--port", sa.port,
                    "TCP port (default 0: any free port, "
                    "printed on start)");
  serve->add_option("--store", sa.store,
                    "naive | key-atomic | key-racy[:WINDOW] | "
                    "key-ttl:DURATION | content-hash | durable:PATH");
  serve->add_option("--fault", sa.faults,
                    "KIND[@N|@every|@request:N][,delay=DUR][,window=DUR] "
                    "(repeatable; the first that applies decides)");
  serve->add_option("--ledger", sa.ledger,
                    "JSONL ledger, one fsync'd line per charge (default "
                    "retry-probe-ledger.jsonl)");
  serve->add_option("--intent-field", sa.intent_field,
                    "body field naming the intent (default intent; without "
                    "it, a digest of path and body)");
  serve->add_option("--read-timeout", sa.read_timeout,
                    "longest wait for one request's bytes (default 10s)");

  ProxyArgs xa;
  auto *proxy = app.add_subcommand(
      "proxy", "forward to your own service, injecting faults and recording "
               "every request (stops on SIGINT/SIGTERM)");
  proxy
      ->add_option("--upstream", xa.upstream,
                   "HOST:PORT of the service to forward to")
      ->required();
  proxy->add_option("--listen", xa.listen,
                    "address to listen on (default 127.0.0.1)");
  proxy->add_option("--port", xa.port,
                    "TCP port (default 0: any free port, printed on start)");
  proxy->add_option("--fault", xa.faults,
                    "KIND[@N|@every|@request:N][,delay=DUR][,window=DUR] "
                    "(repeatable; the first that applies decides)");
  proxy->add_option("--ledger", xa.ledger,
                    "JSONL ledger, one fsync'd record per request (default "
                    "retry-probe-proxy.jsonl)");
  proxy->add_option("--intent-field", xa.intent_fields,
                    "JSON body field recorded with each request and naming "
                    "its intent when there is no Idempotency-Key (repeatable; "
                    "default intent)");
  proxy->add_option("--read-timeout", xa.read_timeout,
                    "longest wait for one request's bytes (default 10s)");
  proxy->add_option("--upstream-timeout", xa.upstream_timeout,
                    "longest upstream exchange: connect, write, read "
                    "(default 30s; then 504)");
  proxy->add_option("--fsync", xa.fsync,
                    "before-reply (default: each record durable before its "
                    "reply leaves) | after-reply (written before, fsync'd "
                    "right after)");

  ReportArgs ra;
  auto *report = app.add_subcommand(
      "report", "read a serve or proxy ledger: what actually happened");
  report->add_option("--ledger", ra.ledger, "the JSONL ledger")->required();
  report->add_option("--intents", ra.intents,
                     "intended intents: one per line, or a JSON array");
  report->add_option("--intent-field", ra.intent_field,
                     "proxy ledgers: the recorded body field naming an "
                     "intent without a key (default intent)");
  report->add_flag("--json", ra.json,
                   "print the reading as JSON (the shape of probe --json)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    if (e.get_exit_code() == 0) // --help
      return app.exit(e);
    // One line, like every other error (CLI11 adds a "Run with --help").
    std::cerr << "retry-probe: error: " << e.what()
              << " (see retry-probe --help)\n";
    return kUsage;
  }

  try {
    if (*selftest)
      return cmd_selftest();
    if (*list)
      return cmd_list();
    if (*probe)
      return cmd_probe(pa);
    if (*classify)
      return cmd_classify(input);
    if (*serve)
      return cmd_serve(sa);
    if (*proxy)
      return cmd_proxy(xa);
    if (*report)
      return cmd_report(ra);
  } catch (const std::exception &e) {
    std::cerr << "retry-probe: error: " << e.what() << "\n";
    return kPrecondition;
  }
  return kUsage;
}
