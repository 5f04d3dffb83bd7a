// Fake <hiredis/hiredis.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
extern "C" {
typedef struct redisContext redisContext;
typedef struct redisReply {
  int type;
  long long integer;
  char *str;
} redisReply;
void *redisCommand(redisContext *c, const char *format, ...);
void freeReplyObject(void *reply);
}
