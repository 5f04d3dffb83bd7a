// Fake <sqlite3.h>: SQLite runs in the process, on a local file.
#pragma once
#pragma clang system_header
#define SQLITE_BUSY 5
#define SQLITE_DONE 101
typedef struct sqlite3_stmt sqlite3_stmt;
int sqlite3_step(sqlite3_stmt *s);
int sqlite3_reset(sqlite3_stmt *s);
