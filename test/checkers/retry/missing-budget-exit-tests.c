// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
//
// A cap is a test that can end the loop (docs/rules.md, budget exits): a
// branch that leaves it (`break`, `return`, `goto`, a call that does not
// return such as `exit`), goes back (`if (n == 0) continue; return r;`) or
// sets what the loop's condition tests. A test of the attempt counter whose
// branches only go on (`else if (tries > 0) printf(...)`) bounds nothing.

typedef struct ctx {
  int err;
} ctx;
typedef struct reply reply;
ctx *connect_wrapper(const char *host, int port);
void ctx_free(ctx *c);
reply *send_command(ctx *c, const char *cmd);
int printf(const char *fmt, ...);
int usleep(unsigned int usec);
_Noreturn void exit(int status);
#define ERR_IO 1
#define ERR_EOF 2

/* redis-cli's reconnecting command: the counter only picks a message. */
reply *reconnecting_command_bad(ctx *c, const char *cmd) {
  reply *r = 0;
  int tries = 0;
  while (r == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    while (c->err & (ERR_IO | ERR_EOF)) {
      printf("Reconnecting... %d\r", ++tries);
      ctx_free(c);
      c = connect_wrapper("localhost", 6379);
      usleep(1000000);
    }
    r = send_command(c, cmd);
    if (c->err && !(c->err & (ERR_IO | ERR_EOF)))
      exit(1);
    else if (tries > 0)
      printf("\n");
  }
  return r;
}

/* The same giving up through a call that does not return. */
reply *reconnecting_command_exit_ok(ctx *c, const char *cmd) {
  reply *r = 0;
  int tries = 0;
  while (r == 0) {
    while (c->err & (ERR_IO | ERR_EOF)) {
      if (++tries > 5)
        exit(1);
      ctx_free(c);
      c = connect_wrapper("localhost", 6379);
      usleep(1000000);
    }
    r = send_command(c, cmd);
  }
  return r;
}

/* Giving up by setting what the loop's condition tests. */
reply *reconnecting_command_flag_ok(ctx *c, const char *cmd) {
  reply *r = 0;
  int tries = 0, gave_up = 0;
  while (r == 0 && !gave_up) {
    r = send_command(c, cmd);
    if (r == 0) {
      if (++tries >= 5)
        gave_up = 1;
      usleep(1000000);
    }
  }
  return r;
}

/* A test that goes back once and otherwise leaves: one retry. */
reply *retry_once_ok(ctx *c, const char *cmd) {
  for (int num_retries = 0;; ++num_retries) {
    reply *r = send_command(c, cmd);
    if (r != 0)
      return r;
    if (num_retries == 0)
      continue;
    return 0;
  }
}
