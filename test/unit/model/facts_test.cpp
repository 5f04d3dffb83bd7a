// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "model/Facts.h"
#include "gtest/gtest.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::retry::model {
namespace {

FunctionFacts sendFacts() {
  FunctionFacts F;
  F.USR = "c:@F@send";
  F.Name = "send";
  F.Where = {"/src/a.cpp", 10, 3};
  LayerFact Loop;
  Loop.What = "retry loop";
  Loop.Attempts = 3;
  Loop.Retries =
      StatusSet::http(500, 599) | StatusSet::transport(unsigned(Transport::All));
  Loop.Exhaustion = StatusSet::grpc(14);
  Loop.Tentative = true;
  Loop.Deciders = {"c:@F@other"};
  Loop.Where = {"/src/a.cpp", 12, 5};
  CallFact Post;
  Post.USR = "c:@F@post";
  Post.Name = "post";
  Loop.Calls.push_back(Post);
  Loop.Nested = {1};
  LayerFact Grpc;
  Grpc.What = "gRPC retry policy";
  Grpc.Library = true;
  Grpc.ReadsOnly = true;
  Grpc.Retries = StatusSet::grpc(14) | StatusSet::exceptions();
  F.Layers = {Loop, Grpc};
  F.Top = {0};
  CallFact Stub;
  Stub.Name = "Create";
  Stub.LibraryLayer = 1;
  F.Calls.push_back(Stub);
  return F;
}

TEST(FactsFile, PrintThenParseKeepsEveryFact) {
  FunctionFacts F = sendFacts();
  std::string Json = printFacts("/src/a.cpp", {&F});
  std::vector<FunctionFacts> Out;
  std::string Error, TU;
  ASSERT_TRUE(parseFacts(Json, Out, Error, &TU)) << Error;
  EXPECT_EQ(TU, "/src/a.cpp");
  ASSERT_EQ(Out.size(), 1u);
  const FunctionFacts &G = Out[0];
  EXPECT_EQ(G.USR, F.USR);
  EXPECT_EQ(G.Name, F.Name);
  EXPECT_EQ(G.Where.File, "/src/a.cpp");
  EXPECT_EQ(G.Where.Line, 10u);
  EXPECT_EQ(G.Where.Column, 3u);
  ASSERT_EQ(G.Layers.size(), 2u);
  const LayerFact &L = G.Layers[0];
  EXPECT_EQ(L.What, "retry loop");
  EXPECT_EQ(L.Attempts, 3u);
  EXPECT_EQ(L.Retries, F.Layers[0].Retries);
  EXPECT_EQ(L.Exhaustion, F.Layers[0].Exhaustion);
  EXPECT_TRUE(L.Tentative);
  EXPECT_FALSE(L.Library);
  EXPECT_EQ(L.Deciders, F.Layers[0].Deciders);
  EXPECT_EQ(L.Where.Line, 12u);
  ASSERT_EQ(L.Calls.size(), 1u);
  EXPECT_EQ(L.Calls[0].USR, "c:@F@post");
  EXPECT_EQ(L.Calls[0].Name, "post");
  EXPECT_EQ(L.Nested, std::vector<unsigned>{1});
  const LayerFact &Lib = G.Layers[1];
  EXPECT_EQ(Lib.Attempts, std::nullopt); // unbounded stays unbounded
  EXPECT_TRUE(Lib.Library);
  EXPECT_TRUE(Lib.ReadsOnly);
  EXPECT_EQ(Lib.Retries, F.Layers[1].Retries);
  EXPECT_EQ(Lib.Exhaustion, std::nullopt);
  EXPECT_EQ(G.Top, std::vector<unsigned>{0});
  ASSERT_EQ(G.Calls.size(), 1u);
  EXPECT_EQ(G.Calls[0].LibraryLayer, 1u);
  EXPECT_EQ(G.Calls[0].USR, "");
}

TEST(FactsFile, GivesUpWithExhaustionElseRetries) {
  LayerFact L;
  EXPECT_EQ(L.givesUp(), std::nullopt);
  L.Retries = StatusSet::http(503, 503);
  EXPECT_EQ(L.givesUp(), StatusSet::http(503, 503));
  L.Exhaustion = StatusSet::grpc(4);
  EXPECT_EQ(L.givesUp(), StatusSet::grpc(4));
}

/// Parses \p Json, which must fail; returns the error.
std::string parseError(const std::string &Json) {
  std::vector<FunctionFacts> Out;
  std::string Error;
  EXPECT_FALSE(parseFacts(Json, Out, Error)) << Json;
  return Error;
}

std::string withFunction(const std::string &Function) {
  return R"({"retrylint_facts": 1, "translation_unit": "a.cpp", "functions": [)" +
         Function + "]}";
}

TEST(FactsFile, MalformedFilesSayWhatIsWrong) {
  EXPECT_NE(parseError("not json"), "");
  EXPECT_EQ(parseError("{}"),
            "not a retrylint facts file (no \"retrylint_facts\": 1)");
  EXPECT_EQ(parseError(R"({"retrylint_facts": 2, "functions": []})"),
            "not a retrylint facts file (no \"retrylint_facts\": 1)");
  EXPECT_EQ(parseError(R"({"retrylint_facts": 1})"), "no \"functions\" array");
  EXPECT_EQ(parseError(withFunction(R"({"name": "f"})")),
            "a function has no \"usr\" or \"name\"");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "layers": [1]})")),
            "a layer of 'f' is not an object");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "layers": [{"attempts": 0}]})")),
            "a layer of 'f' has fewer than 1 attempt");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "layers": [{"nested": [3]}]})")),
            "a nested layer index of 'f' is out of range");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "layers": [{}], "top": [-1]})")),
            "a top layer index of 'f' is out of range");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "calls": [{"name": "g",
                                                   "library_layer": 0}]})")),
            "a call names a layer that does not exist");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "calls": [{"usr": "g"}]})")),
            "a call has no name");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                                        "layers": [{"retries": 5}]})")),
            "a status set is not an object");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                          "layers": [{"retries": {"http": [[500]]}}]})")),
            "an HTTP range is not [low, high]");
  EXPECT_EQ(parseError(withFunction(R"({"usr": "u", "name": "f",
                          "layers": [{"exhaustion": {"grpc": ["NOPE"]}}]})")),
            "unknown gRPC code in a status set");
}

TEST(FactsFile, MissingOptionalFieldsTakeDefaults) {
  std::vector<FunctionFacts> Out;
  std::string Error;
  ASSERT_TRUE(parseFacts(
      withFunction(R"({"usr": "u", "name": "f", "layers": [{}]})"), Out, Error))
      << Error;
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_EQ(Out[0].Layers.size(), 1u);
  EXPECT_EQ(Out[0].Layers[0].What, "retry layer");
  EXPECT_EQ(Out[0].Layers[0].Attempts, std::nullopt);
  EXPECT_EQ(Out[0].Layers[0].Retries, std::nullopt);
  EXPECT_FALSE(Out[0].Layers[0].Tentative);
  EXPECT_EQ(Out[0].Where.Line, 0u);
}

class FactsDir : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("retrylint-facts-test", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  void write(StringRef Name, StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  llvm::SmallString<128> Dir;
};

TEST_F(FactsDir, WrittenFilesAreLoadedByUsr) {
  FunctionFacts F = sendFacts();
  std::string Error;
  ASSERT_TRUE(writeFactsFile(Dir, "/src/a.cpp", {&F}, Error)) << Error;
  std::shared_ptr<const FactsDb> Db = FactsDb::load(Dir, Error);
  ASSERT_TRUE(Db) << Error;
  EXPECT_EQ(Db->size(), 1u);
  const FunctionFacts *G = Db->find("c:@F@send");
  ASSERT_TRUE(G);
  EXPECT_EQ(G->Name, "send");
  EXPECT_EQ(Db->find("c:@F@nope"), nullptr);
}

TEST_F(FactsDir, SameFileNameInTwoDirectoriesDoesNotCollide) {
  FunctionFacts A = sendFacts(), B = sendFacts();
  B.USR = "c:@F@send2";
  std::string Error;
  ASSERT_TRUE(writeFactsFile(Dir, "/src/x/a.cpp", {&A}, Error)) << Error;
  ASSERT_TRUE(writeFactsFile(Dir, "/src/y/a.cpp", {&B}, Error)) << Error;
  std::shared_ptr<const FactsDb> Db = FactsDb::load(Dir, Error);
  ASSERT_TRUE(Db) << Error;
  EXPECT_EQ(Db->size(), 2u);
}

TEST_F(FactsDir, AMalformedFileIsNamedInTheError) {
  write("broken.json", "{\"retrylint_facts\": 1, \"functions\": [");
  std::string Error;
  EXPECT_EQ(FactsDb::load(Dir, Error), nullptr);
  EXPECT_NE(Error.find("malformed facts file '"), std::string::npos) << Error;
  EXPECT_NE(Error.find("broken.json"), std::string::npos) << Error;
}

TEST_F(FactsDir, OnlyJsonFilesAreRead) {
  write("notes.txt", "not facts");
  std::string Error;
  std::shared_ptr<const FactsDb> Db = FactsDb::load(Dir, Error);
  ASSERT_TRUE(Db) << Error;
  EXPECT_EQ(Db->size(), 0u);
}

TEST(FactsDb, MissingDirectoryIsAnError) {
  std::string Error;
  EXPECT_EQ(FactsDb::load("/nonexistent/retrylint-facts", Error), nullptr);
  EXPECT_EQ(Error,
            "facts directory '/nonexistent/retrylint-facts' does not exist");
}

TEST_F(FactsDir, UnitsNeedingFactsAreThoseReachingARetryElsewhere) {
  // a.cpp: caller() has a retry layer around callee(), defined in b.cpp,
  // which retries. b.cpp only refers to itself. c.cpp calls callee() but
  // has no layer of its own.
  FunctionFacts Caller;
  Caller.USR = "c:@F@caller";
  Caller.Name = "caller";
  LayerFact Loop;
  Loop.What = "retry loop";
  Loop.Attempts = 3;
  CallFact ToCallee;
  ToCallee.USR = "c:@F@callee";
  ToCallee.Name = "callee";
  Loop.Calls.push_back(ToCallee);
  Caller.Layers.push_back(Loop);
  Caller.Top = {0};
  FunctionFacts Callee;
  Callee.USR = "c:@F@callee";
  Callee.Name = "callee";
  LayerFact Inner = Loop;
  Inner.Calls.clear();
  Callee.Layers.push_back(Inner);
  Callee.Top = {0};
  FunctionFacts Other;
  Other.USR = "c:@F@other";
  Other.Name = "other";
  Other.Calls.push_back(ToCallee);
  std::string Error;
  ASSERT_TRUE(writeFactsFile(Dir, "/src/a.cpp", {&Caller}, Error)) << Error;
  ASSERT_TRUE(writeFactsFile(Dir, "/src/b.cpp", {&Callee}, Error)) << Error;
  ASSERT_TRUE(writeFactsFile(Dir, "/src/c.cpp", {&Other}, Error)) << Error;
  std::vector<std::string> Need;
  ASSERT_TRUE(unitsNeedingFacts(Dir, Need, Error)) << Error;
  EXPECT_EQ(Need, std::vector<std::string>{"/src/a.cpp"});
}

TEST(FactLoc, FormatsFileNameAndLine) {
  EXPECT_EQ(formatFactLoc({"/src/dir/a.cpp", 12, 4}), "a.cpp:12");
}

} // namespace
} // namespace clang::tidy::retry::model
