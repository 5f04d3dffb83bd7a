// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Findings.h"
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <tuple>

namespace retrylint {

static auto key(const Finding &F) {
  return std::tie(F.Loc.File, F.Loc.Line, F.Loc.Column, F.Check, F.Message);
}

bool operator<(const Finding &A, const Finding &B) { return key(A) < key(B); }

bool operator==(const Finding &A, const Finding &B) {
  if (key(A) != key(B) || A.Notes.size() != B.Notes.size())
    return false;
  for (size_t I = 0; I < A.Notes.size(); ++I)
    if (A.Notes[I].Message != B.Notes[I].Message ||
        A.Notes[I].Loc.File != B.Notes[I].Loc.File ||
        A.Notes[I].Loc.Line != B.Notes[I].Loc.Line)
      return false;
  return true;
}

std::string sourceLine(const std::string &File, unsigned Line) {
  // Findings cluster in few files; keep them split into lines once.
  static std::mutex Mu;
  static std::map<std::string, std::vector<std::string>> Cache;
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = Cache.find(File);
  if (It == Cache.end()) {
    std::vector<std::string> Lines;
    std::ifstream In(File);
    for (std::string L; std::getline(In, L);)
      Lines.push_back(L);
    It = Cache.emplace(File, std::move(Lines)).first;
  }
  if (Line == 0 || Line > It->second.size())
    return "";
  return It->second[Line - 1];
}

namespace {
const char *Bold = "\033[1m";
const char *Reset = "\033[0m";
const char *Magenta = "\033[1;35m";
const char *Red = "\033[1;31m";
const char *Black = "\033[1;30m";
const char *Green = "\033[1;32m";

void writeOne(std::ostream &OS, const Location &Loc, const std::string &Level,
              const std::string &Message, const std::string &Check,
              const TextStyle &S) {
  const char *LevelColor =
      Level == "error" ? Red : Level == "warning" ? Magenta : Black;
  if (S.Color)
    OS << Bold;
  if (!Loc.File.empty()) // configuration diagnostics have no location
    OS << Loc.File << ':' << Loc.Line << ':' << Loc.Column << ": ";
  if (S.Color)
    OS << LevelColor;
  OS << Level << ": ";
  if (S.Color)
    OS << Reset << Bold;
  OS << Message;
  if (!Check.empty())
    OS << " [" << Check << ']';
  if (S.Color)
    OS << Reset;
  OS << '\n';
  if (!S.ShowSource)
    return;
  std::string Src = sourceLine(Loc.File, Loc.Line);
  if (Src.empty() || Loc.Column == 0)
    return;
  OS << Src << '\n';
  std::string Caret;
  for (unsigned I = 0; I + 1 < Loc.Column && I < Src.size(); ++I)
    Caret += Src[I] == '\t' ? '\t' : ' ';
  if (S.Color)
    OS << Caret << Green << '^' << Reset << '\n';
  else
    OS << Caret << "^\n";
}
} // namespace

void writeText(std::ostream &OS, const std::vector<Finding> &Findings,
               const TextStyle &Style) {
  for (const Finding &F : Findings) {
    writeOne(OS, F.Loc, F.Level, F.Message, F.Check, Style);
    for (const Note &N : F.Notes)
      writeOne(OS, N.Loc, "note", N.Message, "", Style);
  }
}

void writeJson(std::ostream &OS, const std::vector<Finding> &Findings) {
  nlohmann::json Out;
  Out["version"] = 1;
  Out["findings"] = nlohmann::json::array();
  for (const Finding &F : Findings) {
    nlohmann::json J{{"check", F.Check},       {"level", F.Level},
                     {"file", F.Loc.File},     {"line", F.Loc.Line},
                     {"column", F.Loc.Column}, {"message", F.Message}};
    J["notes"] = nlohmann::json::array();
    for (const Note &N : F.Notes)
      J["notes"].push_back({{"file", N.Loc.File},
                            {"line", N.Loc.Line},
                            {"column", N.Loc.Column},
                            {"message", N.Message}});
    Out["findings"].push_back(std::move(J));
  }
  OS << Out.dump(2) << '\n';
}

} // namespace retrylint
