// The workflow checkpoint (SQLite) that the replay scenarios resume from.
#include "retryprobe/workflow.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace retryprobe;
namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string &name) {
  fs::path p = fs::temp_directory_path() /
               ("retryprobe-wf-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}
const WorkflowAction kCharge{"charge", "ord-001", 1000};
} // namespace

TEST(Workflow, KeysDependOnRunNotOnExecution) {
  EXPECT_EQ(workflow_key("run-1", kCharge), workflow_key("run-1", kCharge));
  EXPECT_NE(workflow_key("run-1", kCharge), workflow_key("run-2", kCharge));
  EXPECT_NE(workflow_key("run-1", kCharge),
            workflow_key("run-1", WorkflowAction{"refund", "ord-001", 1000}));
  EXPECT_NE(execution_key("run-1", kCharge, 1),
            execution_key("run-1", kCharge, 2));
  EXPECT_EQ(workflow_intent("run-2", kCharge), "run-2/ord-001");
}

TEST(Workflow, FactsAreUniquePerRunActionAndKey) {
  fs::path dir = scratch("unique");
  std::string path = (dir / "cp.sqlite").string();
  {
    Checkpoint cp(path, CheckpointKind::intent_and_fact);
    cp.record_intents("run-1", {kCharge});
    EXPECT_EQ(cp.key("run-1", kCharge), workflow_key("run-1", kCharge));
    EXPECT_FALSE(cp.fact("run-1", kCharge));
    cp.record_fact("run-1", kCharge, "rcpt-1");
    EXPECT_THROW(cp.record_fact("run-1", kCharge, "rcpt-2"), FactExists);
  }
  // A new worker (a restart) reads what the crashed one wrote.
  Checkpoint again(path, CheckpointKind::intent_and_fact);
  EXPECT_EQ(again.fact("run-1", kCharge), std::string("rcpt-1"));
  EXPECT_EQ(again.fact_count("run-1"), 1);
  fs::remove_all(dir);
}

TEST(Workflow, IntentOnlyKeepsNoKeysAndNoFacts) {
  fs::path dir = scratch("intent-only");
  Checkpoint cp((dir / "cp.sqlite").string(), CheckpointKind::intent_only);
  cp.record_intents("run-1", {kCharge});
  ASSERT_EQ(cp.intents("run-1").size(), 1u);
  EXPECT_FALSE(cp.key("run-1", kCharge));
  EXPECT_THROW(cp.record_fact("run-1", kCharge, "rcpt-1"), std::logic_error);
  fs::remove_all(dir);
}

TEST(Workflow, ForkCopiesIntentsWithNewKeysAndNoFacts) {
  fs::path dir = scratch("fork");
  Checkpoint cp((dir / "cp.sqlite").string(), CheckpointKind::intent_and_fact);
  cp.record_intents("run-1", {kCharge, {"charge", "ord-002", 500}});
  cp.record_fact("run-1", kCharge, "rcpt-1");
  cp.fork("run-1", "run-2");
  auto forked = cp.intents("run-2");
  ASSERT_EQ(forked.size(), 2u);
  EXPECT_EQ(forked[1].key, "ord-002");
  EXPECT_EQ(forked[1].amount, 500);
  EXPECT_EQ(cp.key("run-2", kCharge), workflow_key("run-2", kCharge));
  EXPECT_FALSE(cp.fact("run-2", kCharge));
  // Forking again under the same id is refused, not silently doubled.
  EXPECT_THROW(cp.fork("run-1", "run-2"), std::runtime_error);
  fs::remove_all(dir);
}
