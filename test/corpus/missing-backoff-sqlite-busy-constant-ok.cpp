// corpus: origin written
// corpus: negative retry-missing-backoff retry-missing-budget
// SQLITE_BUSY on a local database file, retried with a short constant
// sleep: a lock wait, not a remote operation, so the jitter rule does not
// apply.
#include <sqlite3.h>
#include <unistd.h>

#ifndef SQLITE_BUSY
#define SQLITE_BUSY 5
#endif

bool record_visit(sqlite3 *db, sqlite3_stmt *insert) {
  for (int tries = 0; tries < 8; ++tries) {
    int rc = sqlite3_step(insert);
    if (rc == SQLITE_DONE) {
      sqlite3_reset(insert);
      return true;
    }
    sqlite3_reset(insert);
    if (rc != SQLITE_BUSY)
      return false;
    usleep(2000);
  }
  (void)db;
  return false;
}
