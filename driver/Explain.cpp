// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiled with -fexceptions and without LLVM headers: it includes the
// runtime probe's headers (Asio-free, but nlohmann/json with exceptions).

#include "Explain.h"
#include "CheckCatalog.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <unistd.h>

#ifdef RETRYLINT_HAVE_PROBE
#include "retryprobe/scenarios.h"
#endif

namespace retrylint {

bool haveProbe() {
#ifdef RETRYLINT_HAVE_PROBE
  return true;
#else
  return false;
#endif
}

static int usage(const std::string &Msg) {
  std::cerr << "retrylint: error: " << Msg
            << " (usage: retrylint explain [--format=text|json] "
               "[--color=auto|always|never] <check>)\n";
  return 2;
}

/// Word-wraps \p Text to \p Width columns, each line prefixed by \p Indent.
/// The first line is prefixed by \p First (default: \p Indent).
static std::string wrap(const std::string &Text, const std::string &Indent,
                        const std::string &First = "", size_t Width = 78) {
  std::istringstream In(Text);
  std::string Word, Line, Out;
  auto Prefix = [&] { return Out.empty() && !First.empty() ? First : Indent; };
  while (In >> Word) {
    if (!Line.empty() &&
        Prefix().size() + Line.size() + 1 + Word.size() > Width) {
      Out += Prefix() + Line + "\n";
      Line.clear();
    }
    Line += (Line.empty() ? "" : " ") + Word;
  }
  if (!Line.empty())
    Out += Prefix() + Line + "\n";
  return Out;
}

/// Whether \p V holds \p S. A loop, not llvm::is_contained: this file
/// includes no LLVM header (see the top).
static bool contains(const std::vector<std::string> &V, const std::string &S) {
  for (const std::string &E : V)
    if (E == S)
      return true;
  return false;
}

static std::vector<std::string> scenarioNames(const CheckInfo &C) {
  std::vector<std::string> Names;
  auto Add = [&](const char *N) {
    if (N && !contains(Names, N))
      Names.push_back(N);
  };
  for (const ScenarioPair &P : C.Scenarios) {
    Add(P.Failing);
    Add(P.Fix);
  }
  return Names;
}

static std::string nowIso() {
  std::time_t T = std::time(nullptr);
  char Buf[32];
  std::strftime(Buf, sizeof(Buf), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&T));
  return Buf;
}

namespace {
/// `retrylint explain`'s command line.
struct ExplainArgs {
  std::string Format = "text", Color = "auto", Check;
  std::string DocsUrl = defaultDocsUrl();
};
} // namespace

#ifdef RETRYLINT_HAVE_PROBE

namespace {
struct Style {
  bool Color = false;
  std::string bold(const std::string &S) const {
    return Color ? "\033[1m" + S + "\033[0m" : S;
  }
  std::string good(const std::string &S) const {
    return Color ? "\033[1;32m" + S + "\033[0m" : S;
  }
  std::string bad(const std::string &S) const {
    return Color ? "\033[1;31m" + S + "\033[0m" : S;
  }
};

} // namespace

static std::string claimText(const retryprobe::Reading &R) {
  std::string S = retryprobe::to_string(R.claim);
  if (R.requests_at_least)
    S = ">=" + S;
  return S;
}

/// The probe's own reading shape (retry-probe probe --json, without the
/// attempt log and ledger lines), plus the reading's role in its pair.
static nlohmann::json readingJson(const retryprobe::Reading &R,
                                  const char *Role) {
  nlohmann::json J = retryprobe::to_json(R, retryprobe::ReadingDetail::summary);
  J["role"] = Role;
  return J;
}

/// Readings by scenario name; missing scenarios become readings with an
/// error so callers treat them as contradictions.
static std::map<std::string, retryprobe::Reading>
runAll(const std::vector<std::string> &Names) {
  std::vector<std::string> Known;
  std::map<std::string, retryprobe::Reading> Out;
  for (const std::string &N : Names) {
    if (retryprobe::find_scenario(N)) {
      Known.push_back(N);
    } else {
      retryprobe::Reading R;
      R.scenario = N;
      R.error = "no such scenario in this build of the probe";
      R.error_kind = "unknown";
      Out[N] = R;
    }
  }
  if (!Known.empty()) {
    std::vector<retryprobe::Reading> Rs =
        retryprobe::run_scenarios(Known, retryprobe::RunOptions{});
    for (size_t I = 0; I < Rs.size() && I < Known.size(); ++I)
      Out[Known[I]] = Rs[I];
  }
  return Out;
}

/// A table row: its label and one cell per reading.
using TableRow = std::pair<std::string, std::vector<std::string>>;

/// The rows `explain` prints for the readings \p Cols, a column each.
static std::vector<TableRow>
pairRows(const std::vector<const retryprobe::Reading *> &Cols) {
  std::vector<TableRow> Rows;
  auto Row = [&](const std::string &Label, auto Get) {
    std::vector<std::string> Cells;
    for (const retryprobe::Reading *R : Cols)
      Cells.push_back(Get(*R));
    Rows.push_back({Label, Cells});
  };
  auto InfoField = [](const retryprobe::Reading &R,
                      std::string retryprobe::ScenarioInfo::*F) {
    auto I = retryprobe::find_scenario(R.scenario);
    return I ? (*I).*F : std::string("?");
  };
  Row("", [&](const retryprobe::Reading &R) { return R.scenario; });
  Row("service policy", [&](const retryprobe::Reading &R) {
    return InfoField(R, &retryprobe::ScenarioInfo::policy);
  });
  Row("client key", [&](const retryprobe::Reading &R) {
    return InfoField(R, &retryprobe::ScenarioInfo::key);
  });
  Row("fault", [&](const retryprobe::Reading &R) {
    return InfoField(R, &retryprobe::ScenarioInfo::fault);
  });
  auto Num = [](int V) { return std::to_string(V); };
  Row("requests", [&](const retryprobe::Reading &R) {
    return Num(R.measured.requests);
  });
  Row("charged (ledger rows)", [&](const retryprobe::Reading &R) {
    return Num(R.measured.committed);
  });
  Row("distinct intents", [&](const retryprobe::Reading &R) {
    return Num(R.measured.distinct_intents);
  });
  Row("duplicates", [&](const retryprobe::Reading &R) {
    return Num(R.measured.duplicates);
  });
  Row("lost", [&](const retryprobe::Reading &R) {
    return Num(R.measured.lost);
  });
  // What a scenario measures beyond the ledger (the wave scenarios' peak
  // load and time to recover): one row per figure, with its claim.
  std::vector<std::string> Figures;
  for (const retryprobe::Reading *R : Cols)
    for (const retryprobe::Figure &F : R->figures)
      if (!contains(Figures, F.label))
        Figures.push_back(F.label);
  for (const std::string &Label : Figures)
    Row(Label, [&](const retryprobe::Reading &R) {
      for (const retryprobe::Figure &F : R.figures)
        if (F.label == Label)
          return Num(static_cast<int>(F.measured)) +
                 (F.unit.empty() ? "" : " " + F.unit) + " (claim " +
                 F.claim_text() + ")";
      return std::string("-");
    });
  Row("claim", [&](const retryprobe::Reading &R) { return claimText(R); });
  Row("reading", [&](const retryprobe::Reading &R) {
    if (!R.error.empty())
      return std::string("ERROR");
    return std::string(R.matches ? "matches claim" : "CONTRADICTS claim");
  });
  return Rows;
}

/// \p Rows under \p Heads, each column as wide as its widest cell (the
/// last one unpadded); the "reading" row colored by \p Cols' outcomes.
static void printTable(std::ostream &OS, const std::vector<std::string> &Heads,
                       const std::vector<TableRow> &Rows,
                       const std::vector<const retryprobe::Reading *> &Cols,
                       const Style &S) {
  size_t LabelW = 0;
  std::vector<size_t> W(Cols.size(), 0);
  for (size_t C = 0; C < Heads.size(); ++C)
    W[C] = Heads[C].size();
  for (auto &[L, Cells] : Rows) {
    LabelW = std::max(LabelW, L.size());
    for (size_t C = 0; C < Cells.size(); ++C)
      W[C] = std::max(W[C], Cells[C].size());
  }
  auto Pad = [](const std::string &Str, size_t N) {
    return Str + std::string(N > Str.size() ? N - Str.size() : 0, ' ');
  };
  OS << "  " << Pad("", LabelW);
  for (size_t C = 0; C < Heads.size(); ++C)
    OS << "   " << S.bold(Pad(Heads[C], C + 1 < Heads.size() ? W[C] : 0));
  OS << "\n";
  for (auto &[L, Cells] : Rows) {
    std::string Line = "  " + Pad(L, LabelW);
    for (size_t C = 0; C < Cells.size(); ++C) {
      std::string Cell = Pad(Cells[C], C + 1 < Cells.size() ? W[C] : 0);
      if (L == "reading")
        Cell = Cols[C]->matches && Cols[C]->error.empty() ? S.good(Cell)
                                                          : S.bad(Cell);
      Line += "   " + Cell;
    }
    while (!Line.empty() && Line.back() == ' ')
      Line.pop_back();
    OS << Line << "\n";
  }
}

static void
printPair(std::ostream &OS, const ScenarioPair &P,
          const std::map<std::string, retryprobe::Reading> &Readings,
          const Style &S) {
  std::vector<const retryprobe::Reading *> Cols;
  std::vector<std::string> Heads;
  Cols.push_back(&Readings.at(P.Failing));
  Heads.push_back("failing variant");
  if (P.Fix) {
    Cols.push_back(&Readings.at(P.Fix));
    Heads.push_back("fix");
  }
  printTable(OS, Heads, pairRows(Cols), Cols, S);
  for (const retryprobe::Reading *R : Cols) {
    auto I = retryprobe::find_scenario(R->scenario);
    std::string What = I ? I->summary + ": " + I->demonstrates : "";
    if (!R->error.empty())
      What = "error (" + R->error_kind + "): " + R->error;
    if (!What.empty())
      OS << wrap(R->scenario + ": " + What, "      ", "    - ");
  }
}

/// The page's problematic and preferred code and its options, each under
/// its heading and indented, as `explain` prints them before the readings.
static void printPage(std::ostream &OS, const std::string &Check,
                      const Style &S) {
  std::string Page = checkPage(Check);
  for (const char *Heading :
       {"Problematic code", "Preferred code", "Options"}) {
    std::string Text = pageSection(Page, Heading);
    if (Text.empty())
      continue;
    OS << S.bold(std::string(Heading) + ":") << "\n\n";
    size_t Pos = 0;
    while (Pos <= Text.size()) {
      size_t End = Text.find('\n', Pos);
      std::string Line =
          Text.substr(Pos, End == std::string::npos ? End : End - Pos);
      OS << (Line.empty() ? "" : "  ") << Line << "\n";
      if (End == std::string::npos)
        break;
      Pos = End + 1;
    }
    OS << "\n";
  }
}

static int printJson(const std::string &Check, const CheckInfo &Info,
                     const std::map<std::string, retryprobe::Reading> &Readings,
                     const std::string &DocsUrl, bool AllMatch) {
  nlohmann::json J;
  J["check"] = Check;
  J["summary"] = checkSummary(Check);
  std::string Uri = docUri(Check, DocsUrl);
  if (!Uri.empty())
    J["doc"] = Uri;
  std::string Page = checkPage(Check);
  J["problematicCode"] = pageSection(Page, "Problematic code");
  J["preferredCode"] = pageSection(Page, "Preferred code");
  J["options"] = pageSection(Page, "Options");
  J["measuredAt"] = nowIso();
  J["pairs"] = nlohmann::json::array();
  for (const ScenarioPair &P : Info.Scenarios) {
    nlohmann::json Pair;
    Pair["failing"] = readingJson(Readings.at(P.Failing), "failing");
    if (P.Fix)
      Pair["fix"] = readingJson(Readings.at(P.Fix), "fix");
    J["pairs"].push_back(Pair);
  }
  J["allMatch"] = AllMatch;
  std::cout << J.dump(2) << "\n";
  return AllMatch ? 0 : 2;
}

/// The text `explain` prints: the check, its page, each pair's readings
/// and whether they all match their claims; returns the exit status.
static int printText(const ExplainArgs &E, const CheckInfo &Info,
                     const std::map<std::string, retryprobe::Reading> &Readings,
                     bool AllMatch) {
  Style S;
  // Like clang: a terminal whose TERM is set and not "dumb".
  const char *Term = std::getenv("TERM");
  S.Color = E.Color == "always" || (E.Color == "auto" && isatty(1) && Term &&
                                    *Term && std::string(Term) != "dumb");
  std::cout << S.bold(E.Check) << "\n" << wrap(checkSummary(E.Check), "  ");
  std::string Uri = docUri(E.Check, E.DocsUrl);
  if (!Uri.empty())
    std::cout << "  docs: " << Uri << "\n";
  std::cout << "\n";
  printPage(std::cout, E.Check, S);
  std::cout << "Probe readings (real loopback sockets, a real ledger; "
               "docs/probe.md):\n";
  for (const ScenarioPair &P : Info.Scenarios) {
    std::cout << "\n";
    printPair(std::cout, P, Readings, S);
  }
  size_t Bad = 0;
  for (auto &[N, R] : Readings)
    if (!R.matches || !R.error.empty())
      ++Bad;
  std::cout << "\n";
  if (AllMatch)
    std::cout << "retrylint: " << Readings.size() << " reading"
              << (Readings.size() == 1 ? "" : "s")
              << (Readings.size() == 1 ? " matches its claim"
                                       : ", all match "
                                         "their claims")
              << "\n";
  else
    std::cout << "retrylint: " << Bad << " of " << Readings.size()
              << " readings contradict their claims\n";
  return AllMatch ? 0 : 2;
}

#endif // RETRYLINT_HAVE_PROBE

static void printExplainHelp() {
  std::cout << "usage: retrylint explain [--format=text|json] "
               "[--color=auto|always|never] [--docs-url=URL] <check>\n\n"
               "Prints the check's summary, its problematic and preferred "
               "code and its\noptions, runs its runtime-probe scenarios "
               "and prints the readings, failing\nvariant beside its fix. "
               "Exit status 0 when every reading matches its\nclaim, 2 "
               "otherwise.\n\nChecks:\n";
  for (const CheckInfo &C : checkCatalog())
    std::cout << "  " << C.Name << "\n";
}

/// Reads \p Args into \p E, the check named with its retry- prefix; the
/// exit status when `explain` ends here (--help, a usage error).
static std::optional<int> parseExplainArgs(const std::vector<std::string> &Args,
                                           ExplainArgs &E) {
  for (const std::string &A : Args) {
    if (A.rfind("--format=", 0) == 0)
      E.Format = A.substr(9);
    else if (A.rfind("--docs-url=", 0) == 0)
      E.DocsUrl = A.substr(11);
    else if (A.rfind("--color=", 0) == 0)
      E.Color = A.substr(8);
    else if (A == "-h" || A == "--help") {
      printExplainHelp();
      return 0;
    } else if (!A.empty() && A[0] == '-')
      return usage("unknown explain option '" + A + "'");
    else if (E.Check.empty())
      E.Check = A;
    else
      return usage("explain takes one check");
  }
  if (E.Format != "text" && E.Format != "json")
    return usage("unknown --format '" + E.Format + "' (text or json)");
  if (E.Color != "auto" && E.Color != "always" && E.Color != "never")
    return usage("unknown --color '" + E.Color + "' (auto, always or never)");
  if (E.Check.empty())
    return usage("no check named");
  if (!isDocsUrl(E.DocsUrl)) {
    std::cerr << "retrylint: error: " << docsUrlError(E.DocsUrl) << "\n";
    return 2;
  }
  if (E.Check.rfind("retry-", 0) != 0)
    E.Check = "retry-" + E.Check;
  return std::nullopt;
}

int runExplain(const std::vector<std::string> &Args) {
  ExplainArgs E;
  if (std::optional<int> Exit = parseExplainArgs(Args, E))
    return *Exit;
  const CheckInfo *Info = findCheck(E.Check);
  if (!Info) {
    std::cerr << "retrylint: error: unknown check '" << E.Check
              << "' (see retrylint explain --help)\n";
    return 2;
  }
#ifndef RETRYLINT_HAVE_PROBE
  std::cerr << "retrylint: error: this retrylint was built without the "
               "runtime probe (-DRETRYLINT_BUILD_PROBE=OFF)\n";
  return 2;
#else
  std::map<std::string, retryprobe::Reading> Readings =
      runAll(scenarioNames(*Info));
  bool AllMatch = true;
  for (auto &[N, R] : Readings)
    if (!R.matches || !R.error.empty())
      AllMatch = false;

  if (E.Format == "json")
    return printJson(E.Check, *Info, Readings, E.DocsUrl, AllMatch);
  return printText(E, *Info, Readings, AllMatch);
#endif
}

std::map<std::string, std::string>
probeEvidence(const std::vector<std::string> &Checks, bool &AllMatch) {
  std::map<std::string, std::string> Out;
#ifdef RETRYLINT_HAVE_PROBE
  std::vector<std::string> Names;
  for (const std::string &C : Checks)
    if (const CheckInfo *Info = findCheck(C))
      for (const std::string &N : scenarioNames(*Info))
        if (!contains(Names, N))
          Names.push_back(N);
  if (Names.empty())
    return Out;
  std::map<std::string, retryprobe::Reading> Readings = runAll(Names);
  std::string At = nowIso();
  for (const std::string &C : Checks) {
    const CheckInfo *Info = findCheck(C);
    if (!Info || Info->Scenarios.empty())
      continue;
    nlohmann::json Arr = nlohmann::json::array();
    for (const ScenarioPair &P : Info->Scenarios)
      for (const char *N : {P.Failing, P.Fix}) {
        if (!N)
          continue;
        const retryprobe::Reading &R = Readings.at(N);
        if (!R.matches || !R.error.empty())
          AllMatch = false;
        nlohmann::json J = readingJson(R, N == P.Fix ? "fix" : "failing");
        J["measuredAt"] = At;
        Arr.push_back(J);
      }
    Out[C] = Arr.dump();
  }
#else
  (void)Checks;
  (void)AllMatch;
#endif
  return Out;
}

} // namespace retrylint
