// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-budget retry-missing-backoff
// corpus: negative retry-missing-budget
// A poll: the loop re-reads the export job while it is still running and
// returns on any failed read. A poll is not a retry site.
#include <chrono>
#include <httplib.h>
#include <string>
#include <thread>

enum class ExportState { Running, Done, Failed };

static ExportState parse_state(const std::string &body) {
  if (body == "done")
    return ExportState::Done;
  if (body == "running")
    return ExportState::Running;
  return ExportState::Failed;
}

bool wait_for_export(httplib::Client &cli, const std::string &job) {
  for (;;) {
    auto res = cli.Get("/exports/" + job + "/state");
    if (!res || res->status != 200)
      return false;
    ExportState st = parse_state(res->body);
    if (st != ExportState::Running)
      return st == ExportState::Done;
    std::this_thread::sleep_for(std::chrono::seconds(2));
  }
}
