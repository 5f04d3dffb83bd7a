// A retry helper and a pause class defined in a project header.
#pragma once
#include <chrono>
#include <thread>

struct Pause {
  void between(int attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
  }
};

template <class Op> bool attempt_until_ok(Op op, int limit) {
  for (int n = 0; n < limit; ++n) {
    if (op())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}
