// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// A fixed table of job slots: each slot's state is claimed with one
// compare_exchange_strong; the key is the job id, not a request key.
#include <atomic>
#include <string>

struct Slot {
  std::atomic<int> state; // 0 free, 1 running, 2 done
};

Slot g_slots[256];
bool run_job(int job_id); // writes the job's output (another file)

int start(int job_id) {
  Slot &s = g_slots[job_id % 256];
  int expected = 0;
  if (!s.state.compare_exchange_strong(expected, 1))
    return expected == 2 ? 200 : 409;
  const bool ok = run_job(job_id);
  s.state.store(ok ? 2 : 0);
  return ok ? 201 : 500;
}
