// RUN: %check_retrylint %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
//
// Retry sites recognized by structure: a loop that calls the same function
// again after observing that call's failure and leaves on success, whatever
// the callee (a wrapper declared in another file, a virtual call, a callable
// parameter, a function pointer).

#include <chrono>
#include <functional>
#include <stdexcept>
#include <system_error>
#include <thread>

struct KvStore {
  void put(const char *key, const char *value); // throws std::system_error
  bool try_put(const char *key, const char *value);
};

struct Connection {
  virtual ~Connection();
  virtual bool connect(const char *host) = 0;
};

int db_exec(void *conn, const char *sql); // 0 on success (another file)

struct Reader {
  bool next(int *record);
};
void process(int record);

struct Socket {
  int recv(char *buf, int len);
};
void handle(const char *buf, int len);

// The issue's own example: unbounded, every std::system_error loops back.
void put_until_stored_bad(KvStore &store, const char *k, const char *v) {
  // retry until the store takes it
  while (true) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    try {
      store.put(k, v);
      break;
    } catch (const std::system_error &) {
      continue;
    }
  }
}

// The same loop with nothing that says so is work (docs/rules.md,
// evidence of intent): silent.
void put_until_stored_ok(KvStore &store, const char *k, const char *v) {
  while (true) {
    try {
      store.put(k, v);
      break;
    } catch (const std::system_error &) {
      continue;
    }
  }
}

bool reconnect_virtual_bad(Connection *conn) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (conn->connect("db.internal"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

void log_line(const char *msg);
int exec_until_ok_bad(void *conn) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    int rc = db_exec(conn, "UPDATE accounts SET n = n + 1");
    if (rc == 0)
      return 0;
    log_line("update failed, will retry");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

enum class FlushStatus { kOk, kUnavailable, kInvalidArgument };
FlushStatus flush_batch(int batch_id); // another file

void flush_until_ok_bad(int batch_id) {
  for (int attempt = 1;; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (flush_batch(batch_id) == FlushStatus::kOk)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// A retry helper by behaviour: it calls its callable parameter again after
// the callable failed, whatever the helper is called.
template <class Op> auto attempt_forever_bad(Op op) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    try {
      return op();
    } catch (const std::runtime_error &) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
}

bool keep_retrying_bad(const std::function<bool()> &fn) {
  while (!fn()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

int call_until_zero_bad(int (*op)(void *), void *ctx) {
  while (op(ctx) != 0) { // try again after a short pause
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return 0;
}

// --- near-misses that must stay silent ---

bool capped_put_ok(KvStore &store) {
  for (int i = 0; i < 3; ++i) {
    if (store.try_put("k", "v"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

template <class Op> auto attempt_until_ok_capped_ok(Op op, int limit = 3) {
  for (int n = 1;; ++n) {
    try {
      return op();
    } catch (const std::runtime_error &) {
      if (n >= limit)
        throw;
    }
  }
}

// Reading a stream: the loop goes on while the call succeeds.
void read_all_ok(Reader &r) {
  int rec = 0;
  while (r.next(&rec))
    process(rec);
}

// A work loop that leaves when the call fails (end of stream).
void serve_connection_ok(Socket &s) {
  char buf[512];
  for (;;) {
    int n = s.recv(buf, sizeof buf);
    if (n <= 0)
      break;
    handle(buf, n);
  }
}

// A callee whose body is visible and does no I/O is local.
static int counter = 0;
static bool ready() { return counter > 3; }
void spin_until_ready_ok() {
  for (;;) {
    if (ready())
      break;
    ++counter;
  }
}

// An overall deadline bounds the attempts.
bool put_with_deadline_ok(KvStore &store,
                          std::chrono::steady_clock::time_point deadline) {
  while (std::chrono::steady_clock::now() < deadline) {
    if (store.try_put("k", "v"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

// Shapes from event-driven C servers (nginx src/core/ngx_spinlock.c,
// src/os/unix/ngx_recv.c, src/http/ngx_http_core_module.c; paho.mqtt.c
// src/MQTTAsyncUtils.c), none of them a retry of a remote call.

// A spin lock on a compiler builtin.
void spin_acquire_ok(volatile long *lock) {
  for (;;) {
    if (*lock == 0 && __sync_bool_compare_and_swap(lock, 0, 1))
      return;
  }
}

// `n` holds the read's result and, before the break, an error reporter's:
// its tests say nothing about the reporter.
struct Conn {
  int fd;
  int ready;
};
long sys_recv(int fd, char *buf, unsigned long size);
int last_errno();
long conn_error(Conn *c, int err, const char *what);
long recv_some_ok(Conn *c, char *buf, unsigned long size) {
  long n;
  int err;
  do {
    n = sys_recv(c->fd, buf, size);
    if (n == 0)
      return 0;
    if (n > 0)
      return n;
    err = last_errno();
    if (err == 11 || err == 4) {
      n = -2;
    } else {
      n = conn_error(c, err, "recv() failed");
      break;
    }
  } while (err == 4);
  c->ready = 0;
  return n;
}

// A phase engine: each handler advances r->phase itself.
struct Request;
struct Phase {
  int (*checker)(Request *r, Phase *ph);
};
struct Request {
  unsigned phase;
};
void run_phases_ok(Request *r, Phase *ph) {
  while (ph[r->phase].checker) {
    int rc = ph[r->phase].checker(r, &ph[r->phase]);
    if (rc == 0)
      return;
  }
}

// Draining a command queue until nothing is processed.
struct Queue {
  int count;
};
extern Queue *commands;
int process_command();
void drain_commands_ok() {
  int command_count = commands->count;
  while (command_count > 0) {
    if (process_command() == 0)
      break;
    command_count = commands->count;
  }
}

// Shapes from aws-c-io (source/host_resolver.c, source/pem.c and the
// ASSERT_* macros of its tests): walks and a statement macro.

// A hash-table walk: the iterator is advanced by address in the increment.
struct HashIter {
  void *element;
  int slot;
};
struct HashTable;
HashIter hash_iter_begin(HashTable *t);
bool hash_iter_done(const HashIter *it);
void hash_iter_next(HashIter *it);
void shutdown_entry(void *entry);
void clear_table_ok(HashTable *t) {
  for (HashIter it = hash_iter_begin(t); !hash_iter_done(&it);
       hash_iter_next(&it))
    shutdown_entry(it.element);
}

// A parser that advances a cursor until it finds the closing dashes.
struct Cursor {
  const char *ptr;
  unsigned long len;
};
bool cursor_starts_with(const Cursor *c, const Cursor *prefix);
void cursor_advance(Cursor *c, unsigned long n);
bool copy_label_ok(Cursor cur, const Cursor &dashes) {
  while (true) {
    cursor_advance(&cur, 1);
    if (cursor_starts_with(&cur, &dashes))
      return true;
  }
}

// A statement macro: `do { ... } while (0)` runs once.
int run_step(int id);
#define ASSERT_OK(expr)                                                        \
  do {                                                                         \
    if ((expr) != 0)                                                           \
      return -1;                                                               \
  } while (0)
int test_steps_ok() {
  ASSERT_OK(run_step(1));
  do {
    if (run_step(2) == 0)
      break;
  } while (0);
  return 0;
}

// From aws-c-io (tests/event_loop_test.c): the scheduler takes the next task
// id from the context it is handed (`ctx->next_id++`, tested against the
// pool size) and reports when none is left. Each round schedules a
// different task.
struct SchedulingContext {
  unsigned long next_id;
  unsigned long max_ids;
  unsigned retry_count;
  int fd;
};
void schedule_now(unsigned long id);
static bool schedule_next_task(SchedulingContext *ctx) {
  if (ctx->next_id > ctx->max_ids)
    return true; // no ids left
  schedule_now(ctx->next_id++);
  return false;
}
void schedule_all_ok(SchedulingContext *ctx) {
  bool done = false;
  while (!done)
    done = schedule_next_task(ctx);
}

// An attempt counter kept in the context by the callee is no pool: the
// loop still re-sends the same request.
int send_frame(int fd); // another file
static bool send_counted(SchedulingContext *ctx) {
  if (ctx->retry_count > 1000)
    ctx->retry_count = 0;
  ++ctx->retry_count;
  return send_frame(ctx->fd) == 0;
}
// FIXME: what shows the intent (the counter field the callee steps) is in
// the callee's body, not in or next to the loop, and is not read there yet.
void send_counted_FN(SchedulingContext *ctx) {
  while (!send_counted(ctx)) {
  }
}

// From nginx (src/event/ngx_event_openssl_stapling.c): the header parser
// advances the header pointers in the context it is handed; the comparison
// reads them only after a header was parsed, so it looks at the next header
// each round. The parser's loop goes round on success.
struct HeaderCtx {
  const char *name_start;
  unsigned long name_len;
};
int parse_header_line(HeaderCtx *ctx); // 0: a header, 1: done
int name_cmp(const char *s1, const char *s2, unsigned long n);
int process_headers_ok(HeaderCtx *ctx) {
  for (;;) {
    int rc = parse_header_line(ctx);
    if (rc == 0) {
      if (name_cmp(ctx->name_start, "Content-Type", 12) == 0) {
        if (ctx->name_len != 12)
          return -1;
        continue;
      }
      continue;
    }
    if (rc == 1)
      break;
    return -1;
  }
  return 0;
}

// A reconnect hands the connection to another call too, but the send runs
// first in each round, not on a step's output: still a retry.
int reconnect(SchedulingContext *ctx); // another file
void resend_after_reconnect_bad(SchedulingContext *ctx) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (send_frame(ctx->fd) == 0)
      break;
    reconnect(ctx);
  }
}

// --- retry helpers by behaviour, handed a function or a lambda by name ---
// The helper's cap is read from its own loop and carried to each call: the
// argument for the capped parameter (a default argument included) decides
// how many attempts the call makes. In the style of C-style helpers over
// function pointers (the corpus cases missing-budget-default-arg-50 and
// missing-budget-zero-means-forever).

extern "C" int objstore_delete(void *store, const char *key); // another file
typedef bool (*StoreOp)(void *ctx);

static bool run_with_attempts(StoreOp op, void *ctx, int max_attempts = 50) {
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    if (op(ctx))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10 << attempt));
  }
  return false;
}

static bool delete_once(void *store) {
  return objstore_delete(store, "blob") == 0;
}

bool delete_default_cap_bad(void *store) {
  return run_with_attempts(delete_once, store);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry helper 'run_with_attempts' makes up to 50 attempts, more than 10
}

bool delete_small_cap_ok(void *store) {
  return run_with_attempts(&delete_once, store, 3);
}

// 0 turns the cap test off: "no limit".
typedef int (*Action)(void *);
static int retry_action(Action fn, void *arg, int max_tries) {
  for (int n = 1;; ++n) {
    int err = fn(arg);
    if (err == 0)
      return 0;
    if (max_tries != 0 && n >= max_tries)
      return err;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

extern "C" int put_unit_config(const char *unit); // another file
static int provision(void *unit) {
  return put_unit_config(static_cast<const char *>(unit));
}

int provision_forever_bad(char *unit) {
  return retry_action(provision, unit, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: retry helper 'retry_action' has no attempt cap and no deadline
}

int provision_three_times_ok(char *unit) {
  return retry_action(provision, unit, 3);
}

// A helper whose own loop has no cap is reported once, in the helper, not
// at every call.
static int retry_until_done(Action fn, void *arg) {
  while (fn(arg) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return 0;
}

int provision_until_done_reported_in_helper(char *unit) {
  return retry_until_done(provision, unit);
}

// A named lambda is the operation as much as one written in the call.
static bool keep_calling(const std::function<bool()> &fn, int limit = 25) {
  for (int i = 0; i < limit; ++i) {
    if (fn())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10 << i));
  }
  return false;
}

bool delete_named_lambda_bad(void *store) {
  auto once = [store] { return objstore_delete(store, "k") == 0; };
  return keep_calling(once);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry helper 'keep_calling' makes up to 25 attempts, more than 10
}

bool delete_named_lambda_ok(void *store) {
  auto once = [store] { return objstore_delete(store, "k") == 0; };
  return keep_calling(once, 4);
}

// --- recursion and goto around calls the model does not know ---
// (the corpus case missing-budget-recursion-unbounded)

struct BrokerConn;
extern "C" BrokerConn *broker_open(const char *host, int port);
void sleep_jittered(long ms);

BrokerConn *connect_forever_bad(const char *host, int port, long backoff_ms) {
  if (BrokerConn *c = broker_open(host, port))
    return c;
  sleep_jittered(backoff_ms);
  return connect_forever_bad(host, port, backoff_ms < 8000 ? backoff_ms * 2 : backoff_ms);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry by recursion in 'connect_forever_bad' has no attempt cap and no deadline
}

BrokerConn *connect_capped_ok(const char *host, int port, int tries_left) {
  if (BrokerConn *c = broker_open(host, port))
    return c;
  if (tries_left <= 1)
    return nullptr;
  sleep_jittered(200);
  return connect_capped_ok(host, port, tries_left - 1);
}

extern "C" int broker_publish(BrokerConn *c, const char *topic, const char *m);

int publish_goto_forever_bad(BrokerConn *c, const char *topic, const char *m) {
  int rc;
again:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto has no attempt cap and no deadline
  rc = broker_publish(c, topic, m);
  if (rc != 0) {
    sleep_jittered(500);
    goto again;
  }
  return rc;
}

// A member counted down beside the loop's own counter caps it (reduced
// from envoyproxy/envoy source/common/router/retry_state_impl.cc).
struct Upstream {
  unsigned status;
};
Upstream forward_upstream(const char *request); // another file
bool would_retry(unsigned status);

class RetryState {
  unsigned retries_remaining_ = 2;

public:
  Upstream route_ok(const char *request) {
    for (unsigned attempt = 1;; ++attempt) {
      Upstream r = forward_upstream(request);
      if (!would_retry(r.status) || retries_remaining_ == 0)
        return r;
      --retries_remaining_;
      sleep_jittered(100L << attempt);
    }
  }
  Upstream route_forever_bad(const char *request) {
    for (unsigned attempt = 1;; ++attempt) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: retry loop has no attempt cap and no deadline
      Upstream r = forward_upstream(request);
      if (!would_retry(r.status))
        return r;
      sleep_jittered(100L << attempt);
    }
  }
};

// --- a loop that goes back when a retry helper gave up ---------------------------
// (reduced from github:aosedge/aos_core_cpp src/cm/communication/
// communication.cpp HandleConnection: `while (running)` around a 5-try
// reconnect helper taking a std::function; the corpus case
// nested-layers-aos-connection-handler).

struct ConnError {
  int code = 0;
  bool IsNone() const { return code == 0; }
};
static ConnError with_reconnects(const std::function<ConnError()> &fn, int tries) {
  ConnError err;
  for (int i = 1;; ++i) {
    err = fn();
    if (err.IsNone() || i >= tries)
      return err;
    sleep_jittered(100L << i);
  }
}
ConnError ws_open(const char *url); // another file
void ws_serve();                    // another file

void handle_connection_bad(const char *url, volatile bool &running) {
  while (running) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (ConnError err = with_reconnects([url] { return ws_open(url); }, 5); !err.IsNone())
      continue;
    ws_serve();
  }
}

void handle_connection_capped_ok(const char *url) {
  for (int round = 0; round < 3; ++round) {
    if (ConnError err = with_reconnects([url] { return ws_open(url); }, 5); !err.IsNone())
      continue;
    ws_serve();
  }
}

// --- an exit on the program's state is not "no cap" ---

bool send_order(int id); // another file
bool stopping();         // another file: the service is shutting down

// The loop leaves when the service stops: an exit the model cannot read
// (it may be the only bound there is), so the cap is unknown, not none.
void send_until_stopping_ok(int id) {
  while (true) {
    if (send_order(id))
      return;
    if (stopping())
      return;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

// Loops that leave on the state their attempt makes (docs/rules.md, outcomes
// that travel): the failure branch only computes the next wait, and the way
// back after a success ends at a test of what the attempt establishes
// (`connect` and `isConnected()`, `open_db` and a `db_open` flag): the loop
// goes back because the call failed.
// From IXWebSocket (IXWebSocket.cpp, checkConnection): connects for ever.
struct ConnInit {
  bool success;
};
struct WebSocketClient {
  bool stop_ = false;
  bool isConnected() const;
  ConnInit connect(int timeoutSecs); // another file
  void checkConnection_bad() {
    unsigned retries = 0;
    long waitMs = 0;
    // Try to connect perpetually
    while (true) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: retry loop has no attempt cap and no deadline
      if (isConnected() || stop_)
        break;
      if (waitMs > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(waitMs));
      ConnInit status = connect(5);
      if (!status.success)
        waitMs = 100L << (retries++ < 6 ? retries : 6);
    }
  }
  // The same with the state tested in the loop's condition and a cap.
  void connectCapped_ok() {
    int attempts = 0;
    while (!isConnected() && attempts < 5) {
      ConnInit status = connect(5);
      if (!status.success) {
        ++attempts;
        std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempts));
      }
    }
  }
  // Near-miss: the loop runs while connected and sends a heartbeat; its
  // exit tests the connection, which the heartbeat does not make.
  int send_heartbeat(); // another file
  void heartbeat_ok() {
    int missed = 0;
    while (isConnected() && !stop_) {
      int rc = send_heartbeat();
      if (rc < 0)
        ++missed;
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }
};

// Near-miss from libevent (bufferevent_ssl.c): a read loop that stops when
// reading is suspended; `read_suspended` adds a word of its own and names
// another state than the one `do_read` makes.
struct SslBev {
  bool read_suspended;
  int pending;
};
int do_read(SslBev *b, int n);  // another file; flags
int bytes_to_read(SslBev *b);  // another file
int ssl_pending(SslBev *b);    // another file
void consider_reading_ok(SslBev *b) {
  int n_to_read = bytes_to_read(b);
  while (n_to_read) {
    int r = do_read(b, n_to_read);
    if (r & 3)
      break;
    if (b->read_suspended)
      break;
    // Read all pending data. This won't hit the network again.
    n_to_read = ssl_pending(b);
    if (!n_to_read)
      n_to_read = bytes_to_read(b);
  }
}

// A C-style reconnect: a flag the attempt's success shows (`db_open`),
// tested in the loop's condition.
struct DbClient {
  int db_open;
};
int open_db(DbClient *c); // another file; 0 on success
unsigned sleep(unsigned seconds);
void open_until_done_bad(DbClient *c) {
  unsigned retries = 0;
  while (!c->db_open) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (open_db(c) != 0) {
      ++retries;
      sleep(1);
    }
  }
}
