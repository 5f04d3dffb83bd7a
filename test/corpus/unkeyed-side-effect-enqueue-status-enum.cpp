// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A queue client's EnqueueJob returns a status enum; Timeout loops back.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace jobs {
enum class Result { Ok, Timeout, Rejected };
class QueueClient {
public:
  Result EnqueueJob(const std::string &queue, const std::string &payload);
};
} // namespace jobs

bool schedule_report(jobs::QueueClient &q, const std::string &payload) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    jobs::Result r = q.EnqueueJob("reports", payload);
    if (r == jobs::Result::Ok)
      return true;
    if (r != jobs::Result::Timeout)
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
