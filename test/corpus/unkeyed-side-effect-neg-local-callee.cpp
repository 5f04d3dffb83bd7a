// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// SubmitJob only pushes onto an in-process queue (its body is here and
// leaves nothing), so the loop around it is not a retry of a side effect.
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

struct JobQueue {
  std::mutex mu;
  std::vector<std::string> items;
  std::size_t capacity = 64;
};

static bool SubmitJob(JobQueue &q, const std::string &job) {
  std::lock_guard<std::mutex> g(q.mu);
  if (q.items.size() >= q.capacity)
    return false;
  q.items.push_back(job);
  return true;
}

bool enqueue_with_wait(JobQueue &q, const std::string &job) {
  for (int i = 0; i < 5; ++i) {
    if (SubmitJob(q, job))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}
