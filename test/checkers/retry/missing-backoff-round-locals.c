// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// An attempt counter outlives the round it counts (docs/rules.md, retry
// evidence): a variable declared inside the loop's body starts afresh each
// round, so a hash accumulated in it or a length counted in it counts
// nothing across rounds, even when a macro declares it and compares it
// with a bound. A counter declared before the loop still counts.

#include <stdbool.h>
#include <stddef.h>

struct list;
struct entry {
  unsigned hashv;
  struct entry *next;
};
struct table {
  struct entry *first;
};
bool list_empty(struct list *l);
char *list_pop(struct list *l);
void table_add(struct table *t, const char *name, unsigned hash);
void release(char *s);
int db_exec(void *conn, const char *sql);

/* uthash's HASH_FIND, reduced: a hash accumulated in a local of the
   expansion, then compared with each entry's. */
#define HASH_FIND(t, key, out)                                                 \
  do {                                                                         \
    unsigned _hf_hashv = 0;                                                    \
    const char *_hf_key = (key);                                               \
    while (*_hf_key)                                                           \
      _hf_hashv += (unsigned)*_hf_key++;                                       \
    (out) = (t)->first;                                                        \
    while ((out) && (out)->hashv != _hf_hashv)                                 \
      (out) = (out)->next;                                                     \
  } while (0)

/* pgbouncer's init_var_lookup_from_config, reduced: names popped off a
   list until it is empty, an empty pop skipped. */
void load_names_ok(struct list *l, struct table *t) {
  while (!list_empty(l)) {
    char *name = list_pop(l);
    struct entry *found;
    if (!name)
      continue;
    HASH_FIND(t, name, found);
    if (found != NULL)
      continue;
    table_add(t, name, 0);
    release(name);
  }
}

/* The same with the length counted by hand in the body. */
void load_short_names_ok(struct list *l, struct table *t) {
  while (!list_empty(l)) {
    char *name = list_pop(l);
    if (!name)
      continue;
    size_t len = 0;
    while (name[len])
      len++;
    if (len > 32)
      continue;
    table_add(t, name, (unsigned)len);
  }
}

/* A counter declared before the loop counts its rounds. */
int exec_counted_bad(void *c) {
  int n = 0;
  while (db_exec(c, "UPDATE jobs SET state = 1") != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (++n >= 5)
      return -1;
  }
  return 0;
}
