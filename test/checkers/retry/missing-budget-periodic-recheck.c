// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t
//
// A periodic task re-armed at its own period after a failure (docs/rules.md,
// retries by re-issue): a health check that re-arms itself with its
// interval (`delay_loop`) when it is disabled, and with the same interval
// when its connect fails, runs on its schedule either way; the failure
// re-issues nothing sooner. A re-arm on the failure with a delay of its own
// (`delay_before_retry`) is the retry.

typedef struct thread thread_t;
typedef void (*thread_func_t)(thread_t *);
typedef struct master master_t;
void thread_add_timer(master_t *m, thread_func_t f, void *arg,
                      unsigned long delay);
void *thread_arg(thread_t *t);
master_t *thread_master(thread_t *t);
int socket_open(int family);
int tcp_bind_connect(int sd, const char *host);
void close_fd(int sd);
void log_message(const char *msg);

typedef struct {
  int enabled;
  const char *host;
  unsigned long delay_loop;
  unsigned long delay_before_retry;
} checker_t;

static void smtp_connect_thread(thread_t *thread);

static void smtp_start_check_thread(thread_t *thread) {
  smtp_connect_thread(thread);
}

/* keepalived's SMTP checker, reduced. */
static void smtp_connect_thread(thread_t *thread) {
  checker_t *checker = thread_arg(thread);
  int sd;
  if (!checker->enabled) {
    thread_add_timer(thread_master(thread), smtp_start_check_thread, checker,
                     checker->delay_loop);
    return;
  }
  if ((sd = socket_open(2)) == -1) {
    log_message("SMTP_CHECK failed to create socket. Rescheduling.");
    thread_add_timer(thread_master(thread), smtp_start_check_thread, checker,
                     checker->delay_loop);
    return;
  }
  if (tcp_bind_connect(sd, checker->host) != 0) {
    close_fd(sd);
    log_message("SMTP_CHECK socket bind failed. Rescheduling.");
    thread_add_timer(thread_master(thread), smtp_start_check_thread, checker,
                     checker->delay_loop);
  }
}

static void tcp_connect_thread(thread_t *thread);

static void tcp_start_thread(thread_t *thread) { tcp_connect_thread(thread); }

/* The same check retried sooner after a failed connect: a re-arm of its
   own, with a constant delay and no cap. */
static void tcp_connect_thread(thread_t *thread) {
  checker_t *checker = thread_arg(thread);
  int sd = socket_open(2);
  if (tcp_bind_connect(sd, checker->host) != 0) {
    close_fd(sd);
    log_message("TCP_CHECK connect failed, retrying");
    thread_add_timer(thread_master(thread), tcp_start_thread, checker,
                     checker->delay_before_retry);
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: re-issue of 'tcp_start_thread' in 'tcp_connect_thread' has no attempt cap and no deadline
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-3]]:5: warning: wait between attempts is constant and has no jitter
    return;
  }
  close_fd(sd);
  thread_add_timer(thread_master(thread), tcp_start_thread, checker,
                   checker->delay_loop);
}
