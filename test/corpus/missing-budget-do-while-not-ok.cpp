// corpus: origin written
// corpus: expect retry-missing-budget
// do/while that repeats while the read failed, with nothing else to stop it.
#include <chrono>
#include <random>
#include <thread>
#include <sqlite3.h>

extern "C" int replica_fetch_row(const char *table, long id, char *out, int n);

bool mirror_row(sqlite3 *local, long id) {
  std::minstd_rand rng(std::random_device{}());
  char buf[256];
  int rc;
  do {
    rc = replica_fetch_row("accounts", id, buf, sizeof buf);
    if (rc != 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(50, 800)(rng)));
  } while (rc != 0);
  return sqlite3_exec(local, buf, nullptr, nullptr, nullptr) == SQLITE_OK;
}
