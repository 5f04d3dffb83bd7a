// The jitter scenarios: synchronized waves without jitter, spread with it,
// on a virtual clock so the numbers are the schedule's on any machine.
#include "retryprobe/faults.h"
#include "retryprobe/scenarios.h"
#include "retryprobe/waves.h"

#include <gtest/gtest.h>

#include <map>
#include <thread>

using namespace retryprobe;
using namespace std::chrono_literals;

namespace {

long figure(const Reading &r, const std::string &name) {
  for (const auto &f : r.figures)
    if (f.name == name)
      return f.measured;
  ADD_FAILURE() << r.scenario << " has no figure " << name;
  return -1;
}

} // namespace

TEST(Waves, PeakCountsTheBusiestWindow) {
  EXPECT_EQ(peak_in_window({}, 10), (std::pair<int, long>{0, 0}));
  EXPECT_EQ(peak_in_window({5, 0, 9, 10, 30}, 10),
            (std::pair<int, long>{3, 0}));
  // [t, t + 10): 10 and 19 share a window, 20 does not.
  EXPECT_EQ(peak_in_window({10, 19, 20, 29, 29}, 10),
            (std::pair<int, long>{3, 20}));
}

// After the outage the service admits `capacity` per slot of virtual time,
// whatever the wall clock does.
TEST(Waves, OutageCapacityIsJudgedOnTheGivenClock) {
  FaultSpec f;
  f.kind = FaultKind::outage;
  f.window = 1000ms;
  f.capacity = 2;
  f.capacity_window = 10ms;
  FaultPlan plan(f);
  long now = 0;
  plan.set_clock(
      [&] { return std::chrono::steady_clock::time_point(1ms * now); });
  EXPECT_EQ(plan.next("a").kind, FaultKind::outage); // opens the window
  now = 999;
  EXPECT_EQ(plan.next("a").kind, FaultKind::outage);
  now = 1000;
  EXPECT_EQ(plan.next("a").kind, FaultKind::none);
  EXPECT_EQ(plan.next("b").kind, FaultKind::none);
  EXPECT_EQ(plan.next("c").kind, FaultKind::outage); // third in the slot
  now = 1010;
  EXPECT_EQ(plan.next("c").kind, FaultKind::none); // a new slot
  EXPECT_EQ(plan.describe(), "outage 1000ms, then 2 per 10ms");
}

TEST(Waves, WithoutJitterEveryRetryIsAWaveWithJitterNone) {
  auto rs = run_scenarios({"wave_fixed_no_jitter", "wave_fixed_full_jitter",
                           "wave_exponential_no_jitter",
                           "wave_exponential_full_jitter"},
                          {});
  std::map<std::string, const Reading *> m;
  for (const auto &r : rs) {
    EXPECT_EQ(r.error, "") << r.scenario;
    EXPECT_TRUE(r.matches) << r.scenario;
    EXPECT_EQ(r.measured.committed, 50) << r.scenario;
    EXPECT_EQ(r.measured.duplicates, 0) << r.scenario;
    EXPECT_EQ(r.measured.lost, 0) << r.scenario;
    m[r.scenario] = &r;
  }
  for (auto [bad, fix] :
       {std::pair<const char *, const char *>{"wave_fixed_no_jitter",
                                              "wave_fixed_full_jitter"},
        {"wave_exponential_no_jitter", "wave_exponential_full_jitter"}}) {
    // All 50 clients in one 10 ms window, against at most a fifth of them.
    EXPECT_EQ(figure(*m.at(bad), "peak_retries_10ms"), 50) << bad;
    EXPECT_LE(figure(*m.at(fix), "peak_retries_10ms") * 3, 50) << fix;
    EXPECT_LT(figure(*m.at(fix), "all_succeeded_ms"),
              figure(*m.at(bad), "all_succeeded_ms"))
        << fix;
  }
}

// The virtual clock makes the reading the schedule's: a busy machine (here
// two spinning threads) changes nothing, attempt for attempt.
TEST(Waves, ReadingDoesNotDependOnMachineLoad) {
  Reading quiet = run_scenario("wave_exponential_full_jitter", {});
  std::atomic<bool> spin{true};
  std::vector<std::thread> hogs;
  for (int i = 0; i < 2; ++i)
    hogs.emplace_back([&] {
      while (spin.load())
        std::this_thread::yield();
    });
  Reading busy = run_scenario("wave_exponential_full_jitter", {});
  spin = false;
  for (auto &t : hogs)
    t.join();
  EXPECT_EQ(canonical_json(quiet), canonical_json(busy));
}
