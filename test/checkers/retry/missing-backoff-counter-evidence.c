// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// What makes a counter an attempt counter (docs/rules.md, retry evidence):
// it counts rounds and is compared with a bound. An index that picks what a
// round works on is a walk's position, whether it subscripts (`items[i]`)
// or is added to a pointer (`ci->children + i`, `*(list + i)`). A counter
// tested only through a mask or a remainder (`(j & 0x3f) == 0x3f`, `j % 64
// == 0`) marks a period (flush a line every 64 rounds): it bounds nothing.

typedef struct item {
  const char *key;
  const char *value;
} item_t;
typedef struct config {
  item_t *children;
  int children_num;
} config_t;

int get_string(const item_t *ci, char *buf, int len); // another file
int strcasecmp(const char *a, const char *b);
int read_value(double *v);    // another file: a device read
int step_sweep(void *sweep);  // another file: 1 when the sweep is done
int match_acl(void *acl);     // another file
void flush_line(void);
void log_error(const char *msg);

/* collectd's wl_config, reduced: a walk over config children. */
int config_walk_pointer_ok(config_t *ci) {
  for (int i = 0; i < ci->children_num; i++) {
    item_t *child = ci->children + i;
    char str[16];
    if (get_string(child, str, sizeof str) != 0)
      continue;
    if (strcasecmp(str, "Graphite") == 0)
      return 1;
  }
  return 0;
}

/* The same walk through a dereferenced sum. */
int config_walk_deref_ok(item_t *list, int n) {
  char str[16];
  for (int i = 0; i < n; i++) {
    if (get_string(&*(list + i), str, sizeof str) != 0)
      continue;
    return 1;
  }
  return 0;
}

/* varnish's ACL sweep, reduced: a line flushed every 64 rounds. */
int acl_sweep_mask_ok(void *acl, void *sweep) {
  int hits = 0;
  for (int j = 0;; j++) {
    hits += match_acl(acl);
    if ((j & 0x3f) == 0x3f)
      flush_line();
    if (step_sweep(sweep) > 0)
      break;
  }
  return hits;
}

/* The same period written as a remainder. */
int acl_sweep_modulo_ok(void *acl, void *sweep) {
  int hits = 0;
  for (int j = 0;; j++) {
    hits += match_acl(acl);
    if (j % 64 == 0)
      flush_line();
    if (step_sweep(sweep) > 0)
      break;
  }
  return hits;
}

/* collectd's ted_read, reduced: the device is read again at once. */
int read_retries_bad(int conf_retries, double *v) {
  int status = -1;
  for (int i = 0; i <= conf_retries; i++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    status = read_value(v);
    if (status == 0)
      break;
  }
  return status;
}

/* A counter logged every tenth round and also compared with a bound. */
int read_logged_every_tenth_bad(double *v) {
  for (int tries = 0; tries < 5; tries++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (read_value(v) == 0)
      return 0;
    if (tries % 10 == 0)
      log_error("read failed");
  }
  return -1;
}

/* A counter tested only through a remainder caps nothing. */
int read_forever_logged_bad(double *v) {
  for (int tries = 1;; tries++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:3: warning: retry loop has no attempt cap and no deadline
    if (read_value(v) == 0)
      return 0;
    if (tries % 100 == 0)
      log_error("still retrying");
  }
}
