// Subcommands of retry-probe that live outside main.cpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace retryprobe_tool {

// Exit codes shared by every subcommand (see main.cpp).
enum Exit {
  kOk = 0,
  kUsage = 1,
  kContradiction = 2,
  kPrecondition = 3,
  kNoInput = 4,
  kSelftest = 5
};

// Replaces the default reaction to SIGINT/SIGTERM/SIGHUP (remove temporary
// directories and exit); runs on the signal-watcher thread.
void on_signal(std::function<void(int)> fn);

// "retry-probe: error: WHAT" on stderr: every error is this one line.
void print_error(const std::string &what);

struct ServeArgs {
  std::string listen = "127.0.0.1";
  int port = 0;
  std::string store = "naive";
  std::vector<std::string> faults;
  std::string ledger = "retry-probe-ledger.jsonl";
  std::string intent_field = "intent";
  std::string read_timeout = "10s";
};
int cmd_serve(const ServeArgs &a);

struct ReportArgs {
  std::string ledger, intents, intent_field;
  bool json = false;
};
int cmd_report(const ReportArgs &a);

} // namespace retryprobe_tool
