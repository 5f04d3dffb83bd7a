// Fake <libpq-fe.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
extern "C" {
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
PGresult *PQexec(PGconn *conn, const char *query);
PGresult *PQexecParams(PGconn *conn, const char *command, int nParams,
                       const unsigned *paramTypes,
                       const char *const *paramValues, const int *paramLengths,
                       const int *paramFormats, int resultFormat);
int PQntuples(const PGresult *res);
char *PQcmdTuples(PGresult *res);
void PQclear(PGresult *res);
}
