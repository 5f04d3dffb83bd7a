// Inputs of trace.test: one construct per function, each traced by its line.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

std::minstd_rand rng;

// A POST re-sent on 5xx and transport errors with no key, a constant wait
// and a cap of 3 attempts.
bool charge_loop(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) { // LOOP
    auto res = cli.Post("/charges", body, "application/json");
    if (res && res->status < 500)
      return res->status == 201;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return false;
}

// Keyed, jittered, growing, bounded by a deadline.
bool keyed_loop(httplib::Client &cli, const std::string &body,
                const std::string &key) {
  const auto deadline = std::chrono::steady_clock::now();
  httplib::Headers headers = {{"Idempotency-Key", key}};
  for (int attempt = 0;; ++attempt) { // KEYED
    auto res = cli.Post("/charges", headers, body, "application/json");
    if (res && res->status < 500)
      return res->status == 201;
    if (!(std::chrono::steady_clock::now() < deadline))
      return false;
    std::uniform_int_distribution<int> dist(0, 100 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(dist(rng)));
  }
}

// A test that sends ten requests and checks each: it goes round after a
// success, so it is no retry site.
int send_ten(httplib::Client &cli) {
  int ok = 0;
  for (int i = 0; i < 10; ++i) { // BATCH
    auto res = cli.Get("/health");
    if (!res)
      return -1;
    ++ok;
  }
  return ok;
}

// Recursion that re-sends after a failure, counting down.
bool put_again(httplib::Client &cli, int tries) {
  auto res = cli.Put("/orders/1", {}, "{}", "application/json");
  if (res && res->status == 200)
    return true;
  return tries > 0 && put_again(cli, tries - 1); // RECURSE
}

// A goto back to the label after a failure.
int fetch_goto(httplib::Client &cli) {
  int tries = 0;
again:
  auto res = cli.Get("/orders/1");
  if (!res && ++tries < 3)
    goto again; // GOTO
  return res ? res->status : -1;
}

template <typename F> bool with_retries(F op, int attempts) {
  for (int i = 0; i < attempts; ++i)
    if (op())
      return true;
  return false;
}

bool helper_call(httplib::Client &cli) {
  return with_retries([&] { return bool(cli.Get("/orders/1")); }, 4); // HELPER
}

int plain(int x) { return x + 1; } // PLAIN

// What the model cannot read: the outcome is judged by a predicate it has
// no body for, and the wait's duration comes from a function declared only.
bool acceptable(const httplib::Result &res);
long next_delay_ms(int attempt);
bool opaque_loop(httplib::Client &cli) {
  for (int attempt = 0; attempt < 5; ++attempt) { // OPAQUE
    auto res = cli.Get("/orders/1");
    if (acceptable(res))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(next_delay_ms(attempt)));
  }
  return false;
}

// A call made for its effect to a function declared only waits only with
// evidence (its name, a duration parameter): this one does not.
struct Pacer {
  void pace(); // in another file
};
bool paced_loop(httplib::Client &cli, Pacer &pacer) {
  for (int attempt = 0; attempt < 5; ++attempt) { // MAYWAIT
    auto res = cli.Get("/orders/1");
    if (res && res->status == 200)
      return true;
    pacer.pace();
  }
  return false;
}

// Retry evidence of sites found by structure alone.
int db_exec(void *conn, const char *sql); // another file
int exec_counted(void *c) {
  for (int n = 0; n < 5; ++n) // COUNTED
    if (db_exec(c, "UPDATE t SET v = 1") == 0)
      return 0;
  return -1;
}
int exec_commented(void *c) {
  // reconnect and go on until the database answers
  while (db_exec(c, "UPDATE t SET v = 2") != 0) { // WORDED
  }
  return 0;
}
int exec_plain(void *c) {
  while (db_exec(c, "UPDATE t SET v = 3") != 0) { // NONE
  }
  return 0;
}
long random_number(void); // the project's own generator, in another file
void sleep_ms(long ms);
int exec_jittered(void *c) {
  for (int n = 0; n < 5; ++n) { // PROJECTRAND
    if (db_exec(c, "UPDATE t SET v = 4") == 0)
      return 0;
    sleep_ms(100 + random_number() % 100);
  }
  return -1;
}
