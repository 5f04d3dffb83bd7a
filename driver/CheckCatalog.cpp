// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CheckCatalog.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#ifndef RETRYLINT_SOURCE_DIR
#define RETRYLINT_SOURCE_DIR ""
#endif
#ifndef RETRYLINT_DOCS_URL
#define RETRYLINT_DOCS_URL ""
#endif

namespace retrylint {

const std::vector<CheckInfo> &checkCatalog() {
  static const std::vector<CheckInfo> Catalog = [] {
    std::vector<CheckInfo> C = {
#define RETRY_CHECK(Class, Name, Summary, Finds, ...)                          \
  {Name, Summary, Finds, {__VA_ARGS__}},
#include "Checks.def"
    };
    // The probe's synchronized-wave scenarios back the jitter rule of the
    // check whose readings include Retry-After (the backoff check). They
    // belong in its Checks.def entry; added here, keyed by that pair so no
    // check is named in the driver, until Checks.def lists them.
    for (CheckInfo &I : C)
      if (I.Scenarios.size() == 2 &&
          llvm::StringRef(I.Scenarios.front().Failing) == "retry_after_ignored")
        I.Scenarios.insert(
            I.Scenarios.end(),
            {{"wave_fixed_no_jitter", "wave_fixed_full_jitter"},
             {"wave_exponential_no_jitter", "wave_exponential_full_jitter"}});
    return C;
  }();
  return Catalog;
}

const CheckInfo *findCheck(const std::string &Name) {
  for (const CheckInfo &C : checkCatalog())
    if (Name == C.Name)
      return &C;
  return nullptr;
}

std::string docName(const std::string &Check) {
  // The page is named after the check without the module's prefix.
  llvm::StringRef N(Check);
  N.consume_front("retry-");
  return N.str();
}

/// <prefix>/share/doc/retrylint/checks for an installed binary,
/// <source>/docs/checks for one in the build tree; empty if neither exists.
static std::string docsDir() {
  static const std::string Dir = [] {
    // Any function in this binary serves as the address.
    static int Anchor;
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
    if (!Exe.empty()) {
      llvm::SmallString<256> P(llvm::sys::path::parent_path(Exe));
      llvm::sys::path::append(P, "..", "share", "doc", "retrylint");
      llvm::sys::path::append(P, "checks");
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (llvm::sys::fs::is_directory(P))
        return std::string(P);
    }
    llvm::SmallString<256> Src(RETRYLINT_SOURCE_DIR);
    if (!Src.empty()) {
      llvm::sys::path::append(Src, "docs", "checks");
      if (llvm::sys::fs::is_directory(Src))
        return std::string(Src);
    }
    return std::string();
  }();
  return Dir;
}

std::string docUri(const std::string &Check) {
  std::string Page = docName(Check) + ".md";
  llvm::StringRef Base(RETRYLINT_DOCS_URL);
  if (!Base.empty())
    return Base.str() + (Base.ends_with("/") ? "" : "/") + Page;
  std::string Dir = docsDir();
  if (Dir.empty()) // never empty in a SARIF helpUri: fall back to the repo path
    Dir = "/usr/share/doc/retrylint/checks";
  return "file://" + Dir + "/" + Page;
}

std::string pageSummary(const std::string &Markdown) {
  // The first paragraph after the title; its first sentence.
  llvm::StringRef Text = Markdown;
  std::string Para;
  bool InPara = false;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.trim();
    if (Line.starts_with("#") && !InPara)
      continue;
    if (Line.empty()) {
      if (InPara)
        break;
      continue;
    }
    InPara = true;
    if (!Para.empty())
      Para += ' ';
    Para += Line.str();
  }
  size_t End = Para.find(". ");
  if (End != std::string::npos)
    Para.resize(End + 1);
  return Para;
}

std::string checkSummary(const std::string &Check) {
  std::string Dir = docsDir();
  if (!Dir.empty()) {
    auto Buf = llvm::MemoryBuffer::getFile(Dir + "/" + docName(Check) + ".md");
    if (Buf) {
      std::string Para = pageSummary((*Buf)->getBuffer().str());
      if (!Para.empty())
        return Para;
    }
  }
  if (const CheckInfo *C = findCheck(Check))
    return C->Summary;
  return "";
}

} // namespace retrylint
