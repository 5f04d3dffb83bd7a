// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The job is created once with a stable key; the loop afterwards only polls
// its state with GET.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string job_id_from(const std::string &body);

bool run_export(httplib::Client &cli, const std::string &export_id) {
  httplib::Headers h = {{"Idempotency-Key", "export-" + export_id}};
  auto created = cli.Post("/exports", h, "{}", "application/json");
  if (!created || created->status != 202)
    return false;
  const std::string job = job_id_from(created->body);
  for (int poll = 0; poll < 8; ++poll) {
    auto st = cli.Get("/jobs/" + job);
    if (st && st->status != 200)
      return false;
    if (st && st->body == "done")
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1000 + rand() % 500));
  }
  return false;
}
