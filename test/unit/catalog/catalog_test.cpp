// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The documentation says what checks/Checks.def says: list.md's table has one
// row per check, in order, with the check's summary and probe scenarios, and
// each page opens with the same summary sentence.

#include "CheckCatalog.h"
#include "gtest/gtest.h"
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace retrylint {
namespace {

std::string readDoc(const std::string &Page) {
  std::ifstream In(std::string(RETRYLINT_SOURCE_DIR) + "/docs/checks/" + Page);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

std::string scenarioCell(const CheckInfo &C) {
  std::string Cell;
  for (const ScenarioPair &P : C.Scenarios) {
    if (!Cell.empty())
      Cell += "; ";
    Cell += std::string("`") + P.Failing + "`";
    if (P.Fix)
      Cell += std::string(" vs `") + P.Fix + "`";
  }
  return Cell;
}

/// The table row list.md must carry for \p C.
std::string listRow(const CheckInfo &C) {
  return std::string("| [`") + C.Name + "`](" + docName(C.Name) + ".md) | " +
         C.Summary + " | " + scenarioCell(C) + " |";
}

std::vector<std::string> tableRows(const std::string &Markdown) {
  std::vector<std::string> Rows;
  std::istringstream In(Markdown);
  for (std::string Line; std::getline(In, Line);)
    if (Line.rfind("| [`", 0) == 0)
      Rows.push_back(Line);
  return Rows;
}

TEST(Catalog, ListPageHasOneRowPerCheckInOrder) {
  std::string List = readDoc("list.md");
  ASSERT_FALSE(List.empty()) << "docs/checks/list.md is missing";
  std::vector<std::string> Rows = tableRows(List);
  std::string Expected;
  for (const CheckInfo &C : checkCatalog())
    Expected += listRow(C) + "\n";
  std::string Actual;
  for (const std::string &R : Rows)
    Actual += R + "\n";
  EXPECT_EQ(Actual, Expected)
      << "docs/checks/list.md drifted from checks/Checks.def; its table rows "
         "must be exactly:\n"
      << Expected;
}

TEST(Catalog, EveryPageOpensWithTheSummary) {
  for (const CheckInfo &C : checkCatalog()) {
    std::string Page = readDoc(docName(C.Name) + ".md");
    ASSERT_FALSE(Page.empty()) << "no page docs/checks/" << docName(C.Name)
                               << ".md for " << C.Name;
    EXPECT_EQ(pageSummary(Page), C.Summary)
        << "the first sentence of docs/checks/" << docName(C.Name)
        << ".md drifted from checks/Checks.def";
    EXPECT_EQ(Page.rfind(std::string("# ") + C.Name + "\n", 0), 0u)
        << "docs/checks/" << docName(C.Name) << ".md must be titled " << C.Name;
  }
}

TEST(Catalog, NamesAreUniqueSortedAndPrefixed) {
  std::set<std::string> Seen;
  std::string Prev;
  for (const CheckInfo &C : checkCatalog()) {
    std::string N = C.Name;
    EXPECT_EQ(N.rfind("retry-", 0), 0u) << N;
    EXPECT_TRUE(Seen.insert(N).second) << N << " listed twice";
    EXPECT_LT(Prev, N) << "Checks.def is not sorted by name at " << N;
    Prev = N;
    EXPECT_FALSE(C.Scenarios.empty()) << N << " names no probe scenario";
  }
}

TEST(Catalog, PageSummaryTakesTheFirstSentenceOfTheFirstParagraph) {
  EXPECT_EQ(pageSummary("# t\n\nFinds a. Then b.\n\n## x\n"), "Finds a.");
  EXPECT_EQ(pageSummary("# t\n\nFinds a\nacross lines. More.\n"),
            "Finds a across lines.");
  EXPECT_EQ(pageSummary("# t\n"), "");
}

TEST(Catalog, EveryPageIsCompiledInAsWritten) {
  for (const CheckInfo &C : checkCatalog()) {
    EXPECT_EQ(checkPage(C.Name), readDoc(docName(C.Name) + ".md"))
        << "the compiled-in page of " << C.Name << " is stale";
    for (const char *H : {"Problematic code", "Preferred code", "Options"})
      EXPECT_NE(pageSection(checkPage(C.Name), H), "")
          << "docs/checks/" << docName(C.Name) << ".md has no '## " << H
          << "' section for `retrylint explain`";
  }
  EXPECT_EQ(checkPage("retry-no-such-check"), "");
}

TEST(Catalog, PageSectionEndsAtTheNextHeadingOutsideCodeFences) {
  std::string Page = "# t\n\n## Options\n\nA.\n\n```yaml\n# .clang-tidy\n"
                     "x: 1\n```\n\n## Limitations\n\nB.\n";
  EXPECT_EQ(pageSection(Page, "Options"),
            "A.\n\n```yaml\n# .clang-tidy\nx: 1\n```");
  EXPECT_EQ(pageSection(Page, "Limitations"), "B.");
  EXPECT_EQ(pageSection(Page, "Fixes"), "");
}

TEST(Catalog, HelpLinksAreWebUrlsOrNothing) {
  EXPECT_EQ(docUri("retry-missing-budget", ""), "");
  EXPECT_EQ(docUri("retry-missing-budget", "https://d.example/checks"),
            "https://d.example/checks/missing-budget.md");
  EXPECT_EQ(docUri("retry-missing-budget", "http://d.example/c/"),
            "http://d.example/c/missing-budget.md");
  EXPECT_TRUE(isDocsUrl(""));
  EXPECT_TRUE(isDocsUrl("https://d.example/"));
  EXPECT_FALSE(isDocsUrl("file:///usr/share/doc/retrylint/checks/"));
  EXPECT_FALSE(isDocsUrl("docs/checks/"));
}

} // namespace
} // namespace retrylint
