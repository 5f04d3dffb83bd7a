// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Findings.h"
#include "SourceFiles.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_os_ostream.h"
#include <map>
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

void writeJson(std::ostream &OS, const std::vector<Finding> &Findings) {
  // llvm::json, not nlohmann: this TU is built without exceptions, and
  // nlohmann's inline functions would then differ from the ones the runtime
  // probe (built with exceptions) links into the same binary. Keys in
  // alphabetical order, two-space indent.
  llvm::raw_os_ostream Raw(OS);
  llvm::json::OStream J(Raw, 2);
  auto Loc = [&](const Location &L) {
    J.attribute("column", L.Column);
    J.attribute("file", L.File);
  };
  J.object([&] {
    J.attributeArray("findings", [&] {
      for (const Finding &F : Findings)
        J.object([&] {
          J.attribute("check", F.Check);
          Loc(F.Loc);
          J.attribute("level", F.Level);
          J.attribute("line", F.Loc.Line);
          J.attribute("message", F.Message);
          J.attributeArray("notes", [&] {
            for (const Note &N : F.Notes)
              J.object([&] {
                Loc(N.Loc);
                J.attribute("line", N.Loc.Line);
                J.attribute("message", N.Message);
              });
          });
        });
    });
    J.attribute("version", 1);
  });
  Raw << '\n';
}

std::string normalizeText(const std::string &Text) {
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (C == ' ' || C == '\t' || C == '\r' || C == '\v' || C == '\f') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

uint64_t fnv1a(llvm::StringRef S, uint64_t H) {
  for (unsigned char C : S) {
    H ^= C;
    H *= 0x100000001b3ULL;
  }
  return H;
}

std::string baselineFingerprint(llvm::StringRef Check, llvm::StringRef RelPath,
                                llvm::StringRef Text) {
  llvm::StringRef Nul("\0", 1);
  uint64_t H =
      fnv1a(Text, fnv1a(Nul, fnv1a(RelPath, fnv1a(Nul, fnv1a(Check)))));
  return llvm::utohexstr(H, /*LowerCase=*/true, /*Width=*/16);
}

std::vector<unsigned> occurrenceIndexes(const std::vector<Finding> &Findings,
                                        const std::string &Base) {
  std::map<std::tuple<std::string, std::string, std::string>, unsigned> Seen;
  std::vector<unsigned> Out;
  for (const Finding &F : Findings)
    Out.push_back(Seen[{F.Check, relativePath(F.Loc.File, Base),
                        normalizeText(sourceLine(F.Loc.File, F.Loc.Line))}]++);
  return Out;
}

} // namespace retrylint
