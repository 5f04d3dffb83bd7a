// RUN: %check_retrylint %s retry-non-retryable-status %t -- -- -I %S/Inputs/Headers
//
// The attempt returns a response object (a record that carries an HTTP
// status), by smart pointer, and the loop asks a predicate whether to go
// again: the response's own method or a policy that hands it the response.
// The statuses are named where the predicate's body is read; the finding
// points there, at the status that never succeeds. A null response is no
// reply at all (a transport failure).

#include <chrono>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>

static void pause_jittered(int attempt) {
  std::minstd_rand gen{std::random_device{}()};
  std::this_thread::sleep_for(
      std::chrono::milliseconds((100 << attempt) + gen() % 100));
}

enum class Code { Ok = 200, Timeout = 408, Teapot = 418, Throttled = 429, Internal = 500, Unavailable = 503 };

struct Reply {
  Code status = Code::Ok;
  std::string failure;
  bool failed() const { return !failure.empty(); }
  bool worth_retrying() const {
    if (failed())
      return true;
    switch (status) {
    case Code::Timeout:
    case Code::Teapot:
      // CHECK-NOTES: :[[@LINE-1]]:5: warning: retry path is taken for HTTP 418, which will not succeed on retry: each attempt repeats the same failure [retry-non-retryable-status]
    case Code::Throttled:
    case Code::Internal:
    case Code::Unavailable:
      return true;
    default:
      return false;
    }
  }
  bool transient() const {
    switch (status) {
    case Code::Timeout:
    case Code::Throttled:
    case Code::Internal:
    case Code::Unavailable:
      return true;
    default:
      return false;
    }
  }
};

struct Policy {
  virtual ~Policy() = default;
  virtual bool go_again(const Reply &reply) { return reply.worth_retrying(); }
};

std::unique_ptr<Reply> reply_method_via_policy_bad(
    Policy &policy, const std::function<std::unique_ptr<Reply>()> &attempt) {
  for (int tries = 0;; ++tries) {
    std::unique_ptr<Reply> reply = attempt();
    bool again = !reply || policy.go_again(*reply);
    if (!again || tries >= 3)
      // CHECK-NOTES: :[[@LINE-1]]:9: note: the retry decision is made here
      // CHECK-NOTES: :[[@LINE-5]]:3: note: retry loop starts here
      return reply;
    pause_jittered(tries);
  }
}

struct IntStatusReply {
  int status = 0;
};

// The budget grows when the server throttles: still a cap on the attempts,
// not a decision on which statuses go back.
std::unique_ptr<IntStatusReply> throttled_get_more_tries_bad(
    const std::function<std::unique_ptr<IntStatusReply>()> &attempt) {
  int tries = 0;
  while (true) {
    auto reply = attempt();
    if (reply && reply->status < 400)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 400-407, 409-424, 426-428, 430-499, which will not succeed on retry: each attempt repeats the same failure [retry-non-retryable-status]
      return reply;
    const bool throttled = reply && reply->status == 429;
    if (++tries <= 3 + (throttled ? 5 : 0))
      pause_jittered(tries);
    else
      return reply;
  }
  // CHECK-NOTES: :[[@LINE-11]]:3: note: retry loop starts here
}

[[noreturn]] void give_up(const std::string &why);

// Once the budget is spent the loop returns or gives up: the test there
// (`try_only`) is no retry decision, and give_up() never comes back.
std::unique_ptr<IntStatusReply> exhausted_gives_up_bad(
    bool try_only,
    const std::function<std::unique_ptr<IntStatusReply>()> &attempt) {
  int tries = 0;
  while (true) {
    auto reply = attempt();
    if (reply && reply->status < 400)
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 400-407, 409-424, 426-428, 430-499, which will not succeed on retry: each attempt repeats the same failure [retry-non-retryable-status]
      return reply;
    if (++tries <= 3) {
      pause_jittered(tries);
    } else {
      if (try_only)
        return reply;
      give_up("retries exhausted");
    }
  }
  // CHECK-NOTES: :[[@LINE-13]]:3: note: retry loop starts here
}

std::unique_ptr<Reply> reply_transient_ok(
    const std::function<std::unique_ptr<Reply>()> &attempt) {
  for (int tries = 0;; ++tries) {
    std::unique_ptr<Reply> reply = attempt();
    if (reply && !reply->transient())
      return reply;
    if (tries >= 3)
      return reply;
    pause_jittered(tries);
  }
}

struct IntReply {
  int status = 0;
  bool retryable() const {
    return status == 408 || status == 429 || status >= 500;
  }
};

std::unique_ptr<IntReply> int_status_method_ok(
    const std::function<std::unique_ptr<IntReply>()> &attempt) {
  for (int tries = 0; tries < 4; ++tries) {
    auto reply = attempt();
    if (reply && !reply->retryable())
      return reply;
    pause_jittered(tries);
  }
  return {};
}

struct OpaqueReply {
  int status = 0;
  bool retryable() const; // defined elsewhere: what it retries is unknown
};

std::unique_ptr<OpaqueReply> unread_predicate_ok(
    const std::function<std::unique_ptr<OpaqueReply>()> &attempt) {
  for (int tries = 0; tries < 4; ++tries) {
    auto reply = attempt();
    if (reply && !reply->retryable())
      return reply;
    pause_jittered(tries);
  }
  return {};
}

// --- a response held by value, its status read through an accessor ---

// Reduced from github:yhirose/cpp-httplib example/ssecli-stream.cc main:
// the stream result is true once a reply came, and says its status through
// status(). Every status but 200 goes round again, except four that stop.
struct StreamResult {
  explicit operator bool() const; // a reply came
  int status() const;
  bool next();
};
struct StreamClient {
  StreamResult Open(const std::string &path);
};

void follow_stream_bad(StreamClient &cli, const std::string &path) {
  for (int round = 0; round < 20; ++round) {
    StreamResult res = cli.Open(path);
    if (!res) {
      pause_jittered(round);
      continue;
    }
    if (res.status() != 200) {
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 400-403, 405-407, {{.*}}which will not succeed on retry
      // CHECK-NOTES: :[[@LINE-8]]:3: note: retry loop starts here
      if (res.status() == 204 || res.status() == 404)
        return;
      pause_jittered(round);
      continue;
    }
    while (res.next()) {
    }
    return;
  }
}

void follow_stream_ok(StreamClient &cli, const std::string &path) {
  for (int round = 0; round < 20; ++round) {
    StreamResult res = cli.Open(path);
    if (!res) {
      pause_jittered(round);
      continue;
    }
    if (res.status() == 503 || res.status() == 429) {
      pause_jittered(round);
      continue;
    }
    if (res.status() != 200)
      return;
    while (res.next()) {
    }
    return;
  }
}
