// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CheckCatalog.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"

#ifndef RETRYLINT_DOCS_URL
#define RETRYLINT_DOCS_URL ""
#endif

namespace retrylint {

const std::vector<CheckInfo> &checkCatalog() {
  static const std::vector<CheckInfo> Catalog = {
#define RETRY_CHECK(Class, Name, Summary, Finds, ...)                          \
  {Name, Summary, Finds, {__VA_ARGS__}},
#include "Checks.def"
  };
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

namespace {
struct Page {
  const char *Name;
  const char *Markdown;
};
const Page Pages[] = {
#include "CheckPages.inc"
};
} // namespace

std::string defaultDocsUrl() { return RETRYLINT_DOCS_URL; }

bool isDocsUrl(const std::string &Url) {
  return Url.empty() || Url.rfind("https://", 0) == 0 ||
         Url.rfind("http://", 0) == 0;
}

std::string docsUrlError(const std::string &Url) {
  return "--docs-url: '" + Url +
         "' is not an http:// or https:// URL (help links must open in a CI "
         "viewer)";
}

std::string docUri(const std::string &Check, const std::string &Base) {
  if (Base.empty())
    return "";
  return Base + (Base.back() == '/' ? "" : "/") + docName(Check) + ".md";
}

std::string checkPage(const std::string &Check) {
  std::string Name = docName(Check);
  for (const Page &P : Pages)
    if (Name == P.Name)
      return P.Markdown;
  return "";
}

std::string pageSection(const std::string &Page, const std::string &Heading) {
  // Headings inside code fences (a YAML comment, a shell comment) are text.
  llvm::StringRef Markdown = Page;
  std::string Out;
  bool InFence = false, InSection = false;
  while (!Markdown.empty()) {
    auto [Line, Rest] = Markdown.split('\n');
    Markdown = Rest;
    if (!InFence && Line.starts_with("#")) {
      if (InSection)
        break;
      InSection = Line.trim() == "## " + Heading;
      continue;
    }
    if (Line.ltrim().starts_with("```"))
      InFence = !InFence;
    if (InSection)
      Out += Line.str() + "\n";
  }
  return llvm::StringRef(Out).trim().str();
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
  std::string Para = pageSummary(checkPage(Check));
  if (!Para.empty())
    return Para;
  if (const CheckInfo *C = findCheck(Check))
    return C->Summary;
  return "";
}

} // namespace retrylint
