// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// Work that looks like a retry at a glance (docs/rules.md, "Evidence, both
// ways"): a parser that counts the records of a packet, a walk driven by an
// iterator's next, a private key decoded with each cached passphrase in
// turn. Each is silent; the retries written beside them are still found.
//
// - A size a call returns (`size_t`) is zero when it found or did nothing:
//   `len == 0` is its failure, not C's zero-is-success status convention.
// - A loop whose condition asks an iterator for the next item
//   (`lua_next(L, 2) != 0`, `list_next(&it)`) walks items.
// - A call with a password callback parameter (OpenSSL's
//   `pem_password_cb`), or handed a function named for a password, may ask
//   the person for the passphrase.

typedef unsigned long size_t;
typedef struct Buf Buf;
typedef struct Dev Dev;
typedef struct lua_State lua_State;
typedef struct Bio Bio;
typedef struct Key Key;
typedef int pem_password_cb(char *buf, int size, int rwflag, void *u);

size_t rr_name_len(Buf *pkt);     /* 0: malformed name */
size_t buf_remaining(Buf *pkt);
unsigned short buf_read_u16(Buf *pkt);
void buf_skip(Buf *pkt, long n);
void note(const char *fmt, ...);
size_t read_frame(Dev *d, char *buf, size_t len); /* 0: no frame yet */
size_t fetch_reply(Dev *d, char *buf, size_t len);
int send_request(Dev *d, const char *req);
int lua_next(lua_State *L, int idx);
void lua_pop(lua_State *L, int n);
int load_entry(lua_State *L, const char *key);
void *current_task(lua_State *L);
int publish_entry(Dev *d, lua_State *L);
unsigned sleep(unsigned s);
Key *read_private_key(Bio *in, Key **x, pem_password_cb *cb, void *u);
Key *load_key_file(const char *path, int (*cb)(char *, int, int, void *),
                   void *u);
Key *open_remote_key(const char *url, int (*on_event)(int, void *), void *u);
int key_passwd_cb(char *buf, int size, int rwflag, void *u);
int on_key_event(int ev, void *u);
void bio_reset(Bio *in);

struct cb_data {
  int idx;
  int called;
};

/* unbound's transfer check, reduced: one pass over the question records
   of a reply; any malformed record ends it. Nothing is sent. */
int check_questions_ok(Buf *pkt, int qdcount) {
  int i;
  for (i = 0; i < qdcount; i++) {
    if (rr_name_len(pkt) == 0) {
      note("xfr failed, packet with malformed dname");
      return 0;
    }
    if (buf_remaining(pkt) < 4) {
      note("xfr failed, truncated query RR");
      return 0;
    }
    if (buf_read_u16(pkt) != 252)
      return 0;
  }
  return 1;
}

/* The same parser written with the length kept: a count down of names
   and a remaining length. */
int rdata_size_ok(Buf *pkt, size_t pkt_len, int count) {
  size_t len;
  while (pkt_len > 0 && count) {
    if ((len = rr_name_len(pkt)) == 0)
      return 0;
    if (pkt_len < len)
      return 0;
    pkt_len -= len;
    count--;
  }
  return count == 0;
}

/* A frame read again while none has come: zero is "nothing yet", and the
   loop goes back on it at once, five times. */
size_t read_frame_retry_bad(Dev *d, char *buf, size_t len) {
  size_t got;
  int attempts = 0;
  while ((got = read_frame(d, buf, len)) == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (++attempts > 5)
      return 0;
    send_request(d, "REPEAT");
  }
  return got;
}

/* The same with the size tested for truth and a counted `for`. */
size_t fetch_reply_retry_bad(Dev *d, char *buf, size_t len) {
  for (int tries = 0; tries < 3; tries++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    send_request(d, "STATUS");
    size_t n = fetch_reply(d, buf, len);
    if (n)
      return n;
  }
  return 0;
}

/* haproxy's bulk load from a Lua table, reduced: the condition steps the
   table's iterator, and a count of entries loaded makes it yield. */
int add_bulk_ok(lua_State *L) {
  int count = 0;
  while (lua_next(L, 2) != 0) {
    if (!load_entry(L, "key"))
      return -1;
    lua_pop(L, 1);
    count += 1;
    if (count > 100 && current_task(L))
      return 0;
  }
  return 1;
}

/* The same walk publishing each entry, with a retry word in a comment:
   still one entry per round. */
int publish_all_ok(Dev *d, lua_State *L) {
  int sent = 0;
  /* try to publish every entry of the table */
  while (lua_next(L, 1)) {
    if (publish_entry(d, L) != 0)
      return -1;
    lua_pop(L, 1);
    if (++sent > 50)
      return sent;
  }
  return sent;
}

/* A publish retried inside such a walk is still a retry. */
int publish_each_retry_bad(Dev *d, lua_State *L) {
  while (lua_next(L, 1) != 0) {
    for (int attempt = 0; attempt < 3; attempt++) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: retry loop re-sends immediately after a failure
      if (publish_entry(d, L) == 0)
        break;
    }
    lua_pop(L, 1);
  }
  return 0;
}

/* haproxy's private key load, reduced: the password callback tries each
   cached passphrase, then asks the person; the decode is attempted again
   while it has not run out. */
Key *load_private_key_ok(Bio *in, struct cb_data *cb) {
  Key *key;
  do {
    key = read_private_key(in, 0, key_passwd_cb, cb);
  } while (!key && cb->idx != -1 && cb->called);
  return key;
}

/* The same with a loader whose callback parameter is an untyped function
   pointer: the function handed names a password. */
Key *load_key_attempts_ok(const char *path, struct cb_data *cb) {
  Key *key = 0;
  for (int attempt = 0; attempt < 20 && !key; attempt++)
    key = load_key_file(path, key_passwd_cb, cb);
  return key;
}

/* A remote key fetched again after a failure, handed an event callback:
   no person in it, a retry with no wait and twenty attempts. */
Key *open_remote_key_retry_bad(const char *url) {
  Key *key = 0;
  for (int attempt = 0; attempt < 20 && !key; attempt++)
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:25: warning: retry loop makes up to 20 attempts, more than 10
    key = open_remote_key(url, on_key_event, 0);
  return key;
}
