// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Delay tables (docs/rules.md, "Evidence, both ways"): an attempt counter
// that picks the next wait from a table (`delays[attempt]`) is the retry's
// own bookkeeping, not a walk over a container; a counter that picks what
// each round sends still walks.

#include <chrono>
#include <initializer_list>
#include <thread>
#include <unistd.h>

bool send_order(int id); // in another file

static const int kDelaysMs[] = {100, 200, 400};

bool place_table_bad(int id) {
  for (int i = 0; i < 3; ++i) {
    if (send_order(id))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(kDelaysMs[i]));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
  }
  return false;
}

bool place_table_local_bad(int id) {
  const unsigned gaps_s[] = {1, 2, 4, 8};
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (send_order(id))
      return true;
    unsigned gap = gaps_s[attempt];
    sleep(gap);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
  }
  return false;
}

// The counter picks the order each round sends: a walk, however it waits.
bool place_each_ok(const int *ids, int n) {
  bool all = true;
  for (int i = 0; i < n; ++i) {
    if (!send_order(ids[i]))
      all = false;
    std::this_thread::sleep_for(std::chrono::milliseconds(kDelaysMs[i % 3]));
  }
  return all;
}

// FIXME: a range-for over the gaps is no loop the model reads as a retry
// site: its missing jitter is missed.
bool place_range_FN(int id) {
  for (int delay_ms : {100, 200, 400}) {
    if (send_order(id))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
  }
  return false;
}
