// Fake <sqlite3.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#ifdef __cplusplus
extern "C" {
#endif
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
#define SQLITE_OK 0
#define SQLITE_ROW 100
#define SQLITE_DONE 101
#define SQLITE_TRANSIENT ((void (*)(void *))-1)
int sqlite3_open(const char *filename, sqlite3 **db);
int sqlite3_close(sqlite3 *);
int sqlite3_exec(sqlite3 *, const char *sql,
                 int (*callback)(void *, int, char **, char **), void *,
                 char **errmsg);
int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int nbyte,
                       sqlite3_stmt **stmt, const char **tail);
int sqlite3_bind_text(sqlite3_stmt *, int, const char *, int,
                      void (*)(void *));
int sqlite3_bind_int64(sqlite3_stmt *, int, long long);
int sqlite3_step(sqlite3_stmt *);
int sqlite3_reset(sqlite3_stmt *);
int sqlite3_finalize(sqlite3_stmt *);
int sqlite3_changes(sqlite3 *);
#ifdef __cplusplus
}
#endif
