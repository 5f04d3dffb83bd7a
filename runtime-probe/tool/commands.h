// Subcommands of retry-probe that live outside main.cpp.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
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

// Takes SIGINT/SIGTERM/SIGHUP over from construction on (so one that
// arrives while a server starts is not lost); wait() blocks until one
// arrives and returns its name. The destructor restores the default.
class StopSignal {
public:
  StopSignal();
  ~StopSignal();
  StopSignal(const StopSignal &) = delete;
  StopSignal &operator=(const StopSignal &) = delete;
  const char *wait();

private:
  std::mutex mu_;
  std::condition_variable cv_;
  int sig_ = 0;
};

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

struct ProxyArgs {
  std::string listen = "127.0.0.1";
  int port = 0;
  std::string upstream;
  std::vector<std::string> faults;
  std::string ledger = "retry-probe-proxy.jsonl";
  std::vector<std::string> intent_fields = {"intent"};
  std::string read_timeout = "10s";
  std::string upstream_timeout = "30s";
  std::string fsync = "before-reply";
};
int cmd_proxy(const ProxyArgs &a);

struct ReportArgs {
  std::string ledger, intents, intent_field;
  bool json = false;
};
int cmd_report(const ReportArgs &a);

} // namespace retryprobe_tool
