// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Report.h"
#include "Baseline.h"
#include "Explain.h"
#include "Fixes.h"
#include "Paths.h"
#include "SourceFiles.h"
#include "clang-tidy/ClangTidy.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <iostream>
#include <set>
#include <tuple>

using clang::tidy::ClangTidyError;
using llvm::StringRef;

namespace retrylint {

static bool isRetry(const Finding &F) {
  return StringRef(F.Check).starts_with("retry-");
}

static std::string plural(size_t N, StringRef One, StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

/// A diagnostic's file: clang names it relative to the compile command's
/// directory when it was found through a relative include path.
static Location locateIn(const ClangTidyError &E, const std::string &File,
                         unsigned Offset) {
  if (File.empty())
    return locate(File, Offset);
  return locate(absolutePath(File, E.BuildDirectory), Offset);
}

static Finding toFinding(const ClangTidyError &E) {
  Finding F;
  F.Check = E.DiagnosticName;
  F.Level = (E.DiagLevel == ClangTidyError::Error || E.IsWarningAsError)
                ? "error"
                : "warning";
  F.Loc = locateIn(E, E.Message.FilePath, E.Message.FileOffset);
  F.Message = E.Message.Message;
  for (const auto &N : E.Notes)
    F.Notes.push_back({locateIn(E, N.FilePath, N.FileOffset), N.Message});
  return F;
}

/// Baseline: records the findings, or drops the ones it records. Returns
/// the line for the summary.
static std::string
applyBaselineOptions(const Options &O, const std::vector<std::string> &Files,
                     const std::optional<ChangedLines> &Changed,
                     std::vector<Finding> &Findings,
                     std::vector<BaselineEntry> &Gone) {
  std::string Err;
  if (!O.WriteBaseline.empty()) {
    size_t Recorded = llvm::count_if(Findings, isRetry);
    int Entries = writeBaseline(O.WriteBaseline, Findings, Err);
    if (Entries < 0)
      fatal(Err);
    llvm::erase_if(Findings, isRetry);
    return "retrylint: wrote " + plural(Recorded, "finding", "findings") +
           " (" + plural(Entries, "entry", "entries") + ") to " +
           O.WriteBaseline;
  }
  if (O.Baseline.empty())
    return "";
  // Entries of files that were not analyzed are not "gone".
  std::set<std::string> Analyzed;
  if (!O.Paths.empty() || Changed)
    Analyzed.insert(Files.begin(), Files.end());
  BaselineMatch M;
  if (!applyBaseline(O.Baseline, Findings, Analyzed, M, Err))
    fatal(Err);
  Findings = std::move(M.Remaining);
  Gone = std::move(M.Gone);
  if (!M.Matched)
    return "";
  return "retrylint: " + plural(M.Matched, "finding", "findings") +
         " in the baseline " + O.Baseline + " not reported";
}

static void writeSarifReport(const Options &O, const Setup &S,
                             const std::vector<std::string> &Files,
                             std::vector<Finding> &Findings) {
  SarifOptions SO;
  SO.SrcRoot = canonicalPath(absolutePath("."));
  SO.ToolVersion = RETRYLINT_VERSION;
  SO.DocsUrl = O.DocsUrl;
  std::set<std::string> Enabled;
  for (const std::string &F :
       Files.empty() ? std::vector<std::string>{SO.SrcRoot + "/dummy.cpp"}
                     : Files)
    for (const std::string &N : S.checksFor(F))
      if (StringRef(N).starts_with("retry-"))
        Enabled.insert(N);
  // A check named in a finding is a rule even if a NOLINT-free config
  // change hid it from some files.
  for (const auto &F : Findings)
    if (isRetry(F))
      Enabled.insert(F.Check);
  SO.Checks.assign(Enabled.begin(), Enabled.end());
  if (!O.Baseline.empty())
    SO.BaselineState = "new";
  if (O.Evidence) {
    if (!haveProbe())
      fatal("--evidence: this retrylint was built without the runtime probe");
    bool AllMatch = true;
    SO.Evidence = probeEvidence(SO.Checks, AllMatch);
    if (!AllMatch)
      llvm::errs() << "retrylint: warning: a probe reading contradicts its "
                      "claim (see the rule's evidence)\n";
  }
  // Make the paths the writer relativizes real, like the root.
  for (auto &F : Findings) {
    if (!F.Loc.File.empty())
      F.Loc.File = canonicalPath(F.Loc.File);
    for (auto &N : F.Notes)
      if (!N.Loc.File.empty())
        N.Loc.File = canonicalPath(N.Loc.File);
  }
  writeSarif(std::cout, Findings, SO);
}

bool FindingIdentityLess::operator()(const Finding &A, const Finding &B) const {
  auto Key = [](const Finding &F) {
    return std::tie(F.Loc.File, F.Loc.Line, F.Loc.Column, F.Check, F.Message);
  };
  if (Key(A) != Key(B))
    return Key(A) < Key(B);
  // The notes as operator== compares them: message, file and line.
  return std::lexicographical_compare(
      A.Notes.begin(), A.Notes.end(), B.Notes.begin(), B.Notes.end(),
      [](const Note &X, const Note &Y) {
        return std::tie(X.Message, X.Loc.File, X.Loc.Line) <
               std::tie(Y.Message, Y.Loc.File, Y.Loc.Line);
      });
}

Collected collectFindings(const Results &R) {
  Collected C;
  for (const auto &TU : R)
    for (const ClangTidyError &E : TU) {
      C.Errors.push_back(E);
      Finding F = toFinding(E);
      // The first error of each finding wins, as a scan of Errors finds it.
      C.ErrorOf.try_emplace(F, C.Errors.size() - 1);
      if (F.Check == "clang-tidy-config") {
        C.ConfigError = true;
        F.Level = "error";
      } else if (F.Level == "error" &&
                 StringRef(F.Check).starts_with("clang-diagnostic")) {
        C.CompileError = true;
      }
      C.Findings.push_back(std::move(F));
    }
  llvm::sort(C.Findings);
  C.Findings.erase(llvm::unique(C.Findings), C.Findings.end());
  return C;
}

/// The errors behind \p Findings (what a run reports after the baseline and
/// --diff), each once, in the findings' order.
static std::vector<ClangTidyError>
reportedErrors(const Collected &C, const std::vector<Finding> &Findings) {
  std::vector<ClangTidyError> Out;
  for (const Finding &F : Findings) {
    auto It = C.ErrorOf.find(F);
    if (It != C.ErrorOf.end())
      Out.push_back(C.Errors[It->second]);
  }
  return Out;
}

/// The findings as clang-tidy prints them (its own renderer: the line-number
/// gutter, ranges, fix-it lines, paths as the compile command named them).
/// \p M with every path absolute: a compile command run in another
/// directory that names a file relative to it would otherwise print a path
/// relative to a directory the user is not in. (Run from the compile
/// directory, the paths stay as clang-tidy prints them.)
static void absolutize(clang::tooling::DiagnosticMessage &M,
                       StringRef BuildDir) {
  if (!M.FilePath.empty())
    M.FilePath = absolutePath(M.FilePath, BuildDir);
  for (clang::tooling::FileByteRange &R : M.Ranges)
    R.FilePath = absolutePath(R.FilePath, BuildDir);
  llvm::StringMap<clang::tooling::Replacements> Fix;
  for (const auto &[File, Rs] : M.Fix)
    for (const clang::tooling::Replacement &R : Rs) {
      std::string Abs = absolutePath(R.getFilePath().str(), BuildDir);
      llvm::consumeError(Fix[Abs].add(clang::tooling::Replacement(
          Abs, R.getOffset(), R.getLength(), R.getReplacementText())));
    }
  M.Fix = std::move(Fix);
}

static void writeTidyText(const Options &O,
                          std::vector<ClangTidyError> Errors) {
  // clang-tidy's order: by file, offset, then message.
  llvm::stable_sort(Errors,
                    [](const ClangTidyError &A, const ClangTidyError &B) {
                      return std::tie(A.Message.FilePath, A.Message.FileOffset,
                                      A.Message.Message, A.DiagnosticName) <
                             std::tie(B.Message.FilePath, B.Message.FileOffset,
                                      B.Message.Message, B.DiagnosticName);
                    });
  std::string Here = absolutePath(".");
  for (ClangTidyError &E : Errors) {
    if (E.BuildDirectory.empty() || absolutePath(E.BuildDirectory) == Here)
      continue;
    absolutize(E.Message, E.BuildDirectory);
    for (auto &N : E.Notes)
      absolutize(N, E.BuildDirectory);
  }
  clang::tidy::ClangTidyOptions Opts;
  if (O.Color != "auto")
    Opts.UseColor = O.Color == "always";
  clang::tidy::ClangTidyContext Ctx(
      std::make_unique<clang::tidy::DefaultOptionsProvider>(
          clang::tidy::ClangTidyGlobalOptions(), Opts));
  Ctx.setCurrentFile("");
  unsigned WarningsAsErrors = 0;
  std::cout.flush();
  clang::tidy::handleErrors(Errors, Ctx, clang::tidy::FB_NoFix,
                            WarningsAsErrors, llvm::vfs::getRealFileSystem());
  llvm::outs().flush();
}

/// --export-fixes and --fix, after the findings are printed.
static void handleFixes(const Options &O, const std::vector<std::string> &Files,
                        const Collected &C,
                        const std::vector<ClangTidyError> &Errors) {
  if (!O.ExportFixes.empty())
    exportFixes(O.ExportFixes,
                Files.empty() ? absolutePath("dummy") : Files.front(), Errors);
  if (!O.Fix)
    return;
  if (C.CompileError && !O.FixErrors) {
    llvm::errs() << "retrylint: compile errors: the fixes were not applied "
                    "(--fix-errors applies them anyway)\n";
    return;
  }
  unsigned Suggested = 0;
  unsigned Applied = applyFixes(Errors, O.FixNotes, Suggested);
  if (!O.Quiet || Suggested)
    llvm::errs() << "retrylint: applied " << Applied << " of " << Suggested
                 << " suggested " << (Suggested == 1 ? "fix" : "fixes") << "\n";
}

int report(const Options &O, const Setup &S,
           const std::vector<std::string> &Files, Collected C,
           const std::optional<ChangedLines> &Changed) {
  std::vector<Finding> &Findings = C.Findings;
  std::vector<BaselineEntry> Gone;
  std::string BaselineNote =
      applyBaselineOptions(O, Files, Changed, Findings, Gone);

  // --diff: findings on changed lines, or whose notes touch one.
  size_t OffDiff = 0;
  if (Changed) {
    std::vector<Finding> Kept;
    for (Finding &F : Findings) {
      if (isRetry(F) && !Changed->touches(F)) {
        ++OffDiff;
        continue;
      }
      Kept.push_back(std::move(F));
    }
    Findings = std::move(Kept);
  }

  size_t Warnings = llvm::count_if(Findings, isRetry);
  // Taken before the output (SARIF rewrites the findings' paths), once for
  // the fixes and the text.
  std::vector<ClangTidyError> Reported;
  bool Text = O.Format != "json" && O.Format != "sarif";
  if (O.Fix || !O.ExportFixes.empty() || Text)
    Reported = reportedErrors(C, Findings);
  if (O.Format == "json") {
    writeJson(std::cout, Findings);
  } else if (O.Format == "sarif") {
    writeSarifReport(O, S, Files, Findings);
  } else {
    writeTidyText(O, Reported);
  }
  std::cout.flush();
  handleFixes(O, Files, C, Reported);
  if (!O.Quiet) {
    llvm::errs() << "retrylint: " << plural(Warnings, "finding", "findings")
                 << " in "
                 << plural(Files.size(), "translation unit",
                           "translation units")
                 << "\n";
    if (!BaselineNote.empty())
      llvm::errs() << BaselineNote << "\n";
    if (OffDiff)
      llvm::errs() << "retrylint: " << plural(OffDiff, "finding", "findings")
                   << " outside the changed lines not reported\n";
    for (const auto &G : Gone)
      llvm::errs() << "retrylint: baseline entry no longer occurs: " << G.Path
                   << ": [" << G.Check << "] " << G.Text
                   << (G.Count > 1 ? " (x" + std::to_string(G.Count) + ")"
                                   : std::string())
                   << "\n";
    if (!Gone.empty())
      llvm::errs() << "retrylint: "
                   << plural(Gone.size(), "baseline entry no longer occurs",
                             "baseline entries no longer occur")
                   << "; shrink the baseline with --write-baseline "
                   << O.Baseline << "\n";
  }
  if (C.ConfigError)
    return 2;
  if (C.CompileError && !O.AllowCompileErrors) {
    llvm::errs() << "retrylint: error: compile errors (shown above); fix "
                    "them or pass --allow-compile-errors\n";
    return 2;
  }
  return Warnings ? 1 : 0;
}

} // namespace retrylint
