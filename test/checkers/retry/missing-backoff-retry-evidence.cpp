// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Retry evidence (docs/rules.md, "Evidence, both ways"): a site that
// re-issues only calls the model does not know is a retry site when it
// shows that it means to retry: a counter of its rounds compared with a
// bound, or a name, message or comment in or next to it that says retry,
// attempt, tries, again, backoff or reconnect. Without one it is work (a
// parser, a filter, a poll) and stays silent. Every loop here re-sends with
// no wait, so each retry site is a missing-backoff finding.

int db_exec(void *conn, const char *sql); // 0 on success (another file)
int mq_publish(void *queue, const char *msg);
bool link_up(void *dev);
void log_event(const char *what);
int next_token(void *parser);
bool matches(int token, int kind);
int slot_acquire(void *pool, int slot);
bool job_done(void *job);
int fetch_row(void *cursor);
int retrieve_row(void *cursor);

#include <curl/curl.h>
#include <string>

#define RETRY_FOREVER for (;;)

// A counter of rounds compared with a bound, nothing else says retry.
int exec_counted_bad(void *c) {
  for (int n = 0; n < 5; ++n) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (db_exec(c, "UPDATE t SET v = 1") == 0)
      return 0;
  }
  return -1;
}

// Counting down in the condition.
int exec_countdown_bad(void *c) {
  int left = 4;
  while (left-- > 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (db_exec(c, "UPDATE t SET v = 2") == 0)
      return 0;
  }
  return -1;
}

// A message says it: the log line in the failure branch.
void publish_message_bad(void *q, const char *m) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (mq_publish(q, m) == 0)
      break;
    log_event("publish failed, trying again");
  }
}

// A comment next to the loop says it.
void publish_comment_bad(void *q, const char *m) {
  // keep re-sending until the broker takes it (no retry limit yet)
  while (mq_publish(q, m) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
  }
}

// A name: the counter's.
int exec_named_bad(void *c, int max_tries) {
  for (int tries = 0;; ++tries) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (db_exec(c, "UPDATE t SET v = 4") == 0 || tries == max_tries)
      return tries;
  }
}

// The function's own comment says it: sends the message, retrying until the
// broker takes it.
void publish_documented_bad(void *q, const char *m) {
  for (;;)
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (mq_publish(q, m) == 0)
      break;
}

// FIXME: the outcome travels through a flag the loop tests (`need_retry =
// call() != 0; while (need_retry)`); the loop is not read as going back on
// the call's failure yet.
void publish_named_FN(void *q, const char *m) {
  bool need_retry = true;
  while (need_retry) {
    need_retry = mq_publish(q, m) != 0;
  }
}

// The enclosing function's name says it.
void reconnect_link(void *dev) {
  while (!link_up(dev)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
  }
}

// A macro's name says it.
void publish_macro_bad(void *q, const char *m) {
  RETRY_FOREVER {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (mq_publish(q, m) == 0)
      return;
  }
}

// A label says it.
int exec_label_bad(void *c) {
  int rc;
again:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto re-sends immediately after a failure
  rc = db_exec(c, "INSERT INTO t VALUES (1)");
  if (rc != 0)
    goto again;
  return rc;
}

// Nothing says so: the same shapes are work and stay silent.
int exec_until_done_ok(void *c) {
  for (;;) {
    if (db_exec(c, "UPDATE t SET v = 3") == 0)
      return 0;
  }
}

void publish_until_taken_ok(void *q, const char *m) {
  while (mq_publish(q, m) != 0) {
  }
}

int skip_to_keyword_ok(void *p, int kind) {
  int t;
  while (!matches(t = next_token(p), kind)) {
  }
  return t;
}

// The counter picks the slot: a walk, not attempts.
int first_free_slot_ok(void *pool, int n) {
  for (int i = 0; i < n; ++i)
    if (slot_acquire(pool, i) == 0)
      return i;
  return -1;
}

void wait_for_job_ok(void *job) {
  while (!job_done(job)) {
  }
}

// A name that only begins like the word (retrieve) says nothing.
int retrieve_first_ok(void *cur) {
  while (retrieve_row(cur) != 0) {
  }
  return 0;
}

// The label is only a place to jump to.
int exec_label_ok(void *c) {
  int rc;
top:
  rc = fetch_row(c);
  if (rc != 0)
    goto top;
  return rc;
}

// The counter feeds what each round works on (a name built from it): it
// picks the work, it does not count attempts.
std::string format_name(const char *fmt, const char *base, int n);
struct File {
  explicit File(const std::string &path);
  bool exists() const;
};
int free_name_ok(const char *base) {
  for (int i = 1; i < 10000; ++i) {
    auto candidate = format_name("%s.%d", base, i);
    File f(candidate);
    if (!f.exists())
      return i;
  }
  return -1;
}

// A counter that is only compared, logged and fed to a wait counts rounds.
void log_attempt(const char *what, int n);
int exec_logged_bad(void *c) {
  for (int k = 0; k < 4; ++k) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (db_exec(c, "UPDATE t SET v = 5") == 0)
      return 0;
    log_event("failed");
    log_attempt("exec", k);
  }
  return -1;
}

// A walk down a linked list of configured targets, probing each: the loop
// moves to the next one whatever happened.
struct Target {
  Target *next;
  const char *url;
};
int send_probe(const char *url); // reaches the network (another file)
static int probe(Target *t) {
  int rc = send_probe(t->url);
  return rc;
}
void probe_all_ok(Target *root) {
  for (Target *t = root; t != nullptr; t = t->next) {
    if (probe(t) != 0)
      continue;
  }
}

// A walk down the configured instances, each probed once through a helper
// that sends a request: the for-increment moves to the next instance, so
// each round sends a different request (rsyslog's omelasticsearch checkCnf).
struct Instance {
  Instance *next;
  CURL *curl;
};
static int detect_version(Instance *inst) {
  return curl_easy_perform(inst->curl) == CURLE_OK ? 0 : -1;
}
int check_config_ok(Instance *root) {
  for (Instance *inst = root; inst != nullptr; inst = inst->next) {
    int rc = detect_version(inst);
    if (rc == -2)
      return rc;
    if (rc != 0)
      log_event("version detection failed, going on with defaults");
  }
  return 0;
}
