// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --format=sarif: SARIF 2.1.0 (OASIS), the format GitHub code scanning,
// GitLab and most CI dashboards ingest.

#include "CheckCatalog.h"
#include "Findings.h"
#include "SourceFiles.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_os_ostream.h"
#include <cctype>
#include <cstdint>
#include <cstdio>

namespace retrylint {

static const char *SrcRootId = "%SRCROOT%";

/// Percent-encodes what may not appear in a URI path.
static std::string uriPath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (std::isalnum(C) || llvm::StringRef("/-._~!$&'()*+,;=:@").contains(C)) {
      Out += C;
    } else {
      char Buf[4];
      std::snprintf(Buf, sizeof(Buf), "%%%02X", C);
      Out += Buf;
    }
  }
  return Out;
}

/// clang's columns count bytes; the run declares unicodeCodePoints.
static unsigned codePointColumn(llvm::StringRef Line, unsigned ByteColumn) {
  unsigned Col = 1;
  for (size_t I = 0; I + 1 < ByteColumn && I < Line.size(); ++I)
    if ((static_cast<unsigned char>(Line[I]) & 0xC0) != 0x80)
      ++Col;
  return ByteColumn > Line.size() + 1 ? ByteColumn : Col;
}

/// Stable across line shifts and checkouts: check, path relative to the
/// source root, normalized line text and occurrence index; no line number.
static std::string fingerprint(const std::string &Check,
                               const std::string &RelPath,
                               const std::string &Text, unsigned Occurrence) {
  uint64_t H = fnv1a(Check);
  H = fnv1a(llvm::StringRef("\0", 1), H);
  H = fnv1a(RelPath, H);
  H = fnv1a(llvm::StringRef("\0", 1), H);
  H = fnv1a(Text, H);
  H = fnv1a(llvm::StringRef("\0", 1), H);
  H = fnv1a(std::to_string(Occurrence), H);
  char Buf[17];
  std::snprintf(Buf, sizeof(Buf), "%016llx", (unsigned long long)H);
  return Buf;
}

namespace {

class Writer {
public:
  Writer(llvm::json::OStream &J, const SarifOptions &O) : J(J), O(O) {}

  /// artifactLocation: relative to %SRCROOT% when the file is under it.
  void artifact(const std::string &File) {
    J.attributeObject("artifactLocation", [&] {
      std::string Rel = relativePath(File, O.SrcRoot);
      if (!llvm::StringRef(Rel).starts_with("../") && Rel != File) {
        J.attribute("uri", uriPath(Rel));
        J.attribute("uriBaseId", SrcRootId);
      } else {
        J.attribute("uri", "file://" + uriPath(File));
      }
    });
  }

  void physical(const Location &L, bool Snippet) {
    J.attributeObject("physicalLocation", [&] {
      artifact(L.File);
      if (L.Line == 0)
        return;
      J.attributeObject("region", [&] {
        J.attribute("startLine", L.Line);
        std::string Src = sourceLine(L.File, L.Line);
        if (L.Column)
          J.attribute("startColumn", codePointColumn(Src, L.Column));
        if (Snippet && !Src.empty())
          J.attributeObject("snippet", [&] { J.attribute("text", Src); });
      });
    });
  }

  void message(const std::string &Text) {
    J.attributeObject("message", [&] { J.attribute("text", Text); });
  }

  void rule(const std::string &Check) {
    const CheckInfo *Info = findCheck(Check);
    std::string Summary = checkSummary(Check);
    if (Summary.empty())
      Summary = "retrylint check " + Check + ".";
    std::string Uri = docUri(Check, O.DocsUrl);
    std::string Help = Summary;
    std::string Explain;
    if (Info && !Info->Scenarios.empty()) {
      Explain = "`retrylint explain " + Check + "` runs the probe scenarios";
      for (const ScenarioPair &P : Info->Scenarios) {
        Explain += std::string(" ") + P.Failing;
        if (P.Fix)
          Explain += std::string(" vs ") + P.Fix;
        Explain += &P == &Info->Scenarios.back() ? "." : ",";
      }
      Help += " Evidence: " + Explain;
    }
    if (!Uri.empty())
      Help += " Documentation: " + Uri;
    // The check's page itself, as code-scanning viewers show a rule's help.
    std::string Markdown = checkPage(Check);
    if (Markdown.empty())
      Markdown = Summary;
    if (!Explain.empty())
      Markdown += "\n\n---\n\nEvidence: " + Explain + "\n";
    J.object([&] {
      J.attribute("id", Check);
      // SARIF's "name" is an identifier-like label; use the doc page name.
      J.attribute("name", docName(Check));
      J.attributeObject("shortDescription",
                        [&] { J.attribute("text", Summary); });
      J.attributeObject("fullDescription", [&] {
        J.attribute("text", Info ? std::string("Reports ") + Info->Finds + "."
                                 : Summary);
      });
      J.attributeObject("help", [&] {
        J.attribute("text", Help);
        J.attribute("markdown", Markdown);
      });
      if (!Uri.empty())
        J.attribute("helpUri", Uri);
      J.attributeObject("defaultConfiguration",
                        [&] { J.attribute("level", "warning"); });
      J.attributeObject("properties", [&] {
        J.attributeArray("tags", [&] {
          J.value("reliability");
          J.value("retry");
        });
        if (Info && !Info->Scenarios.empty())
          J.attributeArray("probeScenarios", [&] {
            for (const ScenarioPair &P : Info->Scenarios)
              J.object([&] {
                J.attribute("failing", P.Failing);
                if (P.Fix)
                  J.attribute("fix", P.Fix);
              });
          });
        auto Ev = O.Evidence.find(Check);
        if (Ev != O.Evidence.end()) {
          auto Parsed = llvm::json::parse(Ev->second);
          if (Parsed)
            J.attribute("evidence", std::move(*Parsed));
          else
            llvm::consumeError(Parsed.takeError());
        }
      });
    });
  }

  /// tool.driver: retrylint, with a rule for each enabled check.
  void tool() {
    J.attributeObject("tool", [&] {
      J.attributeObject("driver", [&] {
        J.attribute("name", "retrylint");
        J.attribute("version", O.ToolVersion);
        J.attribute("semanticVersion", O.ToolVersion);
        J.attributeArray("rules", [&] {
          for (const std::string &C : O.Checks)
            rule(C);
        });
      });
    });
  }

  /// The one invocation: the findings of other checks (compile and
  /// configuration errors) are its notifications, not results.
  void invocation(const std::vector<Finding> &Findings, bool Failed) {
    J.object([&] {
      J.attribute("executionSuccessful", !Failed);
      J.attributeArray("toolExecutionNotifications", [&] {
        for (const Finding &F : Findings) {
          if (llvm::StringRef(F.Check).starts_with("retry-"))
            continue;
          J.object([&] {
            J.attribute("level", F.Level == "error" ? "error" : "warning");
            message(F.Message);
            J.attributeObject("descriptor",
                              [&] { J.attribute("id", F.Check); });
            if (!F.Loc.File.empty())
              J.attributeArray("locations", [&] {
                J.object([&] { physical(F.Loc, false); });
              });
          });
        }
      });
    });
  }

  /// A retry-* finding, \p Occurrence its occurrence index.
  void result(const Finding &F, unsigned Occurrence) {
    J.object([&] {
      J.attribute("ruleId", F.Check);
      for (size_t R = 0; R < O.Checks.size(); ++R)
        if (O.Checks[R] == F.Check)
          J.attribute("ruleIndex", (int64_t)R);
      J.attribute("level", F.Level == "error" ? "error" : "warning");
      message(F.Message);
      if (!O.BaselineState.empty())
        J.attribute("baselineState", O.BaselineState);
      J.attributeArray("locations",
                       [&] { J.object([&] { physical(F.Loc, true); }); });
      if (!F.Notes.empty())
        J.attributeArray("relatedLocations", [&] {
          for (size_t N = 0; N < F.Notes.size(); ++N)
            J.object([&] {
              J.attribute("id", (int64_t)N + 1);
              physical(F.Notes[N].Loc, false);
              message(F.Notes[N].Message);
            });
        });
      J.attributeObject("partialFingerprints", [&] {
        J.attribute(
            "retrylint/v1",
            fingerprint(F.Check, relativePath(F.Loc.File, O.SrcRoot),
                        normalizeText(sourceLine(F.Loc.File, F.Loc.Line)),
                        Occurrence));
      });
    });
  }

  void write(const std::vector<Finding> &Findings) {
    std::vector<unsigned> Occ = occurrenceIndexes(Findings, O.SrcRoot);
    bool Failed = false;
    for (const Finding &F : Findings)
      if (F.Level == "error" && !llvm::StringRef(F.Check).starts_with("retry-"))
        Failed = true;
    J.object([&] {
      J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
      J.attribute("version", "2.1.0");
      J.attributeArray("runs", [&] {
        J.object([&] {
          tool();
          J.attributeObject("originalUriBaseIds", [&] {
            J.attributeObject(SrcRootId, [&] {
              J.attribute("uri", "file://" + uriPath(O.SrcRoot) + "/");
            });
          });
          J.attributeArray("invocations",
                           [&] { invocation(Findings, Failed); });
          J.attributeArray("results", [&] {
            for (size_t I = 0; I < Findings.size(); ++I)
              if (llvm::StringRef(Findings[I].Check).starts_with("retry-"))
                result(Findings[I], Occ[I]);
          });
          J.attribute("columnKind", "unicodeCodePoints");
        });
      });
    });
  }

private:
  llvm::json::OStream &J;
  const SarifOptions &O;
};

} // namespace

void writeSarif(std::ostream &OS, const std::vector<Finding> &Findings,
                const SarifOptions &Options) {
  llvm::raw_os_ostream Raw(OS);
  llvm::json::OStream J(Raw, 2);
  Writer(J, Options).write(Findings);
  Raw << '\n';
}

} // namespace retrylint
