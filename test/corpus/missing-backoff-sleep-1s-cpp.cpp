// corpus: origin written
// corpus: expect retry-missing-backoff
// sleep(1) between attempts: constant.
#include <sqlite3.h>
#include <unistd.h>

extern "C" int s3_put_file(const char *bucket, const char *key, const char *path);

bool archive_db(sqlite3 *db, const char *path) {
  sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
  for (int i = 0; i < 5; ++i) {
    if (s3_put_file("backups", "nightly.db", path) == 0)
      return true;
    sleep(1);
  }
  return false;
}
