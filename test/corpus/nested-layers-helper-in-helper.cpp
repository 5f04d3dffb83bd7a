// corpus: origin written
// corpus: expect retry-nested-layers
// A retry helper is given a lambda that itself calls a retry helper.
#include <chrono>
#include <random>
#include <string>
#include <thread>

template <class Op> bool retry_op(Op op, int attempts) {
  std::minstd_rand rng(std::random_device{}());
  for (int i = 0; i < attempts; ++i) {
    if (op())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << i)(rng)));
  }
  return false;
}

extern "C" int mq_send(const char *queue, const char *body, const char *dedup_id);
extern "C" int mq_flush(const char *queue);

bool send_and_flush(const char *queue, const char *body, const char *dedup_id) {
  return retry_op(
      [&] {
        if (!retry_op([&] { return mq_send(queue, body, dedup_id) == 0; }, 3))
          return false;
        return mq_flush(queue) == 0;
      },
      3);
}
